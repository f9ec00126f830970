/** Product plans. Disclosures, paperwork, messaging and recruiting need 'Connect' (spec part 2 §6). */
export const PLANS = ['COMPLIANCE', 'CONNECT'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_LABELS: Record<Plan, string> = { COMPLIANCE: 'Compliance', CONNECT: 'Connect' };

/**
 * What moving a school from one plan to another is. PLANS is in upgrade order; an upgrade can never be undone
 * (spec part 2 §6: "upgrade a plan (irreversible)").
 */
export function planChange(from: Plan, to: Plan): 'none' | 'upgrade' | 'downgrade' {
  const a = PLANS.indexOf(from);
  const b = PLANS.indexOf(to);
  if (a === b) return 'none';
  return b > a ? 'upgrade' : 'downgrade';
}

export const CONNECT_FEATURES = ['disclosures', 'paperwork', 'messaging', 'recruiting'] as const;
export type ConnectFeature = (typeof CONNECT_FEATURES)[number];

export function planAllows(plan: Plan, feature: ConnectFeature | null | undefined): boolean {
  if (!feature) return true;
  return plan === 'CONNECT';
}

/** Where an admin without the Connect plan lands instead of a gated screen. */
export const PLAN_FALLBACK_ROUTE = '/compliance';

/**
 * NIL disclosures: types, statuses, limits and the pure rules the API, the workflow and the UI share
 * (spec part 1 §3–4, part 2 §5 "Disclosures and general" and §9; NIL reporting facts in shared DOMAIN-NOTES).
 */

export const DISCLOSURE_TYPES = [
  'SPONSORSHIP',
  'ENDORSEMENT',
  'APPEARANCE',
  'PODCAST',
  'CAMPS',
  'LESSONS',
  'MEMORABILIA_SALE',
  'AUTOGRAPH',
  'CROWDFUNDING',
  'NIL',
] as const;
export type DisclosureType = (typeof DISCLOSURE_TYPES)[number];

export const DISCLOSURE_TYPE_LABELS: Record<DisclosureType, string> = {
  SPONSORSHIP: 'Sponsorship',
  ENDORSEMENT: 'Endorsement',
  APPEARANCE: 'Appearance',
  PODCAST: 'Podcast',
  CAMPS: 'Camps',
  LESSONS: 'Lessons',
  MEMORABILIA_SALE: 'Memorabilia sale',
  AUTOGRAPH: 'Autograph',
  CROWDFUNDING: 'Crowdfunding',
  NIL: 'NIL',
};

/** Disclosure states (spec part 1 §4); "archived" is a flag on top of the state, so it keeps its last decision. */
export const DISCLOSURE_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'CHANGE_REQUESTED'] as const;
export type DisclosureStatus = (typeof DISCLOSURE_STATUSES)[number];

export const DISCLOSURE_STATUS_LABELS: Record<DisclosureStatus, string> = {
  DRAFT: 'Draft',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  CHANGE_REQUESTED: 'Change Requested',
};

export const DEAL_TYPES = ['INDIVIDUAL', 'GROUP', 'TEAM'] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export const DEAL_TYPE_LABELS: Record<DealType, string> = { INDIVIDUAL: 'Individual', GROUP: 'Group', TEAM: 'Team' };

export const CONFLICT_TYPES = ['STATE_LEGISLATION_CONFLICT', 'UNIVERSITY'] as const;
export type ConflictType = (typeof CONFLICT_TYPES)[number];
export const CONFLICT_TYPE_LABELS: Record<ConflictType, string> = {
  STATE_LEGISLATION_CONFLICT: 'State law',
  UNIVERSITY: 'University',
};

export const PAYMENT_TYPES = ['MONETARY', 'IN_KIND'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Disclosure change reasons (spec part 2 §9). */
export const CHANGE_REASONS = ['MISS_CLICKED', 'INFORMATION_CHANGED', 'OTHER'] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];
export const CHANGE_REASON_LABELS: Record<ChangeReason, string> = {
  MISS_CLICKED: 'Miss clicked',
  INFORMATION_CHANGED: 'Disclosure information changed',
  OTHER: 'Other',
};

/** Sorting of the deal lists (spec part 2 §9). */
export const DISCLOSURE_SORTS = ['recent', 'az', 'earnings', 'tentative', 'student'] as const;
export type DisclosureSort = (typeof DISCLOSURE_SORTS)[number];
export const DISCLOSURE_SORT_LABELS: Record<DisclosureSort, string> = {
  recent: 'Recent',
  az: 'A-Z',
  earnings: 'Earnings',
  tentative: 'Nearest tentative date',
  student: 'Student name',
};

/** Deal list column layouts (spec part 1 §2). */
export const DISCLOSURE_VIEWS = ['student', 'conflict', 'notify'] as const;
export type DisclosureView = (typeof DISCLOSURE_VIEWS)[number];

export const DISCLOSURE_LIMITS = {
  /** Amount numeric, $0 to $999,999 (part 2 §5, §9). */
  minAmount: 0,
  maxAmount: 999_999,
  notesMaxWords: 250,
  /** Approve, reject and request-change reasons max 50 words (part 2 §5). */
  reasonMaxWords: 50,
  commentMaxWords: 200,
  flagDescriptionMaxChars: 120,
  maxAttachments: 5,
  maxAttachmentBytes: 20 * 1024 * 1024,
  maxParticipants: 50,
  /** Group approve and reject act on at most this many disclosures at once. */
  maxGroupSelection: 100,
  /** 1099 tax reporting and the NIL Go threshold (part 2 §9; DOMAIN-NOTES "NIL reporting"). */
  taxReportingThresholdCents: 600_00,
  /** Third-party deals of $600 or more are reported within 5 business days of signing (NIL Go). */
  reportingBusinessDays: 5,
  /** Priority tasks: pending disclosures whose tentative date is within 24 hours (part 2 §9). */
  priorityWindowHours: 24,
  /** Reviewers are reminded when a disclosure waits longer than this, unless the school's settings say otherwise. */
  defaultReviewReminderHours: 48,
} as const;

/** Disclosure notification statuses (spec part 2 §4: init, resubmitted, new, comment, accepted) and when each is used. */
export const DISCLOSURE_NOTIFICATION = {
  /** A new submission, to reviewers. */
  submitted: 'new',
  /** A resubmission after a change request, to reviewers. */
  resubmitted: 'resubmitted',
  /** Approval, to the athlete. */
  approved: 'accepted',
  /** A comment, to the other side. */
  comment: 'comment',
  /** Every other step that asks someone to look (reject, change request, escalate, reopen, reminders). */
  other: 'init',
} as const;

/** Dollars (as typed) to whole cents; null when not a finite amount within $0–$999,999. */
export function toCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  if (dollars < DISCLOSURE_LIMITS.minAmount || dollars > DISCLOSURE_LIMITS.maxAmount) return null;
  return Math.round(dollars * 100);
}

export function formatDollars(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
}

/** Adds business days (Monday–Friday) to an ISO date; the signing day itself does not count. */
export function addBusinessDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const dow = d.getUTCDay();
    if (dow !== 0 && dow !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** The NIL Go reporting deadline of a deal of $600 or more: 5 business days after signing; null below the threshold. */
export function reportingDeadline(amountCents: number | null, signedOn: string | null): string | null {
  if (amountCents === null || signedOn === null) return null;
  if (amountCents < DISCLOSURE_LIMITS.taxReportingThresholdCents) return null;
  return addBusinessDays(signedOn, DISCLOSURE_LIMITS.reportingBusinessDays);
}

/**
 * State-law conflict categories (DOMAIN-NOTES "State-law conflict categories"): the default list, with per-state
 * overrides, and a school's own list in its settings (`disclosureConflictCategories`) on top.
 */
export const DEFAULT_STATE_CONFLICT_CATEGORIES = [
  'alcohol',
  'tobacco and nicotine',
  'cannabis and controlled substances',
  'gambling and sports betting',
  'adult entertainment',
  'firearms and ammunition',
  'prescription drugs',
] as const;

/** Per-state lists where a state's NIL law differs from the default (keyed by the school's state, e.g. "TX"). */
export const STATE_CONFLICT_CATEGORIES: Record<string, readonly string[]> = {
  // Texas Education Code §51.9246 also names sexually oriented businesses; the defaults already list them.
  TX: DEFAULT_STATE_CONFLICT_CATEGORIES,
};

export function stateConflictCategories(state: string | null, schoolList?: readonly string[] | null): string[] {
  const base = (state && STATE_CONFLICT_CATEGORIES[state.toUpperCase()]) || DEFAULT_STATE_CONFLICT_CATEGORIES;
  return [...new Set([...base, ...(schoolList ?? [])].map(normalizeName))];
}

/** Company, booster and category names are compared trimmed, lower-case, with inner spaces collapsed. */
export function normalizeName(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

export interface ConflictFlagRule {
  id: string;
  name: string;
  type: ConflictType;
  category: string;
  /** Empty: the flag applies to every team. */
  teamIds: readonly string[];
  maxPaymentCents: number | null;
  companies: readonly string[];
  boosters: readonly string[];
}

export interface DisclosureFacts {
  companyName: string | null;
  /** The company's industry or category, checked against state-law categories. */
  industry: string | null;
  /** Who pays, when not the company (a booster or collective). */
  payorName: string | null;
  agentName: string | null;
  amountCents: number | null;
  athleteTeamId: string | null;
}

export interface ConflictHit {
  type: ConflictType;
  flagId: string | null;
  flagName: string;
  reason: string;
}

/**
 * Checks one disclosure against the school's flags and the state's prohibited categories. A STATE_LEGISLATION_CONFLICT
 * hit: the deal's industry is a prohibited category (from the state list or a flag of that type and category). A
 * UNIVERSITY hit: the company is a listed company (e.g. a sponsor's competitor), the payor is a listed booster, or the
 * amount is over the flag's max payment. Flags limited to teams only apply to athletes of those teams.
 */
export function checkConflicts(
  facts: DisclosureFacts,
  flags: readonly ConflictFlagRule[],
  stateCategories: readonly string[],
): ConflictHit[] {
  const hits: ConflictHit[] = [];
  const industry = facts.industry ? normalizeName(facts.industry) : null;
  const company = facts.companyName ? normalizeName(facts.companyName) : null;
  const payors = [facts.payorName, facts.agentName, facts.companyName]
    .filter((v): v is string => Boolean(v))
    .map(normalizeName);
  if (industry && stateCategories.includes(industry)) {
    hits.push({
      type: 'STATE_LEGISLATION_CONFLICT',
      flagId: null,
      flagName: 'State NIL law',
      reason: `Deals in the category "${facts.industry}" are prohibited by state NIL law.`,
    });
  }
  for (const flag of flags) {
    if (flag.teamIds.length > 0 && (!facts.athleteTeamId || !flag.teamIds.includes(facts.athleteTeamId))) continue;
    const reasons: string[] = [];
    if (flag.type === 'STATE_LEGISLATION_CONFLICT') {
      if (industry && normalizeName(flag.category) === industry) reasons.push(`Category "${facts.industry}"`);
    }
    if (company && flag.companies.some((c) => normalizeName(c) === company)) {
      reasons.push(`Company "${facts.companyName}" is listed`);
    }
    const booster = flag.boosters.find((b) => payors.includes(normalizeName(b)));
    if (booster) reasons.push(`Booster "${booster}" is listed`);
    if (flag.maxPaymentCents !== null && facts.amountCents !== null && facts.amountCents > flag.maxPaymentCents) {
      reasons.push(`Amount over the maximum payment of ${formatDollars(flag.maxPaymentCents)}`);
    }
    if (reasons.length > 0) {
      hits.push({ type: flag.type, flagId: flag.id, flagName: flag.name, reason: `${reasons.join('; ')}.` });
    }
  }
  return hits;
}

export function conflictTypesOf(hits: readonly ConflictHit[]): ConflictType[] {
  return CONFLICT_TYPES.filter((t) => hits.some((h) => h.type === t));
}

/** What a person may do with a disclosure in a given state (the workflow's validators enforce the same table). */
export const DISCLOSURE_TRANSITIONS = {
  submit: ['DRAFT'],
  resubmit: ['CHANGE_REQUESTED'],
  approve: ['PENDING'],
  reject: ['PENDING'],
  requestChange: ['PENDING'],
  escalate: ['PENDING'],
  reopen: ['APPROVED', 'REJECTED'],
  archive: ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'CHANGE_REQUESTED'],
} as const satisfies Record<string, readonly DisclosureStatus[]>;
export type DisclosureAction = keyof typeof DISCLOSURE_TRANSITIONS;

export function canTransition(action: DisclosureAction, status: DisclosureStatus): boolean {
  return (DISCLOSURE_TRANSITIONS[action] as readonly DisclosureStatus[]).includes(status);
}

/** Words are runs of non-space characters, as a person counts them. */
export function wordCount(text: string): number {
  const t = text.trim();
  return t === '' ? 0 : t.split(/\s+/).length;
}

/** One step of a disclosure's review, as the workflow asks its activity to record it. */
export type DisclosureTransitionAction =
  | 'submit'
  | 'resubmit'
  | 'approve'
  | 'reject'
  | 'requestChange'
  | 'escalate'
  | 'reopen'
  | 'archive'
  /** The operator console handed the review to another reviewer. */
  | 'reassign';

export interface DisclosureTransitionInput {
  schoolId: string;
  disclosureId: string;
  /** Unique per transition within the workflow ('submit-1', 'approve-3'…); keys the event, notifications and audit. */
  eventKey: string;
  actorUserId: string;
  action: DisclosureTransitionAction;
  reason?: string | null;
  changeReason?: string | null;
  reviewerUserId?: string | null;
}

export interface DisclosureTransitionResult {
  status: DisclosureStatus;
  archived: boolean;
  assignedReviewerId: string | null;
  revision: number;
}

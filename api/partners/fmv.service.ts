import { DISCLOSURE_TYPE_LABELS, type DisclosureType } from '../../domain/disclosures';
import { AppError } from '../../domain/errors';
import { FMV_POSITION_LABELS, FMV_RULES, fairMarketValue } from '../../domain/partners/fmv';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { approvedDealsOf, findDealForFmv, upsertFmvFacts } from './fmv.repository';

/** Reviewers see every deal of the school; an athlete only their own. */
const REVIEW = 'disclosures:review';

async function visibleDeal(deps: CoreDeps, actor: Actor, disclosureId: string) {
  const deal = await findDealForFmv(deps.db, actor.schoolId, disclosureId);
  if (!deal || (!actor.permissions.has(REVIEW) && deal.athlete_user_id !== actor.userId)) {
    throw new AppError('NOT_FOUND');
  }
  return deal;
}

/**
 * The fair-market-value range of a disclosure from the school's approved deals (domain/partners/fmv.ts), where
 * its offer falls, and whether it is flagged for additional review (the NIL Go outcome for pay outside the range).
 */
export async function disclosureFmv(deps: CoreDeps, actor: Actor, disclosureId: string) {
  const deal = await visibleDeal(deps, actor, disclosureId);
  const offerCents = deal.amount_cents ?? deal.total_payment_cents ?? deal.estimated_amount_cents;
  const comparables = await approvedDealsOf(deps.db, actor.schoolId, deal.id, deal.type);
  const result = fairMarketValue(
    {
      sport: deal.sport ?? null,
      activityType: deal.type,
      deliverables: deal.deliverables ?? null,
      audienceSize: deal.audience_size ?? null,
      offerCents,
    },
    comparables,
  );
  const estimated = result.status === 'ESTIMATED' ? result : null;
  return {
    status: result.status,
    activityTypeLabel: DISCLOSURE_TYPE_LABELS[deal.type as DisclosureType] ?? deal.type,
    sport: deal.sport ?? null,
    deliverables: deal.deliverables ?? null,
    audienceSize: deal.audience_size ?? null,
    offerCents,
    comparables: result.comparables,
    minComparables: FMV_RULES.minComparables,
    lowCents: estimated?.lowCents ?? null,
    medianCents: estimated?.medianCents ?? null,
    highCents: estimated?.highCents ?? null,
    sportMatched: estimated?.sportMatched ?? false,
    audienceMatched: estimated?.audienceMatched ?? false,
    deliverablesScaled: estimated?.deliverablesScaled ?? false,
    position: estimated?.position ?? null,
    positionLabel: estimated?.position ? FMV_POSITION_LABELS[estimated.position] : null,
    flagged: result.flagged,
    canEditFacts:
      actor.permissions.has(REVIEW) ||
      (deal.athlete_user_id === actor.userId &&
        deal.archived_at === null &&
        (deal.status === 'DRAFT' || deal.status === 'CHANGE_REQUESTED')),
  };
}
export type DisclosureFmvView = Awaited<ReturnType<typeof disclosureFmv>>;

/** Records the deal's deliverables and audience size (the athlete while they may edit it, or a reviewer). */
export async function setFmvFacts(
  deps: CoreDeps,
  actor: Actor,
  input: { disclosureId: string; deliverables: number | null; audienceSize: number | null },
): Promise<DisclosureFmvView> {
  const view = await disclosureFmv(deps, actor, input.disclosureId);
  if (!view.canEditFacts) throw new AppError('DISCLOSURE_NOT_EDITABLE');
  await deps.db.transaction().execute(async (trx) => {
    await upsertFmvFacts(trx, actor.schoolId, input.disclosureId, input, actor.userId);
    await auditBy(trx, actor, {
      action: 'disclosure.fmv_facts_set',
      targetType: 'disclosure',
      targetId: input.disclosureId,
      details: { deliverables: input.deliverables, audienceSize: input.audienceSize },
    });
  });
  return disclosureFmv(deps, actor, input.disclosureId);
}

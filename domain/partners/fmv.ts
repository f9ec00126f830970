/**
 * Fair-market-value range for a proposed NIL deal (issue 39; DOMAIN-NOTES "NIL Go": is the pay within the range of
 * compensation for similar individuals; outcomes cleared, flagged for additional review, not cleared). Pure and
 * deterministic: the API gives it the school's approved deals; the same input always gives the same range.
 *
 * Assumptions (the method, written down so a compliance officer can follow and challenge it):
 * 1. Comparable means the same activity type (the disclosure type: endorsement, appearance, social media post…).
 *    A deal of another type is never a comparable.
 * 2. The same sport is preferred: when at least `FMV_RULES.minComparables` deals of the same type are also of the
 *    same sport, only those count; otherwise every sport of that type counts (`sportMatched` says which).
 * 3. Audience size (e.g. total followers) matters by order of magnitude: when at least `minComparables` of the
 *    remaining deals have an audience within a factor `audienceFactor` of the proposed one (both known), only those
 *    count; otherwise audience is not used (`audienceMatched`).
 * 4. Pay scales linearly with the number of deliverables (posts, appearances): a comparable's amount is divided by
 *    its deliverables and multiplied by the proposed deal's, when both are known; otherwise it is taken as it is.
 * 5. The range is the 10th to the 90th percentile of those amounts (linear interpolation between the sorted
 *    values), so one unusual deal at either end does not move it, and about one deal in five of the school's own
 *    history would itself fall outside. The median is shown as the typical value.
 * 6. Fewer than `minComparables` school deals: the provider's anonymised set (when given) is added with the same
 *    rules (`basis` PROVIDER); still fewer: no range is given and nothing is flagged (`INSUFFICIENT`).
 * 7. An offer below the 10th or above the 90th percentile is outside the range and the deal is flagged for
 *    additional review (both directions: under-pay can hide a side arrangement, over-pay an inducement).
 * 8. Amounts are whole cents; the deal under review is never its own comparable (the caller leaves it out).
 */
export interface FmvDeal {
  sport: string | null;
  activityType: string;
  deliverables: number | null;
  audienceSize: number | null;
  amountCents: number;
}

export interface FmvQuery {
  sport: string | null;
  activityType: string;
  deliverables: number | null;
  audienceSize: number | null;
  offerCents: number | null;
}

export const FMV_RULES = {
  minComparables: 5,
  audienceFactor: 3,
  lowPercentile: 0.1,
  highPercentile: 0.9,
} as const;

export type FmvPosition = 'BELOW' | 'WITHIN' | 'ABOVE';

export type FmvResult =
  | {
      status: 'ESTIMATED';
      lowCents: number;
      medianCents: number;
      highCents: number;
      comparables: number;
      basis: 'SCHOOL' | 'PROVIDER';
      sportMatched: boolean;
      audienceMatched: boolean;
      deliverablesScaled: boolean;
      position: FmvPosition | null;
      flagged: boolean;
    }
  | { status: 'INSUFFICIENT'; comparables: number; basis: 'SCHOOL' | 'PROVIDER'; flagged: false };

const known = (n: number | null): n is number => n !== null && Number.isFinite(n) && n > 0;
const sameText = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The value at fraction `p` of sorted values, interpolating linearly between neighbours. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of nothing');
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

function narrow(deals: readonly FmvDeal[], query: FmvQuery) {
  const min = FMV_RULES.minComparables;
  let pool = deals.filter((d) => sameText(d.activityType, query.activityType) && d.amountCents >= 0);
  const sameSport = pool.filter((d) => sameText(d.sport, query.sport));
  const sportMatched = sameSport.length >= min;
  if (sportMatched) pool = sameSport;
  let audienceMatched = false;
  if (known(query.audienceSize)) {
    const q = query.audienceSize;
    const near = pool.filter(
      (d) =>
        known(d.audienceSize) &&
        d.audienceSize >= q / FMV_RULES.audienceFactor &&
        d.audienceSize <= q * FMV_RULES.audienceFactor,
    );
    if (near.length >= min) {
      pool = near;
      audienceMatched = true;
    }
  }
  return { pool, sportMatched, audienceMatched };
}

/** The range for `query` from `schoolDeals` (and, where too few, `providerDeals`); see the assumptions above. */
export function fairMarketValue(
  query: FmvQuery,
  schoolDeals: readonly FmvDeal[],
  providerDeals: readonly FmvDeal[] = [],
): FmvResult {
  let basis: 'SCHOOL' | 'PROVIDER' = 'SCHOOL';
  let chosen = narrow(schoolDeals, query);
  if (chosen.pool.length < FMV_RULES.minComparables && providerDeals.length > 0) {
    basis = 'PROVIDER';
    chosen = narrow([...schoolDeals, ...providerDeals], query);
  }
  const { pool } = chosen;
  if (pool.length < FMV_RULES.minComparables) {
    return { status: 'INSUFFICIENT', comparables: pool.length, basis, flagged: false };
  }
  const scale = known(query.deliverables);
  let deliverablesScaled = false;
  const amounts = pool
    .map((d) => {
      if (scale && known(d.deliverables)) {
        deliverablesScaled = true;
        return (d.amountCents / d.deliverables) * query.deliverables!;
      }
      return d.amountCents;
    })
    .sort((a, b) => a - b);
  const lowCents = Math.round(percentile(amounts, FMV_RULES.lowPercentile));
  const highCents = Math.round(percentile(amounts, FMV_RULES.highPercentile));
  const medianCents = Math.round(percentile(amounts, 0.5));
  const offer = query.offerCents;
  const position: FmvPosition | null =
    offer === null ? null : offer < lowCents ? 'BELOW' : offer > highCents ? 'ABOVE' : 'WITHIN';
  return {
    status: 'ESTIMATED',
    lowCents,
    medianCents,
    highCents,
    comparables: pool.length,
    basis,
    sportMatched: chosen.sportMatched,
    audienceMatched: chosen.audienceMatched,
    deliverablesScaled,
    position,
    flagged: position === 'BELOW' || position === 'ABOVE',
  };
}

export const FMV_POSITION_LABELS: Record<FmvPosition, string> = {
  BELOW: 'Below the range',
  WITHIN: 'Within the range',
  ABOVE: 'Above the range',
};

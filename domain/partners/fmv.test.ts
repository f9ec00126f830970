import { describe, expect, it } from 'vitest';
import { fairMarketValue, percentile, type FmvDeal, type FmvQuery } from './fmv';

const deal = (amountDollars: number, over: Partial<FmvDeal> = {}): FmvDeal => ({
  sport: 'Basketball',
  activityType: 'SOCIAL_MEDIA',
  deliverables: null,
  audienceSize: null,
  amountCents: amountDollars * 100,
  ...over,
});
const query = (over: Partial<FmvQuery> = {}): FmvQuery => ({
  sport: 'Basketball',
  activityType: 'SOCIAL_MEDIA',
  deliverables: null,
  audienceSize: null,
  offerCents: null,
  ...over,
});

describe('percentile', () => {
  it('interpolates between sorted neighbours', () => {
    // Hand-worked: positions (n-1)p = 4 × 0.1 = 0.4 → 100 + 0.4 × (200 − 100) = 140.
    expect(percentile([100, 200, 300, 400, 500], 0.1)).toBe(140);
    expect(percentile([100, 200, 300, 400, 500], 0.5)).toBe(300);
    expect(percentile([100, 200, 300, 400, 500], 0.9)).toBe(460);
    expect(percentile([7], 0.9)).toBe(7);
  });
});

describe('fairMarketValue', () => {
  const five = [100, 200, 300, 400, 500].map((d) => deal(d));

  it('gives the 10th–90th percentile of five same-sport comparables and places the offer', () => {
    const r = fairMarketValue(query({ offerCents: 250_00 }), five);
    expect(r).toMatchObject({
      status: 'ESTIMATED',
      lowCents: 140_00,
      medianCents: 300_00,
      highCents: 460_00,
      comparables: 5,
      basis: 'SCHOOL',
      sportMatched: true,
      position: 'WITHIN',
      flagged: false,
    });
  });

  it('flags an offer outside the range either way', () => {
    expect(fairMarketValue(query({ offerCents: 139_99 }), five)).toMatchObject({ position: 'BELOW', flagged: true });
    expect(fairMarketValue(query({ offerCents: 460_01 }), five)).toMatchObject({ position: 'ABOVE', flagged: true });
    expect(fairMarketValue(query({ offerCents: 460_00 }), five)).toMatchObject({ position: 'WITHIN' });
  });

  it('never compares across activity types, and gives no range below five comparables', () => {
    const mixed = [...five.slice(0, 4), deal(9_000, { activityType: 'APPEARANCE' })];
    expect(fairMarketValue(query({ offerCents: 1 }), mixed)).toEqual({
      status: 'INSUFFICIENT',
      comparables: 4,
      basis: 'SCHOOL',
      flagged: false,
    });
  });

  it('falls back to every sport when the same sport has fewer than five', () => {
    // Two basketball deals and four soccer ones: all six count. Sorted 100,150,200,250,300,350; (n-1)p = 0.5 for
    // the 10th percentile → 125; the 90th: 4.5 → 325; the median: 2.5 → 225.
    const deals = [deal(100), deal(150), ...[200, 250, 300, 350].map((d) => deal(d, { sport: 'Soccer' }))];
    expect(fairMarketValue(query(), deals)).toMatchObject({
      lowCents: 125_00,
      medianCents: 225_00,
      highCents: 325_00,
      comparables: 6,
      sportMatched: false,
      position: null,
    });
  });

  it('keeps deals whose audience is within a factor of three when five or more are', () => {
    // Audience 30,000 → 10,000 to 90,000 count; the 1,000,000-follower deal of $50,000 does not.
    const deals = [
      ...[100, 200, 300, 400, 500].map((d, i) => deal(d, { audienceSize: 10_000 + i * 20_000 })),
      deal(50_000, { audienceSize: 1_000_000 }),
    ];
    const r = fairMarketValue(query({ audienceSize: 30_000 }), deals);
    expect(r).toMatchObject({ highCents: 460_00, comparables: 5, audienceMatched: true });
    // With too few near ones, audience is not used: all six count and the big deal lifts the top.
    const few = fairMarketValue(query({ audienceSize: 5_000_000 }), deals);
    expect(few).toMatchObject({ comparables: 6, audienceMatched: false });
  });

  it('scales pay per deliverable', () => {
    // $100 for 1 post, $400 for 2, $900 for 3, $800 for 4, $1,000 for 5 → per post 100, 200, 300, 200, 200; for 3
    // posts 300, 600, 900, 600, 600 → sorted 300, 600, 600, 600, 900: low 420, median 600, high 780.
    const deals = [100, 400, 900, 800, 1_000].map((d, i) => deal(d, { deliverables: i + 1 }));
    expect(fairMarketValue(query({ deliverables: 3, offerCents: 800_00 }), deals)).toMatchObject({
      lowCents: 420_00,
      medianCents: 600_00,
      highCents: 780_00,
      deliverablesScaled: true,
      position: 'ABOVE',
      flagged: true,
    });
  });

  it("adds the provider's anonymised deals when the school has too few", () => {
    const provider = [300, 400, 500].map((d) => deal(d));
    const r = fairMarketValue(query(), five.slice(0, 2), provider);
    expect(r).toMatchObject({ status: 'ESTIMATED', comparables: 5, basis: 'PROVIDER', lowCents: 140_00 });
  });
});

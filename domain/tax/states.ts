import type { Bracket } from './federal';

/**
 * State income tax for a single filer: none, a flat rate, or brackets, one entry per state and tax year with its
 * source. The calculator uses a state's latest table not after the year asked for and says which year that was, so
 * a state whose new figures are not in yet still gets an estimate, marked as such. Amounts are cents, rates basis
 * points. Local (city, county) taxes and credits are not counted.
 */
export type StateTaxRule =
  { kind: 'NONE' } | { kind: 'FLAT'; rateBp: number } | { kind: 'BRACKETS'; brackets: Bracket[] };

export interface StateTable {
  state: string;
  name: string;
  taxYear: number;
  source: string;
  rule: StateTaxRule;
  /** What the state taxes: federal AGI (after half of self-employment tax) or the business's net profit. */
  base: 'AGI' | 'NET_PROFIT';
  /** The standard deduction or personal exemption taken off the base, in cents. */
  deductionCents: number;
}

const $ = (dollars: number) => Math.round(dollars * 100);
const NONE = { kind: 'NONE' } as const;

export const STATE_TABLES: readonly StateTable[] = [
  {
    state: 'TX',
    name: 'Texas',
    taxYear: 2025,
    source: 'Texas Constitution art. 8 §24-a: no personal income tax.',
    rule: NONE,
    base: 'AGI',
    deductionCents: 0,
  },
  {
    state: 'FL',
    name: 'Florida',
    taxYear: 2025,
    source: 'Florida Constitution art. VII §5: no personal income tax.',
    rule: NONE,
    base: 'AGI',
    deductionCents: 0,
  },
  {
    state: 'WA',
    name: 'Washington',
    taxYear: 2025,
    source: 'Washington DOR: no tax on wage or self-employment income (capital gains excise only).',
    rule: NONE,
    base: 'AGI',
    deductionCents: 0,
  },
  {
    state: 'PA',
    name: 'Pennsylvania',
    taxYear: 2025,
    source: 'Pennsylvania DOR: 3.07 % flat on net profits, no standard deduction.',
    rule: { kind: 'FLAT', rateBp: 307 },
    base: 'NET_PROFIT',
    deductionCents: 0,
  },
  {
    state: 'IL',
    name: 'Illinois',
    taxYear: 2025,
    source: 'Illinois DOR: 4.95 % flat; 2025 personal exemption $2,850.',
    rule: { kind: 'FLAT', rateBp: 495 },
    base: 'AGI',
    deductionCents: $(2_850),
  },
  {
    state: 'NC',
    name: 'North Carolina',
    taxYear: 2025,
    source: 'NC DOR: 4.25 % flat for 2025 (G.S. 105-153.7); standard deduction $12,750 single.',
    rule: { kind: 'FLAT', rateBp: 425 },
    base: 'AGI',
    deductionCents: $(12_750),
  },
  {
    state: 'NC',
    name: 'North Carolina',
    taxYear: 2026,
    source: 'NC DOR: 3.99 % flat for 2026 (G.S. 105-153.7); standard deduction $12,750 single.',
    rule: { kind: 'FLAT', rateBp: 399 },
    base: 'AGI',
    deductionCents: $(12_750),
  },
  {
    state: 'CA',
    name: 'California',
    taxYear: 2024,
    source:
      'California FTB 2024 tax rate schedule X (single) and standard deduction $5,540; exemption credits and the 1 % tax above $1M not counted.',
    rule: {
      kind: 'BRACKETS',
      brackets: [
        { upToCents: $(10_756), rateBp: 100 },
        { upToCents: $(25_499), rateBp: 200 },
        { upToCents: $(40_245), rateBp: 400 },
        { upToCents: $(55_866), rateBp: 600 },
        { upToCents: $(70_606), rateBp: 800 },
        { upToCents: $(360_659), rateBp: 930 },
        { upToCents: $(432_787), rateBp: 1030 },
        { upToCents: $(721_314), rateBp: 1130 },
        { upToCents: null, rateBp: 1230 },
      ],
    },
    base: 'AGI',
    deductionCents: $(5_540),
  },
];

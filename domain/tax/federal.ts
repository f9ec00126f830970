/**
 * Federal figures for a single filer, one table per tax year. A new tax year is a new entry here (and nothing else):
 * the calculator offers every year listed. Amounts are whole cents; rates are basis points (1 % = 100).
 */
export interface Bracket {
  /** The top of the bracket in cents (taxable income up to and including it); null for the last one. */
  upToCents: number | null;
  rateBp: number;
}

export interface FederalTable {
  taxYear: number;
  source: string;
  standardDeductionCents: number;
  brackets: Bracket[];
  /** The Social Security wage base: the 12.4 % part of self-employment tax stops at it (wages count first). */
  socialSecurityWageBaseCents: number;
  /** Self-employment tax applies to 92.35 % of net earnings, at 12.4 % (Social Security) + 2.9 % (Medicare). */
  seEarningsFactorBp: number;
  socialSecurityRateBp: number;
  medicareRateBp: number;
  /** Additional Medicare tax (0.9 %) on wages plus self-employment earnings above the threshold (single). */
  additionalMedicareRateBp: number;
  additionalMedicareThresholdCents: number;
  /** No self-employment tax when the 92.35 % figure is under this ($400). */
  seMinimumEarningsCents: number;
}

const $ = (dollars: number) => Math.round(dollars * 100);

const SE_RULES = {
  seEarningsFactorBp: 9235,
  socialSecurityRateBp: 1240,
  medicareRateBp: 290,
  additionalMedicareRateBp: 90,
  additionalMedicareThresholdCents: $(200_000),
  seMinimumEarningsCents: $(400),
} as const;

export const FEDERAL_TABLES: readonly FederalTable[] = [
  {
    taxYear: 2025,
    source:
      'IRS Rev. Proc. 2024-40 (brackets); standard deduction $15,750 as amended by Pub. L. 119-21 (2025); SSA 2025 wage base $176,100; IRS Schedule SE and Form 8959.',
    standardDeductionCents: $(15_750),
    brackets: [
      { upToCents: $(11_925), rateBp: 1000 },
      { upToCents: $(48_475), rateBp: 1200 },
      { upToCents: $(103_350), rateBp: 2200 },
      { upToCents: $(197_300), rateBp: 2400 },
      { upToCents: $(250_525), rateBp: 3200 },
      { upToCents: $(626_350), rateBp: 3500 },
      { upToCents: null, rateBp: 3700 },
    ],
    socialSecurityWageBaseCents: $(176_100),
    ...SE_RULES,
  },
  {
    taxYear: 2026,
    source:
      'IRS Rev. Proc. 2025-32 (brackets, standard deduction $16,100); SSA 2026 wage base $184,500; IRS Schedule SE and Form 8959.',
    standardDeductionCents: $(16_100),
    brackets: [
      { upToCents: $(12_400), rateBp: 1000 },
      { upToCents: $(50_400), rateBp: 1200 },
      { upToCents: $(105_700), rateBp: 2200 },
      { upToCents: $(201_775), rateBp: 2400 },
      { upToCents: $(256_225), rateBp: 3200 },
      { upToCents: $(640_600), rateBp: 3500 },
      { upToCents: null, rateBp: 3700 },
    ],
    socialSecurityWageBaseCents: $(184_500),
    ...SE_RULES,
  },
];

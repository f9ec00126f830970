import { describe, expect, it } from 'vitest';
import { bracketTax, estimateTax, stateTableFor, supportedStates, supportedTaxYears } from './calculator';
import { FEDERAL_TABLES } from './federal';
import { STATE_TABLES } from './states';

/** Dollars to cents, for readable expectations. */
const $ = (dollars: number) => Math.round(dollars * 100);

function estimate(input: Parameters<typeof estimateTax>[0]) {
  const r = estimateTax(input);
  if (!r.ok) throw new Error(r.problem);
  return r.value;
}

// The hand-worked examples use the 2025 federal table (single filer): standard deduction $15,750, brackets
// 10 % to $11,925, 12 % to $48,475, 22 % to $103,350, 24 % to $197,300, 32 % to $250,525; wage base $176,100.
describe('hand-worked examples', () => {
  it('1. Texas (no state tax): $20,000 of NIL income, nothing else', () => {
    const e = estimate({ taxYear: 2025, state: 'TX', nilIncomeCents: $(20_000), paymentCents: $(1_000) });
    // Net earnings 20,000.00; × 92.35 % = 18,470.00 subject to SE tax.
    expect(e.seEarningsCents).toBe($(18_470));
    // Social Security 18,470.00 × 12.4 % = 2,290.28; Medicare 18,470.00 × 2.9 % = 535.63; SE tax 2,825.91.
    expect(e.socialSecurityCents).toBe($(2_290.28));
    expect(e.medicareCents).toBe($(535.63));
    expect(e.selfEmploymentTaxCents).toBe($(2_825.91));
    // Half deductible: 2,825.91 / 2 = 1,412.955 → 1,412.96. AGI 20,000 − 1,412.96 = 18,587.04;
    // taxable 18,587.04 − 15,750 = 2,837.04; all in the 10 % bracket: 283.704 → 283.70.
    expect(e.seDeductionCents).toBe($(1_412.96));
    expect(e.federalTaxableIncomeCents).toBe($(2_837.04));
    expect(e.federalIncomeTaxCents).toBe($(283.7));
    expect(e.stateIncomeTaxCents).toBe(0);
    expect(e.additionalMedicareCents).toBe(0);
    // Total 2,825.91 + 283.70 = 3,109.61 = 15.55 % of 20,000 (1,555 bp, from 15.548 %);
    // per $1,000 payment: 1,000 × 3,109.61 / 20,000 = 155.4805 → 155.48.
    expect(e.totalCents).toBe($(3_109.61));
    expect(e.setAsideRateBp).toBe(1555);
    expect(e.setAsidePerPaymentCents).toBe($(155.48));
  });

  it('2. California (brackets, 2024 table): $60,000 of NIL income less $5,000 of expenses', () => {
    const e = estimate({
      taxYear: 2025,
      state: 'CA',
      nilIncomeCents: $(60_000),
      expensesCents: $(5_000),
      paymentCents: $(5_000),
    });
    expect(e.stateTableYear).toBe(2024);
    // Net 55,000.00; × 92.35 % = 50,792.50.
    expect(e.seEarningsCents).toBe($(50_792.5));
    // SS 50,792.50 × 12.4 % = 6,298.27; Medicare × 2.9 % = 1,472.9825 → 1,472.98; SE tax 7,771.25.
    expect(e.socialSecurityCents).toBe($(6_298.27));
    expect(e.medicareCents).toBe($(1_472.98));
    expect(e.selfEmploymentTaxCents).toBe($(7_771.25));
    // Half 3,885.625 → 3,885.63; AGI 55,000 − 3,885.63 = 51,114.37; taxable − 15,750 = 35,364.37.
    // Federal: 11,925 × 10 % = 1,192.50, plus (35,364.37 − 11,925 = 23,439.37) × 12 % = 2,812.7244;
    // 4,005.2244 → 4,005.22.
    expect(e.seDeductionCents).toBe($(3_885.63));
    expect(e.federalTaxableIncomeCents).toBe($(35_364.37));
    expect(e.federalIncomeTaxCents).toBe($(4_005.22));
    // California: 51,114.37 − 5,540 = 45,574.37. 10,756 × 1 % = 107.56; (25,499 − 10,756) × 2 % = 294.86;
    // (40,245 − 25,499) × 4 % = 589.84; (45,574.37 − 40,245) × 6 % = 319.7622; 1,312.0222 → 1,312.02.
    expect(e.stateTaxableIncomeCents).toBe($(45_574.37));
    expect(e.stateIncomeTaxCents).toBe($(1_312.02));
    // Total 7,771.25 + 4,005.22 + 1,312.02 = 13,088.49 (21.81 % of 60,000);
    // per $5,000 payment: 5,000 × 13,088.49 / 60,000 = 1,090.7075 → 1,090.71.
    expect(e.totalCents).toBe($(13_088.49));
    expect(e.setAsideRateBp).toBe(2181);
    expect(e.setAsidePerPaymentCents).toBe($(1_090.71));
  });

  it('3. North Carolina (flat): $250,000 of NIL income on top of $10,000 of campus wages', () => {
    const e = estimate({ taxYear: 2025, state: 'NC', nilIncomeCents: $(250_000), otherWagesCents: $(10_000) });
    // Net 250,000; × 92.35 % = 230,875.00. The wage base left after wages: 176,100 − 10,000 = 166,100.
    expect(e.seEarningsCents).toBe($(230_875));
    // SS 166,100 × 12.4 % = 20,596.40 (capped); Medicare 230,875 × 2.9 % = 6,695.375 → 6,695.38; SE 27,291.78.
    expect(e.socialSecurityCents).toBe($(20_596.4));
    expect(e.medicareCents).toBe($(6_695.38));
    expect(e.selfEmploymentTaxCents).toBe($(27_291.78));
    // Additional Medicare: wages + SE earnings 240,875 exceed 200,000 by 40,875; × 0.9 % = 367.875 → 367.88.
    expect(e.additionalMedicareCents).toBe($(367.88));
    // Half SE 13,645.89; AGI 10,000 + 250,000 − 13,645.89 = 246,354.11; taxable − 15,750 = 230,604.11.
    // Federal: 1,192.50 + (48,475 − 11,925) × 12 % = 4,386.00 + (103,350 − 48,475) × 22 % = 12,072.50
    // + (197,300 − 103,350) × 24 % = 22,548.00 + (230,604.11 − 197,300) × 32 % = 10,657.3152
    // = 50,856.3152 → 50,856.32; the wages alone are under the standard deduction (tax 0), so all of it is NIL's.
    expect(e.seDeductionCents).toBe($(13_645.89));
    expect(e.federalTaxableIncomeCents).toBe($(230_604.11));
    expect(e.federalIncomeTaxCents).toBe($(50_856.32));
    // North Carolina 2025: (246,354.11 − 12,750) × 4.25 % = 233,604.11 × 4.25 % = 9,928.174675 → 9,928.17.
    expect(e.stateIncomeTaxCents).toBe($(9_928.17));
    // Total 27,291.78 + 367.88 + 50,856.32 + 9,928.17 = 88,444.15 (35.38 % of 250,000).
    expect(e.totalCents).toBe($(88_444.15));
    expect(e.setAsideRateBp).toBe(3538);
    expect(e.setAsidePerPaymentCents).toBeNull();
  });
});

describe('rules', () => {
  const year = supportedTaxYears()[0]!;

  it('no self-employment tax when 92.35 % of net earnings is under $400', () => {
    // 433 × 0.9235 = 399.88 → no SE tax; 434 × 0.9235 = 400.80 → SE tax.
    expect(estimate({ taxYear: year, state: 'TX', nilIncomeCents: $(433) }).selfEmploymentTaxCents).toBe(0);
    expect(estimate({ taxYear: year, state: 'TX', nilIncomeCents: $(434) }).selfEmploymentTaxCents).toBeGreaterThan(0);
  });

  it('the Social Security part stops at the wage base; wages fill it first', () => {
    const fed = FEDERAL_TABLES.find((t) => t.taxYear === year)!;
    const e = estimate({ taxYear: year, state: 'TX', nilIncomeCents: $(900_000) });
    expect(e.socialSecurityCents).toBe(Math.round((fed.socialSecurityWageBaseCents * 1240) / 10_000));
    const capped = estimate({
      taxYear: year,
      state: 'TX',
      nilIncomeCents: $(50_000),
      otherWagesCents: fed.socialSecurityWageBaseCents,
    });
    expect(capped.socialSecurityCents).toBe(0);
    expect(capped.medicareCents).toBeGreaterThan(0);
  });

  it('expenses above income leave nothing to tax; zero income sets nothing aside', () => {
    const e = estimate({
      taxYear: year,
      state: 'CA',
      nilIncomeCents: $(1_000),
      expensesCents: $(2_000),
      paymentCents: $(100),
    });
    expect(e.totalCents).toBe(0);
    expect(e.setAsidePerPaymentCents).toBe(0);
    expect(estimate({ taxYear: year, state: 'CA', nilIncomeCents: 0 }).setAsideRateBp).toBe(0);
  });

  it('refuses a year without a federal table and a state without one', () => {
    expect(estimateTax({ taxYear: 1999, state: 'TX', nilIncomeCents: 1 })).toEqual({
      ok: false,
      problem: 'TAX_YEAR_UNSUPPORTED',
    });
    expect(estimateTax({ taxYear: year, state: 'ZZ', nilIncomeCents: 1 })).toEqual({
      ok: false,
      problem: 'TAX_STATE_UNSUPPORTED',
    });
  });

  it('a state uses its latest table not after the year', () => {
    expect(stateTableFor('NC', 2025)!.taxYear).toBe(2025);
    expect(stateTableFor('CA', 2025)!.taxYear).toBe(2024);
    expect(stateTableFor('CA', 2023)).toBeUndefined();
  });

  it('brackets: each bracket only on its slice', () => {
    const brackets = [
      { upToCents: 1000, rateBp: 1000 },
      { upToCents: 3000, rateBp: 2000 },
      { upToCents: null, rateBp: 5000 },
    ];
    // 1,000 × 10 % + 2,000 × 20 % + 1,000 × 50 % = 100 + 400 + 500 = 1,000.
    expect(bracketTax(4000, brackets)).toBe(1000);
    expect(bracketTax(500, brackets)).toBe(50);
    expect(bracketTax(0, brackets)).toBe(0);
  });

  it('every table names its source and year; states include one without income tax', () => {
    for (const t of [...FEDERAL_TABLES, ...STATE_TABLES]) {
      expect(t.source.length).toBeGreaterThan(10);
      expect(t.taxYear).toBeGreaterThan(2000);
    }
    expect(STATE_TABLES.some((t) => t.rule.kind === 'NONE')).toBe(true);
    expect(supportedStates().length).toBeGreaterThanOrEqual(5);
  });
});

describe('disclaimer year', () => {
  it("counts in the school's time zone", async () => {
    const { acknowledgementYear } = await import('./disclaimer');
    const year = new Date().getUTCFullYear();
    // 02:00 UTC on 1 January is still the previous year in Los Angeles.
    const newYearUtc = new Date(Date.UTC(year, 0, 1, 2));
    expect(acknowledgementYear(newYearUtc, 'UTC')).toBe(year);
    expect(acknowledgementYear(newYearUtc, 'America/Los_Angeles')).toBe(year - 1);
  });
});

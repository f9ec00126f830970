import { FEDERAL_TABLES, type Bracket, type FederalTable } from './federal';
import { STATE_TABLES, type StateTable } from './states';

/**
 * The tax calculator (route /taxCalculator): an estimate of the tax a year's NIL income adds for a single filer, and
 * how much of each payment to set aside. NIL income is self-employment income: self-employment tax (15.3 % on
 * 92.35 % of net earnings, the 12.4 % Social Security part only up to the year's wage base less wages already
 * taxed), federal income tax by the year's brackets after the standard deduction and half of the self-employment tax,
 * and the state's income tax. Federal and state income tax are counted as the difference NIL makes: the tax on all
 * income less the tax on the other income alone. It is an estimate, not tax advice (the screen says so): the QBI
 * deduction, credits, other deductions and local taxes are left out, which errs towards setting aside more.
 *
 * Everything is whole cents; each line is rounded to the cent once (half up).
 */
export interface TaxEstimateInput {
  taxYear: number;
  state: string;
  /** The year's NIL income (gross), in cents. */
  nilIncomeCents: number;
  /** Business expenses against it (agent fees, travel, equipment), in cents. */
  expensesCents?: number;
  /** Other income taxed as wages (a campus job), in cents: it fills the lower brackets and the wage base first. */
  otherWagesCents?: number;
  /** One payment's amount, for the set-aside per payment; omitted: the rate only. */
  paymentCents?: number;
}

export interface TaxEstimate {
  taxYear: number;
  state: string;
  stateName: string;
  /** The tax year of the state table used (the latest not after taxYear). */
  stateTableYear: number;
  sources: { federal: string; state: string };
  netEarningsCents: number;
  seEarningsCents: number;
  socialSecurityCents: number;
  medicareCents: number;
  selfEmploymentTaxCents: number;
  additionalMedicareCents: number;
  seDeductionCents: number;
  federalTaxableIncomeCents: number;
  federalIncomeTaxCents: number;
  stateTaxableIncomeCents: number;
  stateIncomeTaxCents: number;
  totalCents: number;
  /** The total as a share of the NIL income, in basis points (0 when there is no income). */
  setAsideRateBp: number;
  setAsidePerPaymentCents: number | null;
}

export type TaxProblem = 'TAX_YEAR_UNSUPPORTED' | 'TAX_STATE_UNSUPPORTED';

/** The tax years the calculator has federal figures for, newest first. */
export function supportedTaxYears(): number[] {
  return [...new Set(FEDERAL_TABLES.map((t) => t.taxYear))].sort((a, b) => b - a);
}

/** The states with a table, by name: code, name. */
export function supportedStates(): Array<{ code: string; name: string }> {
  const seen = new Map<string, string>();
  for (const t of STATE_TABLES) seen.set(t.state, t.name);
  return [...seen].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function federalTableFor(year: number): FederalTable | undefined {
  return FEDERAL_TABLES.find((t) => t.taxYear === year);
}

export function stateTableFor(state: string, year: number): StateTable | undefined {
  return STATE_TABLES.filter((t) => t.state === state && t.taxYear <= year).sort((a, b) => b.taxYear - a.taxYear)[0];
}

/** cents × rate, rounded half up to the cent (exact: the product is an integer, the quotient has 4 decimals). */
function pct(cents: number, rateBp: number): number {
  return Math.round((cents * rateBp) / 10_000);
}

/** Tax on a taxable income by brackets, summed exactly and rounded once. */
export function bracketTax(taxableCents: number, brackets: readonly Bracket[]): number {
  let floor = 0;
  let sum = 0;
  for (const b of brackets) {
    if (taxableCents <= floor) break;
    const top = b.upToCents === null ? taxableCents : Math.min(taxableCents, b.upToCents);
    sum += (top - floor) * b.rateBp;
    if (b.upToCents === null) break;
    floor = b.upToCents;
  }
  return Math.round(sum / 10_000);
}

function stateTax(table: StateTable, baseCents: number): number {
  const taxable = Math.max(0, baseCents - table.deductionCents);
  switch (table.rule.kind) {
    case 'NONE':
      return 0;
    case 'FLAT':
      return pct(taxable, table.rule.rateBp);
    case 'BRACKETS':
      return bracketTax(taxable, table.rule.brackets);
  }
}

export function estimateTax(
  input: TaxEstimateInput,
): { ok: true; value: TaxEstimate } | { ok: false; problem: TaxProblem } {
  const fed = federalTableFor(input.taxYear);
  if (!fed) return { ok: false, problem: 'TAX_YEAR_UNSUPPORTED' };
  const st = stateTableFor(input.state, input.taxYear);
  if (!st) return { ok: false, problem: 'TAX_STATE_UNSUPPORTED' };

  const wages = Math.max(0, input.otherWagesCents ?? 0);
  const net = Math.max(0, input.nilIncomeCents - (input.expensesCents ?? 0));

  // Self-employment tax (Schedule SE).
  const seEarnings = pct(net, fed.seEarningsFactorBp);
  const seApplies = seEarnings >= fed.seMinimumEarningsCents;
  const ssBase = seApplies ? Math.min(seEarnings, Math.max(0, fed.socialSecurityWageBaseCents - wages)) : 0;
  const socialSecurity = pct(ssBase, fed.socialSecurityRateBp);
  const medicare = seApplies ? pct(seEarnings, fed.medicareRateBp) : 0;
  const seTax = socialSecurity + medicare;
  const seDeduction = Math.round(seTax / 2);
  // Additional Medicare tax (Form 8959): the threshold is reduced by wages; only the NIL part is counted here.
  const over = (x: number) => Math.max(0, x - fed.additionalMedicareThresholdCents);
  const additionalMedicare = seApplies ? pct(over(wages + seEarnings) - over(wages), fed.additionalMedicareRateBp) : 0;

  // Federal income tax: the difference NIL makes.
  const agiWith = wages + net - seDeduction;
  const taxableWith = Math.max(0, agiWith - fed.standardDeductionCents);
  const taxableWithout = Math.max(0, wages - fed.standardDeductionCents);
  const federalIncomeTax = bracketTax(taxableWith, fed.brackets) - bracketTax(taxableWithout, fed.brackets);

  // State income tax: the same difference on the state's own base.
  const stateBaseWith = st.base === 'AGI' ? agiWith : wages + net;
  const stateIncomeTax = stateTax(st, stateBaseWith) - stateTax(st, wages);

  const total = seTax + additionalMedicare + federalIncomeTax + stateIncomeTax;
  const gross = input.nilIncomeCents;
  return {
    ok: true,
    value: {
      taxYear: fed.taxYear,
      state: st.state,
      stateName: st.name,
      stateTableYear: st.taxYear,
      sources: { federal: fed.source, state: st.source },
      netEarningsCents: net,
      seEarningsCents: seEarnings,
      socialSecurityCents: socialSecurity,
      medicareCents: medicare,
      selfEmploymentTaxCents: seTax,
      additionalMedicareCents: additionalMedicare,
      seDeductionCents: seDeduction,
      federalTaxableIncomeCents: taxableWith,
      federalIncomeTaxCents: federalIncomeTax,
      stateTaxableIncomeCents: Math.max(0, stateBaseWith - st.deductionCents),
      stateIncomeTaxCents: stateIncomeTax,
      totalCents: total,
      setAsideRateBp: gross > 0 ? Math.round((total * 10_000) / gross) : 0,
      setAsidePerPaymentCents:
        input.paymentCents === undefined || gross <= 0 ? null : Math.round((input.paymentCents * total) / gross),
    },
  };
}

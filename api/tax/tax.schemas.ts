import { Type } from 'typebox';
import { TAX_DISCLAIMER_LIMITS } from '../../domain/tax/disclaimer';
import { refusals } from '../shared/refusals';
import { Nullable, Timestamp } from '../shared/schemas';

const closed = { additionalProperties: false } as const;

export const DisclaimerAnswer = Type.Object(
  {
    text: Type.String(),
    /** True while the school has not written its own text (the default is shown). */
    isDefault: Type.Boolean(),
    updatedAt: Nullable(Timestamp),
    updatedByName: Nullable(Type.String()),
    /** The calendar year in the school's time zone: an athlete acknowledges once per year. */
    year: Type.Integer(),
    acknowledgedAt: Nullable(Timestamp),
    canEdit: Type.Boolean(),
    canAcknowledge: Type.Boolean(),
    timeZone: Type.String(),
  },
  closed,
);

export const SaveDisclaimerBody = Type.Object(
  { text: Type.String({ maxLength: TAX_DISCLAIMER_LIMITS.textMaxLength + 1000 }) },
  closed,
);

const Money = Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()], {
  description: 'Dollars, $0 to $999,999 with at most two decimals.',
});

/** Loose amounts on purpose: the spec's amount rule answers each in the catalogue's wording. */
export const EstimateBody = Type.Object(
  {
    taxYear: Type.Integer({ minimum: 1900, maximum: 3000 }),
    state: Type.String({ maxLength: 2, minLength: 2 }),
    nilIncome: Type.Optional(Money),
    expenses: Type.Optional(Money),
    otherWages: Type.Optional(Money),
    paymentAmount: Type.Optional(Money),
  },
  closed,
);

export const CalculatorOptionsAnswer = Type.Object(
  {
    years: Type.Array(Type.Integer()),
    defaultYear: Type.Integer(),
    states: Type.Array(Type.Object({ code: Type.String(), name: Type.String() }, closed)),
  },
  closed,
);

const Cents = Type.Integer();

export const EstimateAnswer = Type.Object(
  {
    taxYear: Type.Integer(),
    state: Type.String(),
    stateName: Type.String(),
    stateTableYear: Type.Integer(),
    sources: Type.Object({ federal: Type.String(), state: Type.String() }, closed),
    nilIncomeCents: Cents,
    netEarningsCents: Cents,
    seEarningsCents: Cents,
    socialSecurityCents: Cents,
    medicareCents: Cents,
    selfEmploymentTaxCents: Cents,
    additionalMedicareCents: Cents,
    seDeductionCents: Cents,
    federalTaxableIncomeCents: Cents,
    federalIncomeTaxCents: Cents,
    stateTaxableIncomeCents: Cents,
    stateIncomeTaxCents: Cents,
    totalCents: Cents,
    setAsideRateBp: Type.Integer({ description: 'The total as a share of the NIL income, in basis points.' }),
    setAsidePerPaymentCents: Nullable(Cents),
  },
  closed,
);

export const SAVE_DISCLAIMER_DESCRIPTION = `Sets the school's tax disclaimer text (an empty text goes back to the default). ${refusals(
  { VALIDATION_FAILED: `when the text is longer than ${TAX_DISCLAIMER_LIMITS.textMaxLength} characters` },
)}`;

export const ACKNOWLEDGE_DESCRIPTION =
  "Records that the signed-in athlete has read this year's tax disclaimer; a repeat in the same year keeps the first time.";

export const ESTIMATE_DESCRIPTION = `Estimates the tax a year's NIL income adds (single filer): self-employment, federal and state income tax, and the share to set aside per payment. An estimate, not tax advice. ${refusals(
  {
    MANDATORY_FIELD: 'when the NIL income is blank',
    EXPENSE_AMOUNT_RANGE: 'when an amount is not a number between $0 and $999,999 with at most two decimals',
    TAX_YEAR_UNSUPPORTED: 'when there is no federal table for the tax year',
    TAX_STATE_UNSUPPORTED: 'when there is no table for the state',
  },
)}`;

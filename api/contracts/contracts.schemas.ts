import { Type } from 'typebox';
import {
  CONTRACT_LIMITS,
  CONTRACT_SIZES,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  PAYMENT_CYCLES,
  PAYMENT_STATUSES,
  type ContractSize,
  type ContractStatus,
  type ContractType,
  type PaymentCycle,
  type PaymentStatus,
} from '../../domain/contracts';
import { refusals, UPLOAD_REFUSALS } from '../shared/refusals';
import { IsoDate, Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/** Every answer is a closed object: Fastify serializes with it, so a property left out here would vanish. */
const closed = { additionalProperties: false } as const;
const StatusCode = Type.Enum(Object.keys(CONTRACT_STATUSES) as ContractStatus[]);
const PaymentStatusCode = Type.Enum(Object.keys(PAYMENT_STATUSES) as PaymentStatus[]);
const Cents = Type.Integer({ minimum: 0, description: 'Whole cents.' });

export const ContractDto = Type.Object(
  {
    id: Uuid,
    disclosureId: Uuid,
    disclosureTitle: Type.String(),
    athleteUserId: Uuid,
    studentName: Type.String(),
    companyName: Type.String({ description: 'The vendor or payor.' }),
    totalAmountCents: Cents,
    paidCents: Cents,
    size: Type.Enum(Object.keys(CONTRACT_SIZES) as ContractSize[]),
    sizeLabel: Type.String(),
    type: Type.Enum([...CONTRACT_TYPES] as ContractType[]),
    typeLabel: Type.String(),
    startDate: IsoDate,
    endDate: IsoDate,
    notes: Nullable(Type.String()),
    status: StatusCode,
    statusLabel: Type.String(),
    rejectReason: Nullable(Type.String()),
    deciderName: Nullable(Type.String()),
    decidedAt: Nullable(Timestamp),
    createdAt: Timestamp,
    workflowId: Type.String(),
    document: Nullable(
      Type.Object({ filename: Type.String(), sizeBytes: Type.Integer(), uploadedAt: Timestamp }, closed),
    ),
    schedule: Nullable(
      Type.Object(
        {
          cycle: Type.Enum(Object.keys(PAYMENT_CYCLES) as PaymentCycle[]),
          cycleLabel: Type.String(),
          amountPerCycleCents: Cents,
          numberOfPayments: Type.Integer(),
          firstDueDate: IsoDate,
          status: Type.Enum(['RUNNING', 'COMPLETED', 'ENDED'] as const),
          /** Set when an admin ended it early: no payment opens after this; open ones still wait for an outcome. */
          endRequestedAt: Nullable(Timestamp),
        },
        closed,
      ),
    ),
  },
  closed,
);

export const PaymentDto = Type.Object(
  {
    id: Uuid,
    contractId: Uuid,
    seq: Type.Integer(),
    numberOfPayments: Type.Integer(),
    dueDate: IsoDate,
    amountCents: Cents,
    status: PaymentStatusCode,
    statusLabel: Type.String(),
    paidOn: Nullable(IsoDate),
    confirmedAt: Nullable(Timestamp),
    confirmedByName: Nullable(Type.String()),
    payorName: Type.String(),
    athleteUserId: Uuid,
    studentName: Type.String(),
  },
  closed,
);

export const PayorYearTotalDto = Type.Object(
  {
    athleteUserId: Uuid,
    studentName: Type.String(),
    payorName: Type.String(),
    year: Type.Integer(),
    totalCents: Cents,
    payments: Type.Integer(),
    reportable: Type.Boolean({ description: "True when the payor's total in the year reached $600 (1099)." }),
  },
  closed,
);

export const TaxFlagDto = Type.Object(
  {
    athleteUserId: Uuid,
    payorName: Type.String(),
    year: Type.Integer(),
    contractId: Uuid,
    disclosureId: Uuid,
    totalCents: Cents,
    reachedAt: Timestamp,
  },
  closed,
);

export const ContractDetailDto = Type.Object(
  {
    ...ContractDto.properties,
    payments: Type.Array(PaymentDto),
    taxFlags: Type.Array(TaxFlagDto),
    canReview: Type.Boolean(),
    canSchedule: Type.Boolean(),
    canConfirm: Type.Boolean(),
    timeZone: Type.String(),
  },
  closed,
);

export const ContractListQuery = Type.Object(
  {
    status: Type.Optional(StatusCode),
    athleteUserId: Type.Optional(Uuid),
    disclosureId: Type.Optional(Uuid),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  closed,
);

export const ContractListDto = Type.Object(
  {
    items: Type.Array(ContractDto),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    canReview: Type.Boolean(),
    /** The spec's list keys (part 1 §3 "Contract row"). */
    statusList: Type.Array(Type.Object({ value: StatusCode, label: Type.String() }, closed)),
    contractTypeList: Type.Array(Type.Object({ value: Type.String(), label: Type.String() }, closed)),
    sizesList: Type.Array(Type.Object({ value: Type.String(), label: Type.String() }, closed)),
  },
  closed,
);

export const PaymentListQuery = Type.Object(
  {
    athleteUserId: Type.Optional(Uuid),
    contractId: Type.Optional(Uuid),
    disclosureId: Type.Optional(Uuid),
    status: Type.Optional(PaymentStatusCode),
  },
  closed,
);

export const PaymentListDto = Type.Object(
  {
    items: Type.Array(PaymentDto),
    totals: Type.Array(PayorYearTotalDto),
    taxFlags: Type.Array(TaxFlagDto),
    thresholdCents: Cents,
    timeZone: Type.String(),
  },
  closed,
);

/** Loose on purpose: the checks in domain/contracts.ts answer each field in the catalogue's wording. */
const Amount = Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()]));

export const CreateContractBody = Type.Object(
  {
    disclosureId: Uuid,
    payorName: Type.Optional(SingleLine({ maxLength: 1000 })),
    totalAmount: Amount,
    type: Type.Optional(Type.String({ maxLength: 40 })),
    startDate: Type.Optional(Type.String({ maxLength: 40 })),
    endDate: Type.Optional(Type.String({ maxLength: 40 })),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  },
  closed,
);

export const ContractDecisionBody = Type.Object(
  {
    decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')]),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  },
  closed,
);

export const CreateScheduleBody = Type.Object(
  {
    cycle: Type.Optional(Type.String({ maxLength: 20 })),
    amountPerCycle: Amount,
    numberOfPayments: Type.Optional(Type.Union([Type.Integer(), Type.Number(), Type.String({ maxLength: 10 })])),
    firstDueDate: Type.Optional(Type.String({ maxLength: 40 })),
  },
  closed,
);

export const PaymentParams = Type.Object({ id: Uuid, seq: Type.Integer({ minimum: 1, maximum: 1000 }) }, closed);

export const ConfirmPaymentBody = Type.Object(
  { outcome: Type.Union([Type.Literal('PAID'), Type.Literal('FAILED')]) },
  closed,
);

export const CREATE_CONTRACT_DESCRIPTION = `Adds a contract to an approved disclosure (the athlete's own, or any of the school's for a reviewer) and starts its review; attach the signed PDF with POST /contracts/:id/document. ${refusals(
  {
    NOT_FOUND: "when the disclosure is not the school's, or (for an athlete) not their own",
    CONTRACT_DISCLOSURE_NOT_APPROVED: 'when the disclosure is not approved',
    MANDATORY_FIELD: 'when the payor, total amount, type, start or end date is blank',
    AMOUNT_RANGE: 'when the total is not a number between $0 and $999,999 with at most two decimals',
    VALIDATION_FAILED: `when the type is not one of the list, a date is not a real YYYY-MM-DD date, the payor is longer than ${CONTRACT_LIMITS.payorMaxLength} characters or the notes longer than ${CONTRACT_LIMITS.notesMaxLength}`,
    CONTRACT_DATES_INVALID: 'when the start date is after the end date',
    WORKFLOW_UNAVAILABLE: 'when the review process cannot be started (nothing is stored)',
  },
)}`;

export const UPLOAD_DOCUMENT_DESCRIPTION = `Multipart upload of the signed contract (field 'file', a PDF of at most 20 MB); replaces an earlier one. ${refusals(
  {
    ...UPLOAD_REFUSALS,
    FILE_TOO_LARGE: 'when the file is larger than 20 MB',
    FILE_TYPE_NOT_ALLOWED: "when the file's extension, declared type or first bytes are not of an allowed type",
    CONTRACT_DOCUMENT_PDF_ONLY: 'when the file is of an allowed type but not a PDF',
    CONTRACT_NOT_PENDING: 'when the contract is rejected or completed',
  },
)}`;

export const DECIDE_CONTRACT_DESCRIPTION = refusals({
  CONTRACT_NOT_PENDING: 'when the contract is already approved or rejected',
  CONTRACT_REJECT_REASON_REQUIRED: 'when a rejection has no reason',
  CONTRACT_REJECT_REASON_TOO_LONG: `when the reason has more than ${CONTRACT_LIMITS.rejectReasonMaxWords} words`,
});

export const CREATE_SCHEDULE_DESCRIPTION = `Sets the contract's payment schedule and starts its process (payment-schedule:<contractId>). ${refusals(
  {
    CONTRACT_NOT_ACTIVE: 'when the contract is not active (pending review, rejected or completed)',
    SCHEDULE_EXISTS: 'when the contract already has a schedule',
    MANDATORY_FIELD: 'when the cycle, amount per cycle, number of payments or first due date is blank',
    AMOUNT_RANGE: 'when the amount per cycle is not a number between $0 and $999,999 with at most two decimals',
    VALIDATION_FAILED: `when the cycle is not WEEK, BIWEEK, MONTH or QUARTER, the number of payments is not 1 to ${CONTRACT_LIMITS.maxPayments}, or a payment would fall outside the contract's dates`,
    SCHEDULE_EXCEEDS_TOTAL: "when the payments together exceed the contract's total (the figures are in the details)",
    WORKFLOW_UNAVAILABLE: 'when the schedule process cannot be started (nothing is stored)',
  },
)}`;

export const CONFIRM_PAYMENT_DESCRIPTION = `Records that the payor paid (or that the payment failed); the day counts toward the school's calendar year. Confirming a paid payment again changes nothing. ${refusals(
  {
    PAYMENT_NOT_OPEN:
      'when the payment has not opened yet, the schedule has finished, or a paid payment is reported failed',
  },
)}`;

export const END_SCHEDULE_DESCRIPTION = `Ends a running schedule early: no further payment opens, and payments already open still wait for their outcome. Ending it again changes nothing. ${refusals(
  {
    NOT_FOUND: 'when the contract has no running schedule',
  },
)}`;

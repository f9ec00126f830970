import { Type } from 'typebox';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_LIMITS,
  EXPENSE_STATUSES,
  type ExpenseCategory,
  type ExpenseStatus,
} from '../../domain/expenses';
import { refusals } from '../shared/refusals';
import { IsoDate, Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/** Every answer is a closed object: Fastify serializes with it, so a property left out here would vanish. */
const closed = { additionalProperties: false } as const;
const CategoryCode = Type.Enum(Object.keys(EXPENSE_CATEGORIES) as ExpenseCategory[]);

const Category = Type.Union(Object.keys(EXPENSE_CATEGORIES).map((c) => Type.Literal(c)));
const Status = Type.Union(Object.keys(EXPENSE_STATUSES).map((s) => Type.Literal(s)));

export const ExpenseDto = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    category: CategoryCode,
    categoryLabel: Type.String(),
    amountCents: Type.Integer(),
    transactionDate: IsoDate,
    comments: Nullable(Type.String()),
    status: Type.Enum(Object.keys(EXPENSE_STATUSES) as ExpenseStatus[]),
    statusLabel: Type.String(),
    rejectReason: Nullable(Type.String()),
    submittedBy: Nullable(Uuid),
    submitterName: Nullable(Type.String()),
    deciderName: Nullable(Type.String()),
    decidedAt: Nullable(Timestamp),
    signedAt: Timestamp,
    createdAt: Timestamp,
    receiptCount: Type.Integer(),
  },
  closed,
);

export const ExpenseReceiptDto = Type.Object(
  {
    id: Uuid,
    filename: Type.String(),
    contentType: Type.String(),
    sizeBytes: Type.Integer(),
    uploadedAt: Timestamp,
  },
  closed,
);

export const ExpenseDetailDto = Type.Object(
  {
    ...ExpenseDto.properties,
    signature: Type.String({ description: 'The drawn signature as a PNG data URL.' }),
    workflowId: Type.String(),
    /** The school's IANA time zone: the signing and decision times are shown in it. */
    timeZone: Type.String(),
    receipts: Type.Array(ExpenseReceiptDto),
  },
  closed,
);

export const ExpenseFiltersQuery = Type.Object({
  status: Type.Optional(Status),
  category: Type.Optional(Category),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  submittedBy: Type.Optional(Uuid),
});

export const ExpenseListQuery = Type.Object({
  ...ExpenseFiltersQuery.properties,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});

export const ExpenseListDto = Type.Object(
  {
    items: Type.Array(ExpenseDto),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    totalCents: Type.Integer(),
    totals: Type.Array(
      Type.Object({ category: CategoryCode, label: Type.String(), amountCents: Type.Integer() }, closed),
    ),
    submitters: Type.Array(Type.Object({ id: Uuid, name: Type.String() }, closed)),
    canApprove: Type.Boolean(),
  },
  closed,
);

/** Loose on purpose: the spec's checks (domain/expenses.ts) answer each field in the catalogue's wording. */
export const CreateExpenseBody = Type.Object(
  {
    name: Type.Optional(SingleLine({ maxLength: 1000 })),
    category: Type.Optional(Type.String({ maxLength: 40 })),
    amount: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()])),
    transactionDate: Type.Optional(Type.String({ maxLength: 40 })),
    comments: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
    signature: Type.Optional(Type.String({ maxLength: EXPENSE_LIMITS.signatureMaxLength + 1000 })),
  },
  { additionalProperties: false },
);

export const DecisionBody = Type.Object({
  decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')]),
  reason: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
});

export const ReceiptParams = Type.Object({ id: Uuid, receiptId: Uuid });

// The business rules each operation refuses valid-shaped input for, stated in its description (refusals()).

export const FILE_EXPENSE_DESCRIPTION = `Files an expense (signed) and starts its approval; add receipts with POST /expenses/:id/receipts. ${refusals(
  {
    MANDATORY_FIELD: 'when the name, type, amount or date of transaction is blank',
    VALIDATION_FAILED: `when the name is longer than ${EXPENSE_LIMITS.nameMaxLength} characters or the comments longer than ${EXPENSE_LIMITS.commentsMaxLength}`,
    EXPENSE_CATEGORY_INVALID: `when the type is not one of ${Object.keys(EXPENSE_CATEGORIES).join(', ')} (in any case)`,
    EXPENSE_AMOUNT_RANGE: 'when the amount is not a number between $0 and $999,999 with at most two decimals',
    EXPENSE_DATE_INVALID: "when the date of transaction is not a real YYYY-MM-DD date, or is after the school's today",
    EXPENSE_SIGNATURE_REQUIRED: 'when the signature is missing or is not a drawn PNG data URL',
    WORKFLOW_UNAVAILABLE: 'when the approval process cannot be started (nothing is stored)',
  },
)}`;

export const ADD_RECEIPT_DESCRIPTION = `Multipart upload of one receipt (field 'file', at most 20 MB, the spec's file types; 30 at most). ${refusals(
  {
    UPLOAD_FAILED: "when the request has no file in the field 'file', the upload cannot be read, or the file is empty",
    TOO_MANY_FILES: 'when the request sends more than one file',
    FILE_TOO_LARGE: 'when the file is larger than 20 MB',
    FILE_TYPE_NOT_ALLOWED: "when the file's extension, declared type or first bytes are not of an allowed type",
    EXPENSE_NOT_EDITABLE: 'when the expense is already decided',
    EXPENSE_RECEIPTS_LIMIT: `when the expense has ${EXPENSE_LIMITS.maxReceipts} receipts already`,
  },
)}`;

export const REMOVE_RECEIPT_DESCRIPTION = refusals({ EXPENSE_NOT_EDITABLE: 'when the expense is already decided' });

export const DECIDE_EXPENSE_DESCRIPTION = refusals({
  ALREADY_DECIDED: 'when the expense is already approved or rejected',
  EXPENSE_OWN_DECISION: 'when the admin filed the expense themselves',
  EXPENSE_REJECT_REASON_REQUIRED: 'when a rejection has no reason',
  EXPENSE_REJECT_REASON_TOO_LONG: `when the reason has more than ${EXPENSE_LIMITS.rejectReasonMaxWords} words`,
});

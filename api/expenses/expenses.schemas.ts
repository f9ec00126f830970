import { Type } from 'typebox';
import { EXPENSE_CATEGORIES, EXPENSE_LIMITS, EXPENSE_STATUSES, type ExpenseStatus } from '../../domain/expenses';
import { IsoDate, Nullable, Uuid } from '../shared/schemas';

const Category = Type.Union(Object.keys(EXPENSE_CATEGORIES).map((c) => Type.Literal(c)));
const Status = Type.Union(Object.keys(EXPENSE_STATUSES).map((s) => Type.Literal(s)));

export const ExpenseDto = Type.Object({
  id: Uuid,
  name: Type.String(),
  category: Type.String(),
  categoryLabel: Type.String(),
  amountCents: Type.Integer(),
  transactionDate: Type.String(),
  comments: Nullable(Type.String()),
  status: Type.Enum(Object.keys(EXPENSE_STATUSES) as ExpenseStatus[]),
  statusLabel: Type.String(),
  rejectReason: Nullable(Type.String()),
  submittedBy: Nullable(Type.String()),
  submitterName: Nullable(Type.String()),
  deciderName: Nullable(Type.String()),
  decidedAt: Nullable(Type.String()),
  signedAt: Type.String(),
  createdAt: Type.String(),
  receiptCount: Type.Integer(),
});

export const ExpenseDetailDto = Type.Object({
  ...ExpenseDto.properties,
  signature: Type.String({ description: 'The drawn signature as a PNG data URL.' }),
  workflowId: Type.String(),
  /** The school's IANA time zone: the signing and decision times are shown in it. */
  timeZone: Type.String(),
  receipts: Type.Array(
    Type.Object({
      id: Uuid,
      filename: Type.String(),
      contentType: Type.String(),
      sizeBytes: Type.Integer(),
      uploadedAt: Type.String(),
    }),
  ),
});

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

export const ExpenseListDto = Type.Object({
  items: Type.Array(ExpenseDto),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  totalCents: Type.Integer(),
  totals: Type.Array(Type.Object({ category: Type.String(), label: Type.String(), amountCents: Type.Integer() })),
  submitters: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  canApprove: Type.Boolean(),
});

/** Loose on purpose: the spec's checks (domain/expenses.ts) answer each field in the catalogue's wording. */
export const CreateExpenseBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 1000 })),
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

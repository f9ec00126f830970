import { Type } from 'typebox';
import { BANK_ACCOUNT_LIMITS, BANK_ACCOUNT_TYPES, type BankAccountType } from '../../domain/bank-routing';
import { refusals } from '../shared/refusals';
import { Nullable, SingleLine, Timestamp, Uuid } from '../shared/schemas';

const closed = { additionalProperties: false } as const;

/** A bank account as every screen shows it: the account number only masked, never in full. */
export const BankAccountDto = Type.Object(
  {
    id: Uuid,
    athleteUserId: Uuid,
    bankName: Type.String(),
    accountType: Type.Enum(Object.keys(BANK_ACCOUNT_TYPES) as BankAccountType[]),
    accountTypeLabel: Type.String(),
    nameOnAccount: Type.String(),
    routingNumber: Type.String({ description: 'The ABA routing number (public: it names the bank).' }),
    accountNumberMasked: Type.String({ description: 'The last four digits behind four dots, e.g. "•••• 1234".' }),
    updatedAt: Timestamp,
    updatedByName: Nullable(Type.String()),
  },
  closed,
);

export const BankAccountAnswer = Type.Object(
  {
    account: Nullable(BankAccountDto),
    /** Whether the viewer may reveal the full number (each reveal is audited). */
    canReveal: Type.Boolean(),
    /** The school's IANA time zone: the update time is shown in it. */
    timeZone: Type.String(),
  },
  closed,
);

export const AthleteBankAccountAnswer = Type.Object(
  { ...BankAccountAnswer.properties, athleteName: Type.String() },
  closed,
);

export const RevealAnswer = Type.Object(
  { accountNumber: Type.String({ description: 'The full account number; this answer is audited.' }) },
  closed,
);

/** Loose on purpose: the domain's checks (domain/bank-routing.ts) answer each field in the catalogue's wording. */
export const SaveBankAccountBody = Type.Object(
  {
    bankName: Type.Optional(SingleLine({ maxLength: BANK_ACCOUNT_LIMITS.bankNameMaxLength + 100 })),
    accountType: Type.Optional(Type.String({ maxLength: 40 })),
    nameOnAccount: Type.Optional(SingleLine({ maxLength: BANK_ACCOUNT_LIMITS.nameOnAccountMaxLength + 100 })),
    routingNumber: Type.Optional(Type.String({ maxLength: 40 })),
    accountNumber: Type.Optional(Type.String({ maxLength: 60 })),
  },
  closed,
);

export const AthleteParams = Type.Object({ athleteId: Uuid }, closed);

export const SAVE_BANK_ACCOUNT_DESCRIPTION = `Adds the signed-in athlete's bank account, or replaces the one they had. The account number is stored only encrypted and never answered in full. ${refusals(
  {
    MANDATORY_FIELD: 'when the bank, account type, name on account, routing number or account number is blank',
    VALIDATION_FAILED: `when the bank or the name on account is longer than ${BANK_ACCOUNT_LIMITS.bankNameMaxLength} characters`,
    BANK_ACCOUNT_TYPE_INVALID: `when the account type is not one of ${Object.keys(BANK_ACCOUNT_TYPES).join(', ')} (in any case)`,
    BANK_ROUTING_INVALID:
      'when the routing number is not 9 digits passing the ABA checksum (spaces and dashes are ignored)',
    BANK_ACCOUNT_NUMBER_INVALID: `when the account number is not ${BANK_ACCOUNT_LIMITS.accountNumberMinDigits} to ${BANK_ACCOUNT_LIMITS.accountNumberMaxDigits} digits (spaces and dashes are ignored)`,
  },
)}`;

export const REVEAL_OWN_DESCRIPTION = `Answers the signed-in athlete's full account number and records the reveal in the audit log. ${refusals(
  { NOT_FOUND: 'when the athlete has no bank account' },
)}`;

export const REVEAL_ATHLETE_DESCRIPTION = `Answers an athlete's full account number to a school admin with the compliance permission and records the reveal in the audit log. ${refusals(
  { NOT_FOUND: 'when the person is not a student-athlete of the school, or has no bank account' },
)}`;

/**
 * Bank accounts (spec part 1 §3 "Payment": bank, account number, type, name on account; route /bankAccount).
 * A US routing (ABA) number is nine digits whose weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple
 * of ten; a mistyped digit or two swapped neighbours almost always breaks it, so the form catches a typo before a
 * payment bounces. The account number itself has no public checksum: only its shape is checked (4 to 17 digits).
 */
export const BANK_ACCOUNT_TYPES = { CHECKING: 'Checking', SAVINGS: 'Savings' } as const;
export type BankAccountType = keyof typeof BANK_ACCOUNT_TYPES;

export const BANK_ACCOUNT_LIMITS = {
  bankNameMaxLength: 100,
  nameOnAccountMaxLength: 100,
  accountNumberMinDigits: 4,
  accountNumberMaxDigits: 17,
} as const;

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** True when `value` is nine digits passing the ABA checksum. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += WEIGHTS[i]! * Number(value[i]);
  return sum % 10 === 0;
}

/** Spaces and dashes people type between digit groups are dropped; anything else is kept (and then refused). */
export function normaliseDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isValidAccountNumber(value: string): boolean {
  const { accountNumberMinDigits: min, accountNumberMaxDigits: max } = BANK_ACCOUNT_LIMITS;
  return new RegExp(`^\\d{${min},${max}}$`).test(value);
}

/** The only form an account number is ever shown in: its last four digits behind four dots. */
export function maskAccountNumber(lastFour: string): string {
  return `•••• ${lastFour}`;
}

export interface BankAccountInput {
  bankName?: string | null;
  accountType?: string | null;
  nameOnAccount?: string | null;
  routingNumber?: string | null;
  accountNumber?: string | null;
}

export type BankAccountProblem =
  | 'MANDATORY_FIELD'
  | 'VALIDATION_FAILED'
  | 'BANK_ROUTING_INVALID'
  | 'BANK_ACCOUNT_NUMBER_INVALID'
  | 'BANK_ACCOUNT_TYPE_INVALID';

export interface CheckedBankAccount {
  bankName: string;
  accountType: BankAccountType;
  nameOnAccount: string;
  routingNumber: string;
  accountNumber: string;
}

/**
 * Checks a bank account as typed. The problems name fields only, never the value typed: an error message must not
 * carry the account number back into a response or a log line.
 */
export function checkBankAccount(
  input: BankAccountInput,
):
  | { ok: true; value: CheckedBankAccount }
  | { ok: false; problems: Array<{ field: string; code: BankAccountProblem }> } {
  const problems: Array<{ field: string; code: BankAccountProblem }> = [];
  const bankName = (input.bankName ?? '').trim();
  const nameOnAccount = (input.nameOnAccount ?? '').trim();
  const accountType = (input.accountType ?? '').trim().toUpperCase();
  const routingNumber = normaliseDigits(input.routingNumber ?? '');
  const accountNumber = normaliseDigits(input.accountNumber ?? '');
  if (!bankName) problems.push({ field: 'bankName', code: 'MANDATORY_FIELD' });
  else if (bankName.length > BANK_ACCOUNT_LIMITS.bankNameMaxLength)
    problems.push({ field: 'bankName', code: 'VALIDATION_FAILED' });
  if (!nameOnAccount) problems.push({ field: 'nameOnAccount', code: 'MANDATORY_FIELD' });
  else if (nameOnAccount.length > BANK_ACCOUNT_LIMITS.nameOnAccountMaxLength)
    problems.push({ field: 'nameOnAccount', code: 'VALIDATION_FAILED' });
  if (!accountType) problems.push({ field: 'accountType', code: 'MANDATORY_FIELD' });
  else if (!(accountType in BANK_ACCOUNT_TYPES))
    problems.push({ field: 'accountType', code: 'BANK_ACCOUNT_TYPE_INVALID' });
  if (!routingNumber) problems.push({ field: 'routingNumber', code: 'MANDATORY_FIELD' });
  else if (!isValidRoutingNumber(routingNumber))
    problems.push({ field: 'routingNumber', code: 'BANK_ROUTING_INVALID' });
  if (!accountNumber) problems.push({ field: 'accountNumber', code: 'MANDATORY_FIELD' });
  else if (!isValidAccountNumber(accountNumber))
    problems.push({ field: 'accountNumber', code: 'BANK_ACCOUNT_NUMBER_INVALID' });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: { bankName, nameOnAccount, accountType: accountType as BankAccountType, routingNumber, accountNumber },
  };
}

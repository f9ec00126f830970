import {
  BANK_ACCOUNT_TYPES,
  checkBankAccount,
  maskAccountNumber,
  type BankAccountInput,
} from '../../domain/bank-routing';
import { AppError, ERRORS } from '../../domain/errors';
import { aesGcmKey, openText, sealText } from '../shared/aes-gcm';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  findBankAccount,
  findSchoolAthlete,
  findSealedAccountNumber,
  upsertBankAccount,
  type BankAccountRow,
} from './bank-accounts.repository';

/**
 * Bank accounts (route /bankAccount). The account number is a secret: it is stored only sealed with AES-256-GCM under
 * BANK_ACCOUNTS_KEY (api/shared/aes-gcm.ts), every answer carries it masked (•••• 1234), no log line or audit event
 * holds it, and no export includes it. The full number comes back only from a reveal, which is audited
 * (`bank_account.revealed`): the athlete may reveal their own; among staff only a school admin with the compliance
 * permission (`bank-accounts:reveal`) may, since the compliance office answers for NIL money. Coaches see nothing.
 */
export type BankAccountDeps = CoreDeps & { accountKey: Buffer };

/** The key bank account numbers are sealed with; a wrong BANK_ACCOUNTS_KEY stops the start. */
export function bankAccountKey(appSecret: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  return aesGcmKey({ envVar: 'BANK_ACCOUNTS_KEY', purpose: 'bank-account-numbers' }, appSecret, env);
}

function toDto(row: NonNullable<BankAccountRow>) {
  return {
    id: row.id,
    athleteUserId: row.athlete_user_id,
    bankName: row.bank_name,
    accountType: row.account_type,
    accountTypeLabel: BANK_ACCOUNT_TYPES[row.account_type],
    nameOnAccount: row.name_on_account,
    routingNumber: row.routing_number,
    accountNumberMasked: maskAccountNumber(row.account_last4),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedByName: row.updated_by_name,
  };
}
export type BankAccountView = ReturnType<typeof toDto>;

async function viewOf(deps: CoreDeps, actor: Actor, athleteUserId: string, canReveal: boolean) {
  const row = await findBankAccount(deps.db, actor.schoolId, athleteUserId);
  return { account: row ? toDto(row) : null, canReveal: canReveal && !!row, timeZone: actor.timeZone };
}

/** The signed-in athlete's bank account, masked. */
export async function getOwnBankAccount(deps: CoreDeps, actor: Actor) {
  return viewOf(deps, actor, actor.userId, true);
}

/** Adds or replaces the signed-in athlete's bank account; audited with the last four digits only. */
export async function saveOwnBankAccount(deps: BankAccountDeps, actor: Actor, input: BankAccountInput) {
  const checked = checkBankAccount(input);
  if (!checked.ok) {
    const details = checked.problems.map((p) => ({ field: p.field, code: p.code, message: ERRORS[p.code].message }));
    throw new AppError(checked.problems[0]!.code, details);
  }
  const v = checked.value;
  const last4 = v.accountNumber.slice(-4);
  await deps.db.transaction().execute(async (trx) => {
    const saved = await upsertBankAccount(trx, {
      schoolId: actor.schoolId,
      athleteUserId: actor.userId,
      bankName: v.bankName,
      accountType: v.accountType,
      nameOnAccount: v.nameOnAccount,
      routingNumber: v.routingNumber,
      sealedAccountNumber: sealText(deps.accountKey, v.accountNumber),
      last4,
      updatedBy: actor.userId,
      now: deps.now(),
    });
    await auditBy(trx, actor, {
      action: saved.created ? 'bank_account.added' : 'bank_account.replaced',
      targetType: 'bank_account',
      targetId: saved.id,
      details: { bankName: v.bankName, accountType: v.accountType, accountNumber: maskAccountNumber(last4) },
    });
  });
  return getOwnBankAccount(deps, actor);
}

async function reveal(deps: BankAccountDeps, actor: Actor, athleteUserId: string) {
  const found = await findSealedAccountNumber(deps.db, actor.schoolId, athleteUserId);
  if (!found) throw new AppError('NOT_FOUND');
  const accountNumber = openText(deps.accountKey, found.sealed);
  await auditBy(deps.db, actor, {
    action: 'bank_account.revealed',
    targetType: 'bank_account',
    targetId: found.id,
    details: { athleteUserId, accountNumber: maskAccountNumber(accountNumber.slice(-4)) },
  });
  return { accountNumber };
}

/** The signed-in athlete's full account number, audited. */
export async function revealOwnAccountNumber(deps: BankAccountDeps, actor: Actor) {
  return reveal(deps, actor, actor.userId);
}

async function requireAthlete(deps: CoreDeps, actor: Actor, athleteUserId: string) {
  const athlete = await findSchoolAthlete(deps.db, actor.schoolId, athleteUserId);
  if (!athlete) throw new AppError('NOT_FOUND');
  return athlete;
}

/** An athlete's bank account as a school admin sees it (masked); another school's athlete answers 404. */
export async function getAthleteBankAccount(deps: CoreDeps, actor: Actor, athleteUserId: string) {
  const athlete = await requireAthlete(deps, actor, athleteUserId);
  const view = await viewOf(deps, actor, athleteUserId, actor.permissions.has('bank-accounts:reveal'));
  return { ...view, athleteName: `${athlete.first_name} ${athlete.last_name}` };
}

/** An athlete's full account number for a compliance admin, audited. */
export async function revealAthleteAccountNumber(deps: BankAccountDeps, actor: Actor, athleteUserId: string) {
  await requireAthlete(deps, actor, athleteUserId);
  return reveal(deps, actor, athleteUserId);
}

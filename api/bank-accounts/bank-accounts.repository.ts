import type { Kysely } from 'kysely';
import type { BankAccountType } from '../../domain/bank-routing';
import type { Database } from '../../migrations/database';
import { fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database>;

/** The columns a bank account is shown with: the ciphertext is deliberately not among them. */
const SHOWN = [
  'b.id',
  'b.athlete_user_id',
  'b.bank_name',
  'b.account_type',
  'b.name_on_account',
  'b.routing_number',
  'b.account_last4',
  'b.created_at',
  'b.updated_at',
] as const;

export type BankAccountRow = Awaited<ReturnType<typeof findBankAccount>>;

/** The athlete's bank account in the school, without its number (undefined: none). */
export async function findBankAccount(db: Db, schoolId: string, athleteUserId: string) {
  return db
    .selectFrom('bank_accounts as b')
    .leftJoin('users as u', 'u.id', 'b.updated_by')
    .select([...SHOWN, fullNameOrNull('u').as('updated_by_name')])
    .where('b.school_id', '=', schoolId)
    .where('b.athlete_user_id', '=', athleteUserId)
    .executeTakeFirst();
}

/** The encrypted number alone, for a reveal (undefined: no account). */
export async function findSealedAccountNumber(db: Db, schoolId: string, athleteUserId: string) {
  const row = await db
    .selectFrom('bank_accounts')
    .select(['id', 'account_number_enc'])
    .where('school_id', '=', schoolId)
    .where('athlete_user_id', '=', athleteUserId)
    .executeTakeFirst();
  return row ? { id: row.id, sealed: row.account_number_enc } : undefined;
}

/** Creates the athlete's bank account or replaces the one they had (one per athlete and school). */
export async function upsertBankAccount(
  db: Db,
  account: {
    schoolId: string;
    athleteUserId: string;
    bankName: string;
    accountType: BankAccountType;
    nameOnAccount: string;
    routingNumber: string;
    sealedAccountNumber: string;
    last4: string;
    updatedBy: string;
    now: Date;
  },
): Promise<{ id: string; created: boolean }> {
  const row = await db
    .insertInto('bank_accounts')
    .values({
      school_id: account.schoolId,
      athlete_user_id: account.athleteUserId,
      bank_name: account.bankName,
      account_type: account.accountType,
      name_on_account: account.nameOnAccount,
      routing_number: account.routingNumber,
      account_number_enc: account.sealedAccountNumber,
      account_last4: account.last4,
      updated_by: account.updatedBy,
      created_at: account.now,
      updated_at: account.now,
    })
    .onConflict((oc) =>
      oc.columns(['school_id', 'athlete_user_id']).doUpdateSet((eb) => ({
        bank_name: eb.ref('excluded.bank_name'),
        account_type: eb.ref('excluded.account_type'),
        name_on_account: eb.ref('excluded.name_on_account'),
        routing_number: eb.ref('excluded.routing_number'),
        account_number_enc: eb.ref('excluded.account_number_enc'),
        account_last4: eb.ref('excluded.account_last4'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(['id', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, created: new Date(row.created_at).getTime() === new Date(row.updated_at).getTime() };
}

/** The person's name when they are a student-athlete of the school (undefined: no such athlete there). */
export async function findSchoolAthlete(db: Db, schoolId: string, userId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 'u.id').on('r.school_id', '=', schoolId))
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .where('u.id', '=', userId)
    .where('r.role', '=', 'STUDENT_ATHLETE')
    .executeTakeFirst();
}

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { signInDemoPerson } from './demo-person';

/**
 * The demo athlete's bank account and this year's tax disclaimer acknowledgement (issue 38), made through the API the
 * screens use, so the number is sealed and the saves and the acknowledgement are audited as in real use. The routing
 * number is a real ABA-valid one (JPMorgan Chase, New York); the account number is made up. Runs once.
 */
export const DEMO_BANK_ACCOUNT = {
  bankName: 'Demo State Credit Union',
  accountType: 'CHECKING',
  nameOnAccount: 'Jordan Reyes',
  routingNumber: '021000021',
  accountNumber: '4402917731',
} as const;

export async function loadDemoBankAndTax(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const athleteRow = await db
    .selectFrom('users')
    .select(['id', 'school_id'])
    .where('email', '=', 'athlete@demo.edu')
    .executeTakeFirst();
  if (!athleteRow) return { loaded: false };
  const existing = await db
    .selectFrom('bank_accounts')
    .select('id')
    .where('athlete_user_id', '=', athleteRow.id)
    .executeTakeFirst();
  if (existing) return { loaded: false };
  const athlete = await signInDemoPerson(app, db, 'athlete@demo.edu');
  try {
    await athlete.call('PUT', '/api/v1/bank-account', DEMO_BANK_ACCOUNT);
    await athlete.call('POST', '/api/v1/tax/disclaimer/acknowledge');
  } finally {
    await athlete.signOut();
  }
  return { loaded: true };
}

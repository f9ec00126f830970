import { sql, type Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/**
 * Takes the turn named `key` (a transaction-scoped advisory lock, released at commit or rollback), for checks with no
 * one row to lock: writers of the same key take turns, so a count read before the write cannot be passed by another
 * request writing at the same moment. Keys are namespaced by their caller (`materials:<school>`, `login:<email>`).
 */
export async function takeTurn(trx: Kysely<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

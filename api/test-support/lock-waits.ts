import { sql, type Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { outsideTransaction } from '../../migrations/transaction-guard';

/**
 * Fires `request` as another client would, outside the test's open transaction: the transaction guard refuses the
 * root handle inside it, which is right for the product and wrong for a test that plays two clients at once.
 */
export const asAnotherClient = <T>(request: () => T): T => outsideTransaction(request);

/**
 * For tests that make a race deterministic: a test transaction holds a row (`forUpdate()`), fires the request, waits
 * here until the request is blocked by that very transaction, then commits the competing change. Waiting on the
 * holder's backend id (`pg_blocking_pids`), not on any lock wait, keeps other test files' locks from ending the wait.
 */
export async function backendPid(trx: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
  return rows[0]!.pid;
}

/** Waits until some connection is blocked by backend `pid`; fails after `timeoutMs` naming `what` never waited. */
export async function untilBlockedBy(
  db: Kysely<Database>,
  pid: number,
  what = 'the request',
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await asAnotherClient(() =>
      sql<{ n: string }>`
      select count(*) as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`.execute(db),
    );
    if (Number(rows[0]!.n) > 0) return;
    if (Date.now() > deadline) throw new Error(`${what} never waited for the lock`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

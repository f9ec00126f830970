import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connect';
import { outsideTransaction, RootHandleInTransactionError, transactionGuardWanted } from './transaction-guard';

/**
 * The embedded database has one connection: a root-handle query inside an open transaction would wait forever.
 * With the guard it fails at once, naming the cause; everything else goes through as before.
 */
let handle: DatabaseHandle;
const one = (db: DatabaseHandle['db']) => sql<{ n: number }>`select 1 as n`.execute(db).then((r) => r.rows[0]!.n);

beforeAll(async () => {
  handle = await connectDatabase({ dataDir: 'memory://', guardTransactions: true });
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe('the transaction guard', () => {
  it('refuses the root handle inside an open transaction instead of waiting for a second connection', async () => {
    const { db } = handle;
    const inside = db.transaction().execute(async (trx) => {
      expect(await one(trx)).toBe(1);
      return one(db);
    });
    await expect(inside).rejects.toThrow(RootHandleInTransactionError);
    await expect(inside).rejects.toThrow(/use the transaction \(trx\)/);
  });

  it('refuses a second transaction begun inside the first, and a root query inside a pinned connection', async () => {
    const { db } = handle;
    await expect(db.transaction().execute(() => db.transaction().execute(async (t2) => one(t2)))).rejects.toThrow(
      RootHandleInTransactionError,
    );
    await expect(db.connection().execute(() => one(db))).rejects.toThrow(RootHandleInTransactionError);
    expect(await db.connection().execute((conn) => one(conn))).toBe(1);
  });

  it('keeps a setting-changed transaction guarded and frees the root once the transaction has ended', async () => {
    const { db } = handle;
    await expect(
      db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(async () => one(db)),
    ).rejects.toThrow(RootHandleInTransactionError);
    let later: Promise<number> | undefined;
    await db.transaction().execute(async (trx) => {
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => one(db));
      return one(trx);
    });
    expect(await later).toBe(1);
    expect(await one(db)).toBe(1);
  });

  it('lets another handle query inside the transaction, and work fired as from elsewhere use the root', async () => {
    const other = await connectDatabase({ dataDir: 'memory://', guardTransactions: true });
    try {
      const { db } = handle;
      expect(await db.transaction().execute(async () => one(other.db))).toBe(1);
      // Outside the scope the root query waits for the one connection until the transaction ends, as another
      // request's would.
      let fired: Promise<number> | undefined;
      await db.transaction().execute(async (trx) => {
        fired = outsideTransaction(() => one(db));
        return one(trx);
      });
      expect(await fired).toBe(1);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('is on outside production unless DB_TRANSACTION_GUARD says otherwise', () => {
    expect(transactionGuardWanted({ NODE_ENV: 'test' })).toBe(true);
    expect(transactionGuardWanted({})).toBe(true);
    expect(transactionGuardWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(transactionGuardWanted({ NODE_ENV: 'production', DB_TRANSACTION_GUARD: 'on' })).toBe(true);
    expect(transactionGuardWanted({ NODE_ENV: 'test', DB_TRANSACTION_GUARD: 'off' })).toBe(false);
  });
});

import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  type ConnectionBuilder,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyConfig,
  type TransactionBuilder,
} from 'kysely';

/**
 * One connection per request. A query through the root handle while the same async context holds a transaction
 * (or a pinned connection) open needs a second connection: on the embedded database, which has one, it waits
 * forever for the transaction that waits for it; on a pool it takes two connections a request and deadlocks the
 * API once the pool is used up. With the guard on, such a query throws at once, naming where the transaction began.
 */
interface OpenScope {
  open: boolean;
  /** The database handle (its guarded dialect) whose connection the scope holds. */
  owner: object;
  /** Where the transaction was started (its stack), for the error. */
  startedAt: string;
  /** A scope of another handle this one was opened inside, if any. */
  outer: OpenScope | undefined;
}

const scopes = new AsyncLocalStorage<OpenScope>();

export class RootHandleInTransactionError extends Error {
  constructor(startedAt: string) {
    super(
      'A query used the root database handle while its own transaction was open: use the transaction (trx) for ' +
        'every query inside it. The root handle needs a second connection, which the embedded database does not ' +
        `have (it waits forever) and a pool runs out of under load.\nThe transaction began ${startedAt}`,
    );
    this.name = 'RootHandleInTransactionError';
  }
}

function assertNoOpenScope(owner: object): void {
  for (let scope = scopes.getStore(); scope; scope = scope.outer) {
    if (scope.open && scope.owner === owner) throw new RootHandleInTransactionError(scope.startedAt);
  }
}

/**
 * Runs `work` as if it came from elsewhere (another request), outside any open transaction of this async context:
 * for a test that holds a row in a transaction while it fires the request that must wait for it.
 */
export function outsideTransaction<T>(work: () => T): T {
  return scopes.exit(work);
}

/** Runs `work` marked as holding a connection of `owner`; the mark ends when `work` settles (later stray work is free). */
async function inScope<T>(owner: object, work: () => Promise<T>): Promise<T> {
  const startedAt = (new Error().stack ?? '').split('\n').slice(3, 8).join('\n');
  const scope: OpenScope = { open: true, owner, startedAt, outer: scopes.getStore() };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.open = false;
  }
}

/** One holder at a time, for a dialect with a single connection (the guard takes Kysely's own lock over). */
class ConnectionLock {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async obtain(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  release(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

/**
 * The dialect, with a driver that refuses a new connection inside an open scope. Kysely queues for a
 * single-connection dialect's one connection before it asks the driver, where the check would come too late; so
 * this driver keeps that queue itself, after the check, and tells Kysely the dialect has many connections.
 */
function guardedDialect(inner: Dialect): Dialect & { owner: object } {
  let single = false;
  const owner = {};
  return {
    owner,
    createAdapter() {
      const adapter = inner.createAdapter();
      single = adapter.supportsMultipleConnections === false;
      return new Proxy(adapter, {
        get(target, key) {
          if (key === 'supportsMultipleConnections') return true;
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver(): Driver {
      const driver = inner.createDriver();
      const lock = new ConnectionLock();
      const guarded: Driver = {
        init: () => driver.init(),
        async acquireConnection(): Promise<DatabaseConnection> {
          assertNoOpenScope(owner);
          if (!single) return driver.acquireConnection();
          await lock.obtain();
          try {
            return await driver.acquireConnection();
          } catch (err) {
            lock.release();
            throw err;
          }
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        async releaseConnection(connection) {
          try {
            await driver.releaseConnection(connection);
          } finally {
            if (single) lock.release();
          }
        },
        destroy: () => driver.destroy(),
      };
      if (driver.savepoint) guarded.savepoint = driver.savepoint.bind(driver);
      if (driver.rollbackToSavepoint) guarded.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
      if (driver.releaseSavepoint) guarded.releaseSavepoint = driver.releaseSavepoint.bind(driver);
      return guarded;
    },
  };
}

type Callback<DB, R> = Parameters<TransactionBuilder<DB>['execute']>[0] extends (trx: infer T) => Promise<R>
  ? (trx: T) => Promise<R>
  : never;

/** A transaction builder whose callback runs inside an open scope; its settings keep the guard. */
function guardedTransaction<DB>(owner: object, builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const guarded = {
    setAccessMode: (mode: Parameters<TransactionBuilder<DB>['setAccessMode']>[0]) =>
      guardedTransaction(owner, builder.setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<TransactionBuilder<DB>['setIsolationLevel']>[0]) =>
      guardedTransaction(owner, builder.setIsolationLevel(level)),
    execute: <R>(callback: Callback<DB, R>) => builder.execute((trx) => inScope(owner, () => callback(trx))),
  };
  return guarded as unknown as TransactionBuilder<DB>;
}

/** Kysely whose `transaction()` and `connection()` mark their callbacks, with a dialect that refuses the root inside. */
class GuardedKysely<DB> extends Kysely<DB> {
  readonly #owner: object;

  constructor(config: KyselyConfig, owner: object) {
    super(config);
    this.#owner = owner;
  }

  override transaction(): TransactionBuilder<DB> {
    return guardedTransaction(this.#owner, super.transaction());
  }

  override connection(): ConnectionBuilder<DB> {
    const builder = super.connection();
    const guarded = {
      execute: <R>(callback: (db: Kysely<DB>) => Promise<R>, options?: { signal?: AbortSignal }) =>
        builder.execute((db) => inScope(this.#owner, () => callback(db)), options),
    };
    return guarded as unknown as ConnectionBuilder<DB>;
  }
}

/** A Kysely instance, guarded when `guard` is on (development and tests), plain otherwise. */
export function createKysely<DB>(config: KyselyConfig & { dialect: Dialect }, guard: boolean): Kysely<DB> {
  if (!guard) return new Kysely<DB>(config);
  const dialect = guardedDialect(config.dialect);
  return new GuardedKysely<DB>({ ...config, dialect }, dialect.owner);
}

/** On unless NODE_ENV is production; DB_TRANSACTION_GUARD=on|off decides either way. */
export function transactionGuardWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const setting = env.DB_TRANSACTION_GUARD?.trim().toLowerCase();
  if (setting === 'on') return true;
  if (setting === 'off') return false;
  return env.NODE_ENV !== 'production';
}

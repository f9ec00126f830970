import { PGliteDialect, PostgresDialect, sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { createKysely, transactionGuardWanted } from './transaction-guard';

/** Postgres `date` (OID 1082) stays a YYYY-MM-DD string: dates cross the wire as ISO dates, never as local-time Date objects. */
pg.types.setTypeParser(1082, (v) => v);
/** bigint (OID 20) as string: audit ids exceed 2^53 only in theory, but never silently lose precision. */
pg.types.setTypeParser(20, (v) => v);

export const EVENTS_CHANNEL = 'app_events';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** 'postgres' for a server, 'pglite' for the embedded default. */
  kind: 'postgres' | 'pglite';
  /** Subscribes to NOTIFY on a channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** A postgres:// URL; without it an embedded PGlite database is opened at `dataDir`. */
  url?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /** Refuse a root-handle query inside an open transaction (migrations/transaction-guard.ts); default: not in production. */
  guardTransactions?: boolean;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  const guard = options.guardTransactions ?? transactionGuardWanted();
  if (options.url) return connectPostgres(options.url, options.poolSize ?? 10, guard);
  return connectPglite(options.dataDir ?? '.data/pglite', guard);
}

async function connectPostgres(url: string, poolSize: number, guard: boolean): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // an idle client's error is retried by the next query; never crash the process
  const db = createKysely<Database>({ dialect: new PostgresDialect({ pool }) }, guard);
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload) onPayload(msg.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
      await db.destroy();
    },
  };
}

async function connectPglite(dataDir: string, guard: boolean): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, {
    parsers: { 1082: (v: string) => v, 20: (v: string) => v },
  });
  await pglite.waitReady;
  const db = createKysely<Database>({ dialect: new PGliteDialect({ pglite }) }, guard);
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await pglite.listen(channel, onPayload);
      return async () => unsub();
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Sends an event to every listener of the channel (in-process for PGlite, LISTEN/NOTIFY for a server). */
export async function notifyChannel(db: Kysely<Database>, channel: string, payload: unknown): Promise<void> {
  await sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/** Failed sign-ins are counted from the audit log (per e-mail and address, recent window), so index that lookup. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index audit_events_login_failures_idx on audit_events ((details->>'email'), ip, created_at)
    where action = 'auth.login_failed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_events_login_failures_idx`.execute(db);
}

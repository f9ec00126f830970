import { sql, type Kysely } from 'kysely';

/**
 * The month view's range query with years of history. A series is in [from, to) when it starts before `to` and
 * either ends after `from` or repeats until a day not before `from`; the index on (school, start) of migration 097
 * bounds only the first condition, so every past event of the school was read. These two partial indexes answer the
 * two branches of the second (a bitmap OR of both), so only what ends after `from` is read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index calendar_events_school_ends_idx
    on calendar_events (school_id, ends_at) where cancelled_at is null`.execute(db);
  await sql`create index calendar_events_school_repeat_until_idx
    on calendar_events (school_id, repeat_until) where cancelled_at is null and rrule is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists calendar_events_school_repeat_until_idx`.execute(db);
  await sql`drop index if exists calendar_events_school_ends_idx`.execute(db);
}

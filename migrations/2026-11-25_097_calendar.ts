import { sql, type Kysely } from 'kysely';

/**
 * Calendar (issue 16): sport segments per team and academic year, and events.
 *
 * A segment's dates must sit inside its academic year and the segments of one team may not overlap; the API checks
 * both under a lock on the team row (an exclusion constraint would need btree_gist, which the embedded PGlite lacks).
 *
 * An event row is a series: a single event has no `rrule`; a repeating one stores an RFC 5545 RRULE (with UNTIL)
 * expanded on read, and `exdates` lists occurrences cut out of it. An occurrence edited on its own becomes its own
 * row pointing back with `series_id` and `recurrence_start` (the occurrence's original start).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sport_segments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('sport_team_id', 'uuid', (c) => c.notNull().references('sport_teams.id').onDelete('cascade'))
    .addColumn('academic_year_id', 'uuid', (c) => c.notNull().references('academic_years.id').onDelete('cascade'))
    .addColumn('season_type', 'text', (c) => c.notNull().check(sql`season_type in ('IN_SEASON','OUT_OF_SEASON')`))
    .addColumn('segment_type', 'text', (c) =>
      c.notNull().check(sql`segment_type in ('PRESEASON','CHAMPIONSHIP','POSTSEASON','NONCHAMPIONSHIP')`),
    )
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('start_day_of_week', 'text', (c) =>
      c
        .notNull()
        .check(sql`start_day_of_week in ('MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','SATURDAY','SUNDAY')`),
    )
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sport_segments_dates_check', sql`end_date > start_date`)
    .execute();
  await sql`create index sport_segments_team_year_idx on sport_segments (school_id, sport_team_id, academic_year_id, start_date)`.execute(
    db,
  );

  await db.schema
    .createTable('calendar_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('sport_team_id', 'uuid', (c) => c.notNull().references('sport_teams.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('cara_category', 'text')
    .addColumn('attendee_team_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('attendee_user_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('location', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('repeat', 'text', (c) => c.notNull().defaultTo('NEVER'))
    .addColumn('rrule', 'text')
    .addColumn('repeat_until', 'date')
    .addColumn('exdates', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('series_id', 'uuid', (c) => c.references('calendar_events.id').onDelete('cascade'))
    .addColumn('recurrence_start', 'timestamptz')
    .addColumn('notes', 'text')
    .addColumn('agenda', 'text')
    .addColumn('reminder_minutes', 'integer')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('APPROVED')
        .check(sql`status in ('PENDING','APPROVED','REJECTED')`),
    )
    .addColumn('reject_reason', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .addCheckConstraint('calendar_events_times_check', sql`ends_at > starts_at`)
    .execute();
  // The month view's range query: a series overlaps [from, to) when it starts before `to` and its last occurrence
  // (repeat_until, or its own end) is not before `from`.
  await sql`create index calendar_events_school_range_idx on calendar_events (school_id, starts_at) where cancelled_at is null`.execute(
    db,
  );
  await sql`create index calendar_events_team_idx on calendar_events (school_id, sport_team_id) where cancelled_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_events').execute();
  await db.schema.dropTable('sport_segments').execute();
}

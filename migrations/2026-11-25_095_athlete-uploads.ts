import { sql, type Kysely } from 'kysely';

/**
 * Bulk uploads of student-athletes: the parsed file (headers and cell text), the column mapping the person chose,
 * the row errors found, and the progress of the import, which the upload screen polls while it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table athlete_uploads (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      created_by uuid references users(id) on delete set null,
      file_name text not null,
      status text not null default 'CHECKED' check (status in ('CHECKED', 'IMPORTING', 'IMPORTED')),
      headers jsonb not null,
      rows jsonb not null,
      mapping jsonb not null,
      errors jsonb not null default '[]',
      row_count integer not null,
      invite boolean not null default false,
      progress jsonb not null default '{}',
      created_count integer not null default 0,
      invitations_started integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      imported_at timestamptz
    )`.execute(db);
  await sql`create index athlete_uploads_school_idx on athlete_uploads (school_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists athlete_uploads`.execute(db);
}

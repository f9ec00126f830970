import { sql, type Kysely } from 'kysely';

/**
 * Prospect attachments (spec part 1 §3 PSA "attachments"; part 2 §9 "Files at once: 20 per PSA"). A prospect keeps
 * at most 20 files, each of the spec's upload types and at most 20 MB; the bytes live in `stored_files` (purpose
 * `psa-attachment`) like receipts and materials, and each row here says which prospect a file belongs to. It also
 * widens the prospect's height check to the spec's "feet under 11" (migration 100 stopped at 8).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table psa_attachments (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      psa_id uuid not null references psas(id) on delete cascade,
      file_id uuid not null unique references stored_files(id) on delete cascade,
      filename text not null,
      content_type text not null,
      size_bytes int not null check (size_bytes between 1 and 20971520),
      sha256 text not null,
      uploaded_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index psa_attachments_psa_idx on psa_attachments (school_id, psa_id, created_at desc)`.execute(db);
  // The spec's height: feet under 11 (was at most 8 in migration 100), inches under 12.
  await sql`alter table psas drop constraint if exists psas_height_feet_check`.execute(db);
  await sql`alter table psas add constraint psas_height_feet_check check (height_feet between 0 and 10)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update psas set height_feet = null where height_feet > 8`.execute(db);
  await sql`alter table psas drop constraint if exists psas_height_feet_check`.execute(db);
  await sql`alter table psas add constraint psas_height_feet_check check (height_feet between 0 and 8)`.execute(db);
  await sql`drop table if exists psa_attachments`.execute(db);
}

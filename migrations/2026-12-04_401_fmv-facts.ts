import { sql, type Kysely } from 'kysely';

/**
 * What the fair-market-value range of a deal needs besides the disclosure (issue 39; domain/partners/fmv.ts): how
 * many deliverables (posts, appearances) and the audience size (total followers). One row per disclosure, written
 * by the athlete while the disclosure is theirs to edit or by a reviewer; absent means unknown (the range then does
 * not use them). Only the school key cascades.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deal_fmv_facts (
      disclosure_id uuid primary key references disclosures(id),
      school_id uuid not null references schools(id) on delete cascade,
      deliverables int check (deliverables between 1 and 1000),
      audience_size int check (audience_size between 0 and 2000000000),
      updated_by uuid references users(id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index deal_fmv_facts_school_idx on deal_fmv_facts (school_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists deal_fmv_facts`.execute(db);
}

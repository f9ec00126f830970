import { sql, type Kysely } from 'kysely';

/**
 * Recruiting expenses and materials (issue 18). An expense (spec part 1 §3: name, category, dollar amount, date of
 * transaction, receipts, signature, comments) is filed by a coach and decided by a school admin through its
 * `expense-approval:<id>` process: pending → approved, or rejected with a reason. Receipts (at most 30) and
 * materials (at most 20 per school, 20 MB each, 25 MB in total) keep their bytes in `stored_files`; the rows here
 * say what each file belongs to. Amounts are whole cents, $0 to $999,999.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table expenses (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      submitted_by uuid references users(id) on delete set null,
      name text not null,
      category text not null check (category in ('MEAL','TRANSPORTATION','ACCOMMODATION','PARKING','OTHER')),
      amount_cents int not null check (amount_cents between 0 and 99999900),
      transaction_date date not null,
      comments text,
      signature text not null,
      signed_at timestamptz not null default now(),
      signed_ip text,
      signed_user_agent text,
      status text not null default 'PENDING' check (status in ('PENDING','APPROVED','REJECTED')),
      decided_by uuid references users(id) on delete set null,
      decided_at timestamptz,
      reject_reason text,
      workflow_id text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index expenses_school_idx on expenses (school_id, transaction_date desc)`.execute(db);
  await sql`create index expenses_submitter_idx on expenses (school_id, submitted_by, transaction_date desc)`.execute(
    db,
  );
  await sql`
    create table expense_receipts (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      expense_id uuid not null references expenses(id) on delete cascade,
      file_id uuid not null unique references stored_files(id) on delete cascade,
      filename text not null,
      content_type text not null,
      size_bytes int not null,
      sha256 text not null,
      uploaded_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index expense_receipts_expense_idx on expense_receipts (expense_id, created_at)`.execute(db);
  await sql`
    create table recruiting_materials (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      file_id uuid not null unique references stored_files(id) on delete cascade,
      filename text not null,
      content_type text not null,
      size_bytes int not null check (size_bytes between 1 and 20971520),
      sha256 text not null,
      description text,
      uploaded_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index recruiting_materials_school_idx on recruiting_materials (school_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists recruiting_materials`.execute(db);
  await sql`drop table if exists expense_receipts`.execute(db);
  await sql`drop table if exists expenses`.execute(db);
}

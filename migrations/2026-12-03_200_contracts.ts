import { sql, type Kysely } from 'kysely';

/**
 * NIL contracts, payment schedules and 1099 flags (issue 38; spec part 1 §3 "Contract row" and "Payment", §4).
 * A contract carries out an approved disclosure (one disclosure, any number of contracts): payor, total, size,
 * type, dates and the signed PDF (its bytes in `stored_files`). It is reviewed through `contract-review:<id>`:
 * PENDING → ACTIVE or REJECTED; an active contract gets at most one payment schedule, run by
 * `payment-schedule:<contractId>`, which opens each payment (pending) and records paid or failed; when every payment
 * is settled the contract is COMPLETED. A payment row is unique per (contract, seq), so a retried activity never
 * opens a payment twice. A tax flag row records the moment one payor's paid total to an athlete in a calendar year
 * reached $600 (part 2 §9), once per (athlete, payor, year). Amounts are whole cents, $0 to $999,999.
 * History rows restrict deletes (docs/deletes.md); only the school key cascades.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contracts (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      disclosure_id uuid not null references disclosures(id),
      athlete_user_id uuid not null references users(id),
      payor_name text not null,
      total_cents int not null check (total_cents between 0 and 99999900),
      size text not null check (size in ('SMALL','MEDIUM','LARGE')),
      type text not null,
      start_date date not null,
      end_date date not null,
      notes text,
      status text not null default 'PENDING' check (status in ('PENDING','ACTIVE','COMPLETED','REJECTED')),
      document_file_id uuid references stored_files(id),
      document_filename text,
      document_size_bytes int,
      document_sha256 text,
      document_uploaded_at timestamptz,
      created_by uuid references users(id) on delete set null,
      decided_by uuid references users(id) on delete set null,
      decided_at timestamptz,
      reject_reason text,
      workflow_id text not null,
      created_at timestamptz not null default now(),
      check (start_date <= end_date)
    )`.execute(db);
  await sql`create index contracts_school_idx on contracts (school_id, created_at desc)`.execute(db);
  await sql`create index contracts_athlete_idx on contracts (school_id, athlete_user_id)`.execute(db);
  await sql`create index contracts_disclosure_idx on contracts (disclosure_id)`.execute(db);
  await sql`
    create table contract_schedules (
      contract_id uuid primary key references contracts(id),
      school_id uuid not null references schools(id) on delete cascade,
      cycle text not null check (cycle in ('WEEK','BIWEEK','MONTH','QUARTER')),
      amount_cents int not null check (amount_cents between 0 and 99999900),
      payment_count int not null check (payment_count between 1 and 208),
      first_due_date date not null,
      status text not null default 'RUNNING' check (status in ('RUNNING','COMPLETED','ENDED')),
      workflow_id text not null,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      ended_at timestamptz
    )`.execute(db);
  await sql`
    create table contract_payments (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      contract_id uuid not null references contracts(id),
      seq int not null,
      due_date date not null,
      amount_cents int not null check (amount_cents between 0 and 99999900),
      status text not null default 'PENDING' check (status in ('PENDING','PAID','FAILED')),
      paid_on date,
      confirmed_by uuid references users(id) on delete set null,
      confirmed_at timestamptz,
      reminded_at timestamptz,
      created_at timestamptz not null default now(),
      unique (contract_id, seq)
    )`.execute(db);
  await sql`create index contract_payments_school_idx on contract_payments (school_id, status, due_date)`.execute(db);
  await sql`
    create table contract_tax_flags (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      athlete_user_id uuid not null references users(id),
      payor_key text not null,
      payor_name text not null,
      year int not null,
      contract_id uuid not null references contracts(id),
      disclosure_id uuid not null references disclosures(id),
      total_cents int not null,
      reached_at timestamptz not null default now(),
      unique (school_id, athlete_user_id, payor_key, year)
    )`.execute(db);
  await sql`create index contract_tax_flags_disclosure_idx on contract_tax_flags (disclosure_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists contract_tax_flags`.execute(db);
  await sql`drop table if exists contract_payments`.execute(db);
  await sql`drop table if exists contract_schedules`.execute(db);
  await sql`drop table if exists contracts`.execute(db);
}

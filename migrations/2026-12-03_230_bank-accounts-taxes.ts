import { sql, type Kysely } from 'kysely';

/**
 * Bank accounts, the tax disclaimer and its acknowledgements (issue 38; spec part 1 §2 /bankAccount, /taxDisclaimer,
 * §3 "Payment": bank, account number, type, name on account).
 * An athlete has at most one bank account per school; saving again replaces it. The account number is stored only
 * encrypted (AES-256-GCM, `account_number_enc`, see api/bank-accounts/bank-accounts.service.ts) with its last four
 * digits apart for the mask; the routing number is public (it names the bank) and is kept as typed.
 * The disclaimer is one text per school (none: the default in domain/tax/disclaimer.ts); an athlete acknowledges it
 * once per calendar year, with the time and a hash of the text they saw. Users are never cascaded (docs/deletes.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bank_accounts (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      athlete_user_id uuid not null references users(id),
      bank_name text not null,
      account_type text not null check (account_type in ('CHECKING','SAVINGS')),
      name_on_account text not null,
      routing_number text not null check (routing_number ~ '^[0-9]{9}$'),
      account_number_enc text not null,
      account_last4 text not null check (account_last4 ~ '^[0-9]{4}$'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      updated_by uuid references users(id) on delete set null,
      unique (school_id, athlete_user_id)
    )`.execute(db);
  await sql`
    create table tax_disclaimers (
      school_id uuid primary key references schools(id) on delete cascade,
      text text not null,
      updated_by uuid references users(id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table tax_disclaimer_acks (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      athlete_user_id uuid not null references users(id),
      year int not null,
      text_sha256 text not null,
      acknowledged_at timestamptz not null default now(),
      unique (school_id, athlete_user_id, year)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists tax_disclaimer_acks`.execute(db);
  await sql`drop table if exists tax_disclaimers`.execute(db);
  await sql`drop table if exists bank_accounts`.execute(db);
}

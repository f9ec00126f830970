import { sql, type Kysely } from 'kysely';

/**
 * Vendors and their public business card (issue 39; spec part 1 §2 `/vendors`, `/createVendor`, `/card/:customUrl`).
 * A vendor belongs to a school and has a profile (categories, services, prices, logo URL) and a custom URL for its
 * card at `/card/<customUrl>`, unique across the product (the card's address names no school), compared without
 * case. A deactivated vendor's card answers 404. Only the school key cascades.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vendors (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      name text not null,
      categories text[] not null default '{}',
      services text,
      prices text,
      logo_url text,
      contact_email text,
      custom_url text not null,
      active boolean not null default true,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      deactivated_at timestamptz
    )`.execute(db);
  await sql`create unique index vendors_custom_url_idx on vendors (lower(custom_url))`.execute(db);
  await sql`create index vendors_school_idx on vendors (school_id, name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists vendors`.execute(db);
}

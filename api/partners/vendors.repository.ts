import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, VendorsTable } from '../../migrations/database';

/** SQL of vendors and their public cards (issue 39); every school-side read names the school first. */
export type VendorRow = Selectable<VendorsTable>;

export async function listVendors(db: Kysely<Database>, schoolId: string): Promise<VendorRow[]> {
  return db.selectFrom('vendors').where('school_id', '=', schoolId).selectAll().orderBy('name').orderBy('id').execute();
}

export async function findVendor(db: Kysely<Database>, schoolId: string, id: string): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').where('school_id', '=', schoolId).where('id', '=', id).selectAll().executeTakeFirst();
}

export async function customUrlTaken(db: Kysely<Database>, customUrl: string): Promise<boolean> {
  const row = await db
    .selectFrom('vendors')
    .where(sql`lower(custom_url)`, '=', customUrl.toLowerCase())
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertVendor(
  db: Kysely<Database>,
  v: {
    schoolId: string;
    name: string;
    categories: string[];
    services: string | null;
    prices: string | null;
    logoUrl: string | null;
    contactEmail: string | null;
    customUrl: string;
    createdBy: string;
  },
): Promise<string | null> {
  const row = await db
    .insertInto('vendors')
    .values({
      school_id: v.schoolId,
      name: v.name,
      categories: v.categories,
      services: v.services,
      prices: v.prices,
      logo_url: v.logoUrl,
      contact_email: v.contactEmail,
      custom_url: v.customUrl,
      created_by: v.createdBy,
    })
    .onConflict((oc) => oc.expression(sql`lower(custom_url)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setVendorActive(db: Kysely<Database>, schoolId: string, id: string, active: boolean) {
  await db
    .updateTable('vendors')
    .set({ active, deactivated_at: active ? null : new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** The public card: any school's active vendor by its custom URL (ignoring case). */
export async function findActiveCard(db: Kysely<Database>, customUrl: string) {
  return db
    .selectFrom('vendors as v')
    .innerJoin('schools as s', 's.id', 'v.school_id')
    .where(sql`lower(v.custom_url)`, '=', customUrl.toLowerCase())
    .where('v.active', '=', true)
    .select([
      'v.name',
      'v.categories',
      'v.services',
      'v.prices',
      'v.logo_url',
      'v.contact_email',
      'v.custom_url',
      's.name as school_name',
    ])
    .executeTakeFirst();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database, School, SchoolSettings } from '../../migrations/database';

export async function findSchoolSummary(db: Kysely<Database>, schoolId: string) {
  const row = await db
    .selectFrom('schools')
    .select(['id', 'name', 'plan', 'kind', 'time_zone as timeZone'])
    .where('id', '=', schoolId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findSchool(db: Kysely<Database>, schoolId: string): Promise<School | null> {
  return (await db.selectFrom('schools').selectAll().where('id', '=', schoolId).executeTakeFirst()) ?? null;
}

/** The school, its row locked for the rest of the transaction (an edit reads and writes its settings in one turn). */
export async function lockSchool(trx: Transaction<Database>, schoolId: string): Promise<School | null> {
  return (
    (await trx.selectFrom('schools').selectAll().where('id', '=', schoolId).forUpdate().executeTakeFirst()) ?? null
  );
}

export async function findSchoolSettings(db: Kysely<Database>, schoolId: string): Promise<SchoolSettings> {
  const row = await db.selectFrom('schools').select('settings').where('id', '=', schoolId).executeTakeFirst();
  return row?.settings ?? {};
}

export interface SchoolChanges {
  name?: string;
  division?: string | null;
  state?: string | null;
  timeZone?: string;
  settings?: SchoolSettings;
}

export async function updateSchool(
  db: Kysely<Database>,
  schoolId: string,
  changes: SchoolChanges,
): Promise<School | null> {
  const set: Record<string, unknown> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.division !== undefined) set.division = changes.division;
  if (changes.state !== undefined) set.state = changes.state;
  if (changes.timeZone !== undefined) set.time_zone = changes.timeZone;
  if (changes.settings !== undefined) set.settings = JSON.stringify(changes.settings);
  if (Object.keys(set).length > 0) await db.updateTable('schools').set(set).where('id', '=', schoolId).execute();
  return findSchool(db, schoolId);
}

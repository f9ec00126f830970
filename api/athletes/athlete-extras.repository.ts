import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../migrations/database';
import { fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

/** Custom field definitions, list preferences and files of student-athletes; every read scoped by school or user. */

export interface CustomFieldRow {
  id: string;
  name: string;
  scope: 'ATHLETE' | 'TEAM' | 'INSTITUTION';
  sportTeamId: string | null;
  athleteUserId: string | null;
}

const customFieldColumns = ['id', 'name', 'scope', 'sport_team_id', 'athlete_user_id'] as const;
const toCustomField = (r: {
  id: string;
  name: string;
  scope: CustomFieldRow['scope'];
  sport_team_id: string | null;
  athlete_user_id: string | null;
}): CustomFieldRow => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  sportTeamId: r.sport_team_id,
  athleteUserId: r.athlete_user_id,
});

export async function listCustomFields(db: Db, schoolId: string): Promise<CustomFieldRow[]> {
  const rows = await db
    .selectFrom('athlete_custom_fields')
    .select(customFieldColumns)
    .where('school_id', '=', schoolId)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map(toCustomField);
}

/** The definitions that apply to one athlete: the institution's, their team's and their own. */
export async function customFieldsForAthlete(
  db: Db,
  schoolId: string,
  athleteId: string,
  teamId: string | null,
): Promise<CustomFieldRow[]> {
  const rows = await db
    .selectFrom('athlete_custom_fields')
    .select(customFieldColumns)
    .where('school_id', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('scope', '=', 'INSTITUTION'),
        eb.and([eb('scope', '=', 'TEAM'), eb('sport_team_id', '=', teamId)]),
        eb.and([eb('scope', '=', 'ATHLETE'), eb('athlete_user_id', '=', athleteId)]),
      ]),
    )
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map(toCustomField);
}

export async function insertCustomField(
  db: Db,
  schoolId: string,
  input: Omit<CustomFieldRow, 'id'>,
): Promise<CustomFieldRow> {
  const row = await db
    .insertInto('athlete_custom_fields')
    .values({
      school_id: schoolId,
      name: input.name.trim(),
      scope: input.scope,
      sport_team_id: input.sportTeamId,
      athlete_user_id: input.athleteUserId,
    })
    .returning(customFieldColumns)
    .executeTakeFirstOrThrow();
  return toCustomField(row);
}

/** Whether another definition of the same reach (institution, that team, that athlete) has this name already. */
export async function customFieldNameTaken(
  db: Db,
  schoolId: string,
  input: Omit<CustomFieldRow, 'id'>,
  exceptId: string | null,
): Promise<boolean> {
  let q = db
    .selectFrom('athlete_custom_fields')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('scope', '=', input.scope)
    .where(sql`lower(btrim(name))`, '=', input.name.trim().toLowerCase());
  q = input.sportTeamId ? q.where('sport_team_id', '=', input.sportTeamId) : q.where('sport_team_id', 'is', null);
  q = input.athleteUserId
    ? q.where('athlete_user_id', '=', input.athleteUserId)
    : q.where('athlete_user_id', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function findCustomField(db: Db, schoolId: string, id: string): Promise<CustomFieldRow | null> {
  const row = await db
    .selectFrom('athlete_custom_fields')
    .select(customFieldColumns)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toCustomField(row) : null;
}

export async function renameCustomField(db: Db, schoolId: string, id: string, name: string): Promise<void> {
  await db
    .updateTable('athlete_custom_fields')
    .set({ name: name.trim() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteCustomField(db: Db, schoolId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('athlete_custom_fields')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function findListColumns(db: Db, userId: string, listKey: string): Promise<string[] | null> {
  const row = await db
    .selectFrom('list_preferences')
    .select('columns')
    .where('user_id', '=', userId)
    .where('list_key', '=', listKey)
    .executeTakeFirst();
  return row ? (row.columns as string[]) : null;
}

export async function saveListColumns(db: Db, userId: string, listKey: string, columns: string[]): Promise<void> {
  await db
    .insertInto('list_preferences')
    .values({ user_id: userId, list_key: listKey, columns: JSON.stringify(columns) })
    .onConflict((oc) =>
      oc.columns(['user_id', 'list_key']).doUpdateSet({ columns: JSON.stringify(columns), updated_at: new Date() }),
    )
    .execute();
}

export interface AthleteFileRow {
  id: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: Date;
  uploadedBy: string | null;
}

export async function listAthleteFiles(db: Db, schoolId: string, athleteId: string): Promise<AthleteFileRow[]> {
  const rows = await db
    .selectFrom('athlete_files as f')
    .innerJoin('stored_files as s', (j) => j.onRef('s.id', '=', 'f.file_id').on('s.school_id', '=', schoolId))
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .where('f.school_id', '=', schoolId)
    .where('f.athlete_user_id', '=', athleteId)
    .select([
      's.id',
      's.filename',
      's.size_bytes',
      's.content_type',
      'f.created_at',
      fullNameOrNull('u').as('uploader'),
    ])
    .orderBy('f.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.filename,
    size: r.size_bytes,
    contentType: r.content_type,
    uploadedAt: r.created_at,
    uploadedBy: r.uploader,
  }));
}

/** Counts the athlete's files under a row lock on the profile, so two uploads cannot both pass the limit. */
export async function lockAndCountFiles(db: Db, schoolId: string, athleteId: string): Promise<number> {
  await sql`select 1 from athlete_profiles where school_id = ${schoolId} and user_id = ${athleteId} for update`.execute(
    db,
  );
  const row = await db
    .selectFrom('athlete_files')
    .select(sql<string>`count(*)`.as('n'))
    .where('school_id', '=', schoolId)
    .where('athlete_user_id', '=', athleteId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAthleteFile(
  db: Db,
  schoolId: string,
  athleteId: string,
  fileId: string,
  uploadedBy: string,
): Promise<void> {
  await db
    .insertInto('athlete_files')
    .values({ file_id: fileId, school_id: schoolId, athlete_user_id: athleteId, uploaded_by: uploadedBy })
    .execute();
}

export async function athleteHasFile(db: Db, schoolId: string, athleteId: string, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('athlete_files')
    .select('file_id')
    .where('school_id', '=', schoolId)
    .where('athlete_user_id', '=', athleteId)
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return !!row;
}

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

export async function currentAcademicYearId(db: Db, schoolId: string): Promise<string | null> {
  const row = await db
    .selectFrom('academic_years')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('is_current', '=', true)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function academicYearExists(db: Db, schoolId: string, yearId: string): Promise<boolean> {
  const row = await db
    .selectFrom('academic_years')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', yearId)
    .executeTakeFirst();
  return !!row;
}

export async function listTags(
  db: Db,
  schoolId: string,
): Promise<Array<{ id: string; name: string; athletes: number }>> {
  const rows = await db
    .selectFrom('athlete_tags as g')
    .leftJoin('athlete_tag_assignments as x', (j) => j.onRef('x.tag_id', '=', 'g.id').on('x.school_id', '=', schoolId))
    .where('g.school_id', '=', schoolId)
    .select(['g.id', 'g.name', sql<string>`count(distinct x.athlete_user_id)`.as('athletes')])
    .groupBy(['g.id', 'g.name'])
    .orderBy(sql`lower(g.name)`)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, athletes: Number(r.athletes) }));
}

export async function findTag(db: Db, schoolId: string, id: string) {
  return db
    .selectFrom('athlete_tags')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts a tag; null when the school already has one of that name (names compare trimmed, any case). */
export async function insertTag(db: Db, schoolId: string, name: string, createdBy: string): Promise<string | null> {
  const row = await db
    .insertInto('athlete_tags')
    .values({ school_id: schoolId, name: name.trim(), created_by: createdBy })
    .onConflict((oc) => oc.expression(sql`school_id, lower(btrim(name))`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function renameTag(db: Db, schoolId: string, id: string, name: string): Promise<void> {
  await db
    .updateTable('athlete_tags')
    .set({ name: name.trim() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTag(db: Db, schoolId: string, id: string): Promise<void> {
  await db.deleteFrom('athlete_tags').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** Tag ids for names, creating the missing ones (the school's existing spelling wins). */
export async function tagIdsForNames(db: Db, schoolId: string, names: string[], actor: string): Promise<string[]> {
  const ids: string[] = [];
  for (const name of [...new Set(names.map((n) => n.trim()).filter(Boolean))]) {
    const found = await db
      .selectFrom('athlete_tags')
      .select('id')
      .where('school_id', '=', schoolId)
      .where(sql`lower(btrim(name))`, '=', name.toLowerCase())
      .executeTakeFirst();
    ids.push(found?.id ?? (await insertTag(db, schoolId, name, actor))!);
  }
  return [...new Set(ids)];
}

export async function countTagsOf(db: Db, schoolId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('athlete_tags')
    .select(sql<string>`count(*)`.as('n'))
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AssignedTag {
  id: string;
  name: string;
  byCoach: boolean;
}

export async function tagsOfAthlete(
  db: Db,
  schoolId: string,
  athleteId: string,
  yearId: string | null,
): Promise<AssignedTag[]> {
  const rows = await db
    .selectFrom('athlete_tag_assignments as x')
    .innerJoin('athlete_tags as g', 'g.id', 'x.tag_id')
    .where('x.school_id', '=', schoolId)
    .where('x.athlete_user_id', '=', athleteId)
    .where((eb) =>
      yearId
        ? eb.or([eb('x.academic_year_id', '=', yearId), eb('x.academic_year_id', 'is', null)])
        : eb('x.academic_year_id', 'is', null),
    )
    .select(['g.id', 'g.name', 'x.by_coach'])
    .orderBy(sql`lower(g.name)`)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, byCoach: r.by_coach }));
}

/** Replaces the admin's (or the coaches') tags of an athlete in one academic year. */
export async function replaceAthleteTags(
  db: Db,
  schoolId: string,
  athleteId: string,
  input: { tagIds: string[]; yearId: string | null; byCoach: boolean; actor: string },
): Promise<void> {
  let del = db
    .deleteFrom('athlete_tag_assignments')
    .where('school_id', '=', schoolId)
    .where('athlete_user_id', '=', athleteId)
    .where('by_coach', '=', input.byCoach);
  del = input.yearId ? del.where('academic_year_id', '=', input.yearId) : del.where('academic_year_id', 'is', null);
  await del.execute();
  if (input.tagIds.length === 0) return;
  await db
    .insertInto('athlete_tag_assignments')
    .values(
      input.tagIds.map((tagId) => ({
        school_id: schoolId,
        athlete_user_id: athleteId,
        tag_id: tagId,
        academic_year_id: input.yearId,
        by_coach: input.byCoach,
        assigned_by: input.actor,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

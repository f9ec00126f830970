import type { CustomFieldScope } from '../../domain/athlete-profiles';
import { AppError, ERRORS } from '../../domain/errors';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { teamExists } from '../teams/teams.repository';
import {
  customFieldNameTaken,
  deleteCustomField as deleteCustomFieldRow,
  findCustomField,
  insertCustomField,
  listCustomFields as listCustomFieldRows,
  renameCustomField as renameCustomFieldRow,
  type CustomFieldRow,
} from './athlete-extras.repository';
import { profileView, reachableAthlete, setTagIds, type AthleteActor } from './athlete-profile.service';
import {
  academicYearExists,
  currentAcademicYearId,
  deleteTag as deleteTagRow,
  findTag,
  insertTag,
  listTags as listTagRows,
  renameTag as renameTagRow,
  tagsOfAthlete,
} from './athlete-tags.repository';
import { findAthlete, lockAthlete } from './athletes.repository';
import type { AthleteProfileView } from './athletes.schemas';

/**
 * Student-athlete tags (names unique per school; admins and coaches tag, admins rename and delete) and custom field
 * definitions (admins define them for one athlete, a team or every athlete; values live on the profile).
 */
type Deps = Pick<CoreDeps, 'db'>;

/** A tag with how many athletes carry it. */
export interface TagRow {
  id: string;
  name: string;
  athletes: number;
}

const tagExists = () => new AppError('TAG_NAME_EXISTS', [{ field: 'name', message: 'Tag names must be unique.' }]);
const blankName = () => new AppError('VALIDATION_FAILED', [{ field: 'name', message: ERRORS.MANDATORY_FIELD.message }]);
const nameTaken = () =>
  new AppError('CUSTOM_FIELD_NAME_EXISTS', [{ field: 'name', message: ERRORS.CUSTOM_FIELD_NAME_EXISTS.message }]);

export async function listTags(deps: Deps, actor: Actor): Promise<TagRow[]> {
  return listTagRows(deps.db, actor.schoolId);
}

export async function createTag(deps: Deps, actor: Actor, name: string): Promise<TagRow> {
  const id = await insertTag(deps.db, actor.schoolId, name, actor.userId);
  if (!id) throw tagExists();
  await auditBy(deps.db, actor, {
    action: 'athlete_tag.created',
    targetType: 'athlete_tag',
    targetId: id,
    details: { after: { name: name.trim() } },
  });
  return { id, name: name.trim(), athletes: 0 };
}

export async function renameTag(deps: Deps, actor: Actor, tagId: string, name: string): Promise<TagRow> {
  const tag = await findTag(deps.db, actor.schoolId, tagId);
  if (!tag) throw new AppError('NOT_FOUND');
  await renameTagRow(deps.db, actor.schoolId, tag.id, name).catch((err: unknown) => {
    if ((err as { code?: unknown }).code === '23505') throw tagExists();
    throw err;
  });
  await auditBy(deps.db, actor, {
    action: 'athlete_tag.renamed',
    targetType: 'athlete_tag',
    targetId: tag.id,
    details: { before: { name: tag.name }, after: { name: name.trim() } },
  });
  return (await listTagRows(deps.db, actor.schoolId)).find((t) => t.id === tag.id)!;
}

export async function deleteTag(deps: Deps, actor: Actor, tagId: string): Promise<void> {
  const tag = await findTag(deps.db, actor.schoolId, tagId);
  if (!tag) throw new AppError('NOT_FOUND');
  await deleteTagRow(deps.db, actor.schoolId, tag.id);
  await auditBy(deps.db, actor, {
    action: 'athlete_tag.deleted',
    targetType: 'athlete_tag',
    targetId: tag.id,
    details: { before: { name: tag.name } },
  });
}

/** Sets the caller's tags of an athlete for an academic year (default: the current one). */
export async function setAthleteTags(
  deps: Deps,
  actor: AthleteActor,
  athleteId: string,
  input: { tagIds: string[]; academicYearId?: string },
): Promise<AthleteProfileView> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const { athlete, viewer } = await (await reachableAthlete(db, actor))(athleteId);
  if (viewer === 'athlete') throw new AppError('FORBIDDEN');
  const { tagIds, academicYearId } = input;
  if (academicYearId && !(await academicYearExists(db, schoolId, academicYearId))) {
    throw new AppError('NO_ACADEMIC_YEAR');
  }
  const yearId = academicYearId ?? (await currentAcademicYearId(db, schoolId));
  await db.transaction().execute(async (trx) => {
    // Replacements of one athlete's tags take turns on the profile's row: two at once each deleted what it saw
    // and inserted its own set, so the athlete ended with both sets, past the per-year limit.
    if (!(await lockAthlete(trx, schoolId, athlete.id))) throw new AppError('NOT_FOUND');
    const before = await tagsOfAthlete(trx, schoolId, athlete.id, yearId);
    await setTagIds(trx, schoolId, athlete.id, tagIds, { viewer, actor: actor.userId, yearId });
    const after = await tagsOfAthlete(trx, schoolId, athlete.id, yearId);
    await auditBy(trx, actor, {
      action: 'athlete.tags_updated',
      targetType: 'user',
      targetId: athlete.id,
      details: {
        academicYearId: yearId,
        byCoach: viewer === 'coach',
        before: { tags: before.map((t) => t.name) },
        after: { tags: after.map((t) => t.name) },
      },
    });
  });
  return profileView(db, schoolId, (await findAthlete(db, schoolId, athlete.id))!, viewer);
}

export async function listCustomFields(deps: Deps, actor: Actor): Promise<CustomFieldRow[]> {
  return listCustomFieldRows(deps.db, actor.schoolId);
}

export async function createCustomField(
  deps: Deps,
  actor: Actor,
  input: { name: string; scope: string; sportTeamId?: string | null; athleteUserId?: string | null },
): Promise<CustomFieldRow> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const { name, scope } = input;
  if (!name.trim()) throw blankName();
  const sportTeamId = scope === 'TEAM' ? (input.sportTeamId ?? null) : null;
  const athleteUserId = scope === 'ATHLETE' ? (input.athleteUserId ?? null) : null;
  if (scope === 'TEAM' && (!sportTeamId || !(await teamExists(db, schoolId, sportTeamId)))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Choose a team of your school.' }]);
  }
  if (scope === 'ATHLETE' && (!athleteUserId || !(await findAthlete(db, schoolId, athleteUserId)))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'athleteUserId', message: 'Choose a student-athlete.' }]);
  }
  const definition = { name, scope: scope as CustomFieldScope, sportTeamId, athleteUserId };
  if (await customFieldNameTaken(db, schoolId, definition, null)) throw nameTaken();
  const field = await insertCustomField(db, schoolId, definition);
  await auditBy(db, actor, {
    action: 'athlete_custom_field.created',
    targetType: 'athlete_custom_field',
    targetId: field.id,
    details: { after: field },
  });
  return field;
}

export async function renameCustomField(
  deps: Deps,
  actor: Actor,
  fieldId: string,
  name: string,
): Promise<CustomFieldRow> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const before = await findCustomField(db, schoolId, fieldId);
  if (!before) throw new AppError('NOT_FOUND');
  if (!name.trim()) throw blankName();
  if (await customFieldNameTaken(db, schoolId, { ...before, name }, before.id)) throw nameTaken();
  await renameCustomFieldRow(db, schoolId, before.id, name);
  const after = (await findCustomField(db, schoolId, before.id))!;
  await auditBy(db, actor, {
    action: 'athlete_custom_field.renamed',
    targetType: 'athlete_custom_field',
    targetId: before.id,
    details: { before: { name: before.name }, after: { name: after.name } },
  });
  return after;
}

export async function deleteCustomField(deps: Deps, actor: Actor, fieldId: string): Promise<void> {
  if (!(await deleteCustomFieldRow(deps.db, actor.schoolId, fieldId))) throw new AppError('NOT_FOUND');
  await auditBy(deps.db, actor, {
    action: 'athlete_custom_field.deleted',
    targetType: 'athlete_custom_field',
    targetId: fieldId,
  });
}

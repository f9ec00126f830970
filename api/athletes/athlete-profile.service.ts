import type { Kysely } from 'kysely';
import { coachTeamIds } from '../staff/staff-teams.repository';
import {
  ATHLETE_LIMITS,
  canSeeField,
  editableFields,
  forbiddenEdits,
  normaliseSocialLink,
  visibleProfile,
  type ProfileViewer,
} from '../../domain/athlete-profiles';
import { athleteInputProblems, socialLinksOf } from '../../domain/athlete-validation';
import { AppError } from '../../domain/errors';
import type { Permission } from '../../domain/permissions';
import type { Portal } from '../../domain/roles';
import type { Database } from '../../migrations/database';
import type { RequestOrigin } from '../shared/request-meta';
import { auditBy } from '../shared/use-case';
import type { AuthContext } from '../types';
import { userManagerOf, type UserManager } from '../users/user-scope';
import { customFieldsForAthlete, listAthleteFiles } from './athlete-extras.repository';
import { joinAthleteFields } from './athlete-fields';
import {
  countTagsOf,
  currentAcademicYearId,
  replaceAthleteTags,
  tagIdsForNames,
  tagsOfAthlete,
} from './athlete-tags.repository';
import { findAthlete, isStaffOfSchool, socialLinksOfOthers, type AthleteRecord } from './athletes.repository';
import type { AthleteProfileView } from './athletes.schemas';

type Db = Kysely<Database>;

/** Who acts on athletes: a user manager (account actions invite and deactivate) in the portal they work in. */
export interface AthleteActor extends UserManager {
  portal: Portal;
}

/** The athlete actor behind a signed-in request. */
export function athleteActorOf(auth: AuthContext, origin: RequestOrigin): AthleteActor {
  return { ...userManagerOf(auth, origin), portal: auth.portal };
}

/** What decides which athletes and fields a caller reaches. */
export type AthleteViewer = Pick<AthleteActor, 'userId' | 'schoolId' | 'portal'> & {
  permissions: ReadonlySet<Permission>;
};

/** The view a caller gets: admins in the admin portal, coaches (or admins in the coach portal), the athlete. */
export function viewerOf(actor: Pick<AthleteViewer, 'portal' | 'permissions'>): ProfileViewer | null {
  if (actor.portal === 'admin' && actor.permissions.has('athletes:write')) return 'admin';
  if (actor.portal === 'coach' && actor.permissions.has('athletes:read')) return 'coach';
  if (actor.portal === 'athlete') return 'athlete';
  return null;
}

/** The athlete as this caller may reach them; anyone else's athlete answers 404, as if it did not exist. */
export async function reachableAthlete(
  db: Db,
  actor: AthleteViewer,
): Promise<(id: string) => Promise<{ athlete: AthleteRecord; viewer: ProfileViewer }>> {
  const viewer = viewerOf(actor);
  if (!viewer) throw new AppError('FORBIDDEN');
  const teams = viewer === 'coach' ? await coachTeamIds(db, actor.schoolId, actor.userId) : [];
  return async (id) => {
    if (viewer === 'athlete' && id !== actor.userId) throw new AppError('NOT_FOUND');
    const athlete = await findAthlete(db, actor.schoolId, id);
    if (!athlete) throw new AppError('NOT_FOUND');
    const team = athlete.columns.sport_team_id as string | null;
    if (viewer === 'coach' && (!team || !teams.includes(team))) throw new AppError('NOT_FOUND');
    return { athlete, viewer };
  };
}

/** Every field of the profile under its API name (visible or not; callers filter). */
export function fullProfile(r: AthleteRecord): Record<string, unknown> {
  return {
    ...joinAthleteFields(r.columns, r.data),
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    middleName: r.middleName,
    phoneNumber: r.phoneNumber,
    tags: r.tags,
  };
}

export async function profileView(
  db: Db,
  schoolId: string,
  athlete: AthleteRecord,
  viewer: ProfileViewer,
): Promise<AthleteProfileView> {
  const yearId = await currentAcademicYearId(db, schoolId);
  const teamId = athlete.columns.sport_team_id as string | null;
  const [tags, files, fields] = await Promise.all([
    canSeeField(viewer, 'tags') ? tagsOfAthlete(db, schoolId, athlete.id, yearId) : null,
    canSeeField(viewer, 'files') ? listAthleteFiles(db, schoolId, athlete.id) : null,
    canSeeField(viewer, 'customFieldValues') ? customFieldsForAthlete(db, schoolId, athlete.id, teamId) : null,
  ]);
  const values = (athlete.data.customFieldValues ?? {}) as Record<string, string | null>;
  return {
    id: athlete.id,
    viewer,
    email: athlete.email,
    firstName: athlete.firstName,
    lastName: athlete.lastName,
    status: athlete.status,
    sportTeamName: athlete.sportTeamName,
    academicAdvisorName: athlete.academicAdvisorName,
    updatedAt: athlete.updatedAt.toISOString(),
    profile: visibleProfile(viewer, fullProfile(athlete)),
    editable: editableFields(viewer),
    ...(tags ? { tags } : {}),
    ...(files ? { files: files.map((f) => ({ ...f, uploadedAt: f.uploadedAt.toISOString() })) } : {}),
    ...(fields ? { customFields: fields.map((f) => ({ ...f, value: values[f.id] ?? null })) } : {}),
  };
}

/**
 * The checks the schema cannot make, with the spec's wording: the shared rules of domain/athlete-validation (at most
 * 3 positions, a date of birth not in the future, social links of the right network and not given twice), then
 * those that read the database: links different from every other athlete's, the advisor a staff member of the
 * school, custom field values only for definitions that apply to this athlete.
 */
export async function checkProfileInput(
  db: Db,
  schoolId: string,
  athlete: AthleteRecord | null,
  body: Record<string, unknown>,
  today: string,
): Promise<void> {
  // The shared rules first (the bulk upload runs the very same ones per row); the first rule broken is the answer.
  const problems = athleteInputProblems(body, today);
  if (problems.length) {
    const code = problems[0]!.code;
    throw new AppError(
      code,
      problems.filter((p) => p.code === code).map(({ field, message }) => ({ field, message })),
    );
  }
  const mine = socialLinksOf(body);
  if (mine.size > 0) {
    const others = new Set((await socialLinksOfOthers(db, schoolId, athlete?.id ?? null)).map(normaliseSocialLink));
    const details = [...mine]
      .filter(([key]) => others.has(key))
      .map(([, network]) => ({
        field: `socialMedia.${network}`,
        message: 'Another student-athlete already uses this link.',
      }));
    if (details.length) throw new AppError('SOCIAL_LINK_INVALID', details);
  }
  if (typeof body.academicAdvisorId === 'string' && !(await isStaffOfSchool(db, schoolId, body.academicAdvisorId))) {
    throw new AppError('ADVISOR_NOT_STAFF', [
      { field: 'academicAdvisorId', message: 'The academic advisor must be a staff member of your school.' },
    ]);
  }
  const values = body.customFieldValues as Record<string, unknown> | undefined;
  if (values && Object.keys(values).length) {
    const teamId =
      body.sportTeamId !== undefined
        ? (body.sportTeamId as string | null)
        : ((athlete?.columns.sport_team_id as string | null) ?? null);
    const allowed = athlete
      ? new Set((await customFieldsForAthlete(db, schoolId, athlete.id, teamId)).map((f) => f.id))
      : new Set<string>();
    const unknown = Object.keys(values).filter((id) => !allowed.has(id));
    if (unknown.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        unknown.map((id) => ({ field: `customFieldValues.${id}`, message: 'This custom field does not apply here.' })),
      );
    }
  }
}

/**
 * Sets an athlete's tags of the current academic year from names (new names become tags of the school). Admin tags
 * count at most 10 a year, the coaches' at most 30 (spec part 2 §9).
 */
export async function setTagsByName(
  db: Db,
  schoolId: string,
  athleteId: string,
  names: string[],
  by: { viewer: ProfileViewer; actor: string },
): Promise<void> {
  const ids = await tagIdsForNames(db, schoolId, names, by.actor);
  await setTagIds(db, schoolId, athleteId, ids, { ...by, yearId: await currentAcademicYearId(db, schoolId) });
}

export async function setTagIds(
  db: Db,
  schoolId: string,
  athleteId: string,
  tagIds: string[],
  by: { viewer: ProfileViewer; actor: string; yearId: string | null },
): Promise<void> {
  const byCoach = by.viewer === 'coach';
  const limit = byCoach ? ATHLETE_LIMITS.maxCoachTagsPerYear : ATHLETE_LIMITS.maxTagsPerYear;
  if (tagIds.length > limit) {
    const code = byCoach ? 'COACH_TAGS_LIMIT' : 'TAGS_LIMIT';
    throw new AppError(code, [{ field: 'tags', message: `At most ${limit} tags per student-athlete per year.` }]);
  }
  if ((await countTagsOf(db, schoolId, tagIds)) !== tagIds.length) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'tagIds', message: 'Unknown tag.' }]);
  }
  await replaceAthleteTags(db, schoolId, athleteId, { tagIds, yearId: by.yearId, byCoach, actor: by.actor });
}

/** The fields that changed, each with its value before and after (what the audit event records). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  keys: Iterable<string>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    out.before[key] = before[key] ?? null;
    out.after[key] = after[key] ?? null;
  }
  return out;
}

/** Refuses fields this viewer may not change, naming each. */
export function assertEditable(viewer: ProfileViewer, body: Record<string, unknown>): void {
  const forbidden = forbiddenEdits(
    viewer,
    Object.keys(body).filter((k) => body[k] !== undefined),
  );
  if (forbidden.length) {
    throw new AppError(
      'FORBIDDEN',
      forbidden.map((field) => ({ field, message: 'You cannot change this field.' })),
    );
  }
}

/** Records a profile change with the changed fields before and after. */
export async function auditProfileChange(
  db: Db,
  actor: AthleteActor,
  athleteId: string,
  diff: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  if (Object.keys(diff.after).length === 0) return;
  await auditBy(db, actor, {
    action: 'athlete.profile_updated',
    targetType: 'user',
    targetId: athleteId,
    details: { viewer: viewerOf(actor), before: diff.before, after: diff.after },
  });
}

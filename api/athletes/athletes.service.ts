import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { findSchoolToday, todayIn } from '../forms/school-today';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal } from '../shared/workflow-client';
import { teamExists } from '../teams/teams.repository';
import { startInvitationWorkflow, writeInvitation } from '../users/invitations.service';
import { replaceRoleGrants } from '../users/role-grants.repository';
import type { UsersDeps } from '../users/user-scope';
import { deleteUser, insertUser, isEmailTaken, updateUserFields } from '../users/users.repository';
import { canSeeField } from '../../domain/athlete-profiles';
import { splitAthleteFields } from './athlete-fields';
import {
  assertEditable,
  auditProfileChange,
  changedFields,
  checkProfileInput,
  fullProfile,
  profileView,
  reachableAthlete,
  setTagsByName,
  type AthleteActor,
} from './athlete-profile.service';
import {
  findAthlete,
  insertAthleteProfile,
  lockAthlete,
  updateAthleteProfile,
  type AthleteRecord,
} from './athletes.repository';
import type {
  AthleteDto,
  AthleteListRow,
  AthleteProfileView,
  CreateAthleteBody,
  UpdateAthleteBody,
} from './athletes.schemas';

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? null : String(v));
const term = (t: unknown, y: unknown) => (t || y ? [t, y].filter(Boolean).join(' ') : null);

export function toAthleteListRow(r: AthleteRecord): AthleteListRow {
  const c = r.columns;
  return {
    id: r.id,
    athletName: `${r.firstName} ${r.lastName}`,
    studentEmail: r.email,
    dob: str(c.date_of_birth),
    residencyStatus: str(c.residency_status),
    studentRollNumber: str(c.student_id_number),
    position: str(c.position),
    sportTeamId: str(c.sport_team_id),
    sportTeamName: r.sportTeamName,
    userStatus: r.status,
    eligibility: Array.isArray(c.eligibility_types) ? (c.eligibility_types as string[]) : [],
    tags: r.tags,
    phoneNumber: r.phoneNumber,
    classYear: str(c.class_year),
    cumulativeGPA: num(c.cumulative_gpa),
    isAtRisk: bool(c.is_at_risk),
    isTransferStudent: bool(c.is_transfer_student),
    enrollmentAtThisInstitution: term(c.enrollment_term_this_institution, c.enrollment_year_this_institution),
    enrollmentAtAnyInstitution: term(c.enrollment_term, c.enrollment_year),
    isEnrolledFullTime: bool(c.is_enrolled_full_time),
    rosterStatus: str(c.roster_status),
    aidType: str(c.aid_status),
    athleticGrantAmount: num(c.athletic_grant_amount),
    totalAidPercentage: num(c.total_aid_percentage),
    totalAidAmount: num(c.total_aid_amount),
  };
}

export function toAthleteDto(r: AthleteRecord): AthleteDto {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    status: r.status,
    sportTeamName: r.sportTeamName,
    updatedAt: r.updatedAt.toISOString(),
    profile: fullProfile(r),
  };
}

async function assertTeam(db: Kysely<Database>, schoolId: string, teamId: unknown): Promise<void> {
  if (typeof teamId === 'string' && !(await teamExists(db, schoolId, teamId))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
}

const emailExists = () => new AppError('EMAIL_EXISTS', [{ field: 'email', message: 'Email exists.' }]);

/**
 * Adds a student-athlete (account NOT_INVITED, or INVITED with `invite: true`, which starts the invitation), to the
 * caller's school or, for a platform operator, to the school given.
 */
export async function createAthlete(
  deps: UsersDeps,
  actor: Actor,
  body: CreateAthleteBody,
  inSchoolId?: string,
): Promise<{ athlete: AthleteDto; invitationId: string | null }> {
  const schoolId = inSchoolId ?? actor.schoolId;
  const { db } = deps;
  await assertTeam(db, schoolId, body.sportTeamId);
  const today = inSchoolId ? await findSchoolToday(db, schoolId, deps.now()) : todayIn(actor.timeZone, deps.now());
  await checkProfileInput(db, schoolId, null, body as Record<string, unknown>, today);
  if (await isEmailTaken(db, body.email)) throw emailExists();
  const temporal = body.invite ? requireTemporal(deps) : null;
  const { columns, data } = splitAthleteFields(body as Record<string, unknown>);

  const { userId, invitation } = await db
    .transaction()
    .execute(async (trx) => {
      const id = await insertUser(trx, schoolId, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        middleName: body.middleName ?? null,
        phoneNumber: body.phoneNumber ?? null,
        status: 'NOT_INVITED',
      });
      await replaceRoleGrants(trx, schoolId, id, [{ role: 'STUDENT_ATHLETE' }]);
      await insertAthleteProfile(trx, schoolId, id, columns, data);
      if (body.tags?.length) {
        await setTagsByName(trx, schoolId, id, body.tags, { viewer: 'admin', actor: actor.userId });
      }
      const inv = body.invite
        ? await writeInvitation(trx, deps.appSecret, {
            schoolId,
            userId: id,
            email: body.email,
            invitedBy: actor.userId,
          })
        : null;
      return { userId: id, invitation: inv };
    })
    .catch((err: unknown) => {
      if ((err as { code?: unknown }).code === '23505') throw emailExists();
      throw err;
    });

  if (temporal && invitation) {
    try {
      await startInvitationWorkflow(deps, temporal, invitation);
    } catch (err) {
      deps.log?.error({ err }, 'invitation workflow could not start');
      await deleteUser(db, schoolId, userId);
      throw new AppError('WORKFLOW_UNAVAILABLE');
    }
    await auditBy(db, actor, {
      schoolId,
      action: 'user.invited',
      targetType: 'user',
      targetId: userId,
      details: {
        email: body.email.toLowerCase(),
        roles: [{ role: 'STUDENT_ATHLETE' }],
        invitationId: invitation.invitationId,
      },
    });
  }
  const athlete = await findAthlete(db, schoolId, userId);
  return { athlete: toAthleteDto(athlete!), invitationId: invitation?.invitationId ?? null };
}

/**
 * Changes a profile as the caller's view allows (admin, coach of the athlete's team, the athlete): fields outside
 * the view are refused by name, the spec's checks run, and the audit event carries each changed field before and
 * after.
 */
export async function updateAthlete(
  deps: CoreDeps,
  actor: AthleteActor,
  athleteId: string,
  body: UpdateAthleteBody,
): Promise<AthleteProfileView> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const { athlete: existing, viewer } = await (await reachableAthlete(db, actor))(athleteId);
  const input = body as Record<string, unknown>;
  assertEditable(viewer, input);
  await assertTeam(db, schoolId, body.sportTeamId);
  await checkProfileInput(db, schoolId, existing, input, todayIn(actor.timeZone, deps.now()));
  if (body.email && body.email.toLowerCase() !== existing.email.toLowerCase() && (await isEmailTaken(db, body.email)))
    throw emailExists();
  const { user, columns, data } = splitAthleteFields(input);
  await db
    .transaction()
    .execute(async (trx) => {
      // The values sent join the ones stored now, read under the profile's row lock: a value saved by another
      // edit since `existing` was read is kept, not overwritten with what was read before.
      const before = await lockAthlete(trx, schoolId, athleteId);
      if (!before) throw new AppError('NOT_FOUND');
      if (data.customFieldValues) {
        data.customFieldValues = {
          ...((before.data.customFieldValues as object) ?? {}),
          ...(data.customFieldValues as object),
        };
      }
      await updateUserFields(trx, schoolId, athleteId, user as Parameters<typeof updateUserFields>[3]);
      await updateAthleteProfile(trx, schoolId, athleteId, columns, data);
      if (body.tags) await setTagsByName(trx, schoolId, athleteId, body.tags, { viewer, actor: actor.userId });
      const after = await findAthlete(trx, schoolId, athleteId);
      const keys = Object.keys(fullProfile(after!)).filter((k) => canSeeField('admin', k) || k === 'tags');
      await auditProfileChange(trx, actor, athleteId, changedFields(fullProfile(before), fullProfile(after!), keys));
    })
    .catch((err: unknown) => {
      if ((err as { code?: unknown }).code === '23505') throw emailExists();
      throw err;
    });
  return profileView(db, schoolId, (await findAthlete(db, schoolId, athleteId))!, viewer);
}

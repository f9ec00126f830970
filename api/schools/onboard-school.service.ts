import { randomUUID } from 'node:crypto';
import { AppError } from '../../domain/errors';
import { slugify } from '../../domain/schools';
import { isValidTimeZone } from '../school/school.service';
import { requireTemporal } from '../shared/workflow-client';
import { inviteUser } from '../users/invite-user.service';
import { auditBy } from '../shared/use-case';
import type { UserManager, UsersDeps } from '../users/user-scope';
import { isEmailTaken } from '../users/users.repository';
import type { UserDto } from '../users/users.schemas';
import { loadSchoolProfile } from './school-profile.service';
import { deleteSchool, insertSchool, isSlugTaken } from './schools.repository';
import type { CreateSchoolBody, SchoolProfile } from './schools.schemas';

const FIRST_ADMIN_EMAIL = 'firstAdmin.email';

function slugTaken(): AppError {
  return new AppError('SCHOOL_SLUG_TAKEN', [{ field: 'slug', message: 'This slug is already taken.' }]);
}

/** Checks what the schema cannot: a real name and time zone, a usable and free slug, a new e-mail address. */
async function validateOnboarding(
  deps: Pick<UsersDeps, 'db'>,
  body: CreateSchoolBody,
): Promise<{ name: string; slug: string }> {
  const { db } = deps;
  const name = body.name.trim();
  if (!name) throw new AppError('VALIDATION_FAILED', [{ field: 'name', message: 'Enter the school’s name.' }]);
  if (!isValidTimeZone(body.timeZone)) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'timeZone', message: 'Unknown time zone.' }]);
  }
  const slug = body.slug ?? slugify(name);
  if (slug.length < 2) {
    throw new AppError('VALIDATION_FAILED', [
      { field: 'slug', message: 'The name has too few letters for a slug; enter one.' },
    ]);
  }
  if (await isSlugTaken(db, slug)) throw slugTaken();
  if (await isEmailTaken(db, body.firstAdmin.email)) {
    throw new AppError('EMAIL_EXISTS', [{ field: FIRST_ADMIN_EMAIL, message: 'Email exists.' }]);
  }
  return { name, slug };
}

/**
 * Onboards a school: creates it, then invites its first school admin through the regular invitation service (user,
 * role, invitation row, invitation workflow on Temporal). When the invitation cannot be made, the school is removed
 * again, so a retry starts clean; nothing is audited for it before that point, which keeps the removal possible.
 * `operator` is the provider operator who onboards (their school is the provider; the event goes to the new school).
 */
export async function onboardSchool(
  deps: UsersDeps,
  operator: UserManager,
  body: CreateSchoolBody,
): Promise<{ school: SchoolProfile; firstAdmin: UserDto; invitationId: string }> {
  const { db } = deps;
  const { name, slug } = await validateOnboarding(deps, body);
  // Fail before creating anything when the invitation could not be started anyway.
  requireTemporal(deps);

  const schoolId = randomUUID();
  await insertSchool(db, schoolId, {
    name,
    slug,
    plan: body.plan,
    division: body.division,
    state: body.state,
    timeZone: body.timeZone,
  }).catch((err: unknown) => {
    if ((err as { code?: unknown }).code === '23505') throw slugTaken();
    throw err;
  });

  let invited: { user: UserDto; invitationId: string };
  try {
    invited = await inviteUser(
      deps,
      operator,
      {
        email: body.firstAdmin.email,
        firstName: body.firstAdmin.firstName,
        lastName: body.firstAdmin.lastName,
        roles: [{ role: 'SCHOOL_ADMIN', compliance: body.firstAdmin.compliance }],
      },
      { schoolId, schoolKind: 'SCHOOL' },
    );
  } catch (err) {
    await deleteSchool(db, schoolId);
    if (err instanceof AppError && err.code === 'EMAIL_EXISTS') {
      throw new AppError('EMAIL_EXISTS', [{ field: FIRST_ADMIN_EMAIL, message: 'Email exists.' }]);
    }
    throw err;
  }

  await auditBy(db, operator, {
    schoolId,
    action: 'school.created',
    targetType: 'school',
    targetId: schoolId,
    details: {
      name,
      slug,
      plan: body.plan,
      division: body.division,
      state: body.state,
      timeZone: body.timeZone,
      firstAdminUserId: invited.user.id,
      firstAdminEmail: invited.user.email,
      operatorSchoolId: operator.schoolId,
    },
  });
  return {
    school: await loadSchoolProfile(db, schoolId),
    firstAdmin: invited.user,
    invitationId: invited.invitationId,
  };
}

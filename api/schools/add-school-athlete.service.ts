import { AppError } from '../../domain/errors';
import type { AthleteDto, CreateAthleteBody } from '../athletes/athletes.schemas';
import { createAthlete } from '../athletes/athletes.service';
import { findSchoolSummary } from '../school/school.repository';
import { auditBy, type Actor } from '../shared/use-case';
import type { UsersDeps } from '../users/user-scope';

/**
 * A provider operator adds one student-athlete to the school they address (the provider console's add form): the
 * same create use case as a school's own admin, in that school, audited there as the operator's (`byOperator`).
 * An unknown school is 404.
 */
export async function addSchoolAthlete(
  deps: UsersDeps,
  operator: Actor,
  input: { schoolId: string; athlete: CreateAthleteBody },
): Promise<{ athlete: AthleteDto; invitationId: string | null }> {
  const school = await findSchoolSummary(deps.db, input.schoolId);
  if (!school) throw new AppError('NOT_FOUND');
  const created = await createAthlete(deps, operator, input.athlete, school.id);
  await auditBy(deps.db, operator, {
    schoolId: school.id,
    action: 'athlete.created',
    targetType: 'user',
    targetId: created.athlete.id,
    details: { email: created.athlete.email, byOperator: true },
  });
  return created;
}

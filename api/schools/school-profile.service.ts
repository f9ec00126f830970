import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { findSchool } from '../school/school.repository';
import { countSchoolMembers, listSchoolAdmins } from './schools.repository';
import type { SchoolProfile } from './schools.schemas';

/** One school as the provider console shows it: details, plan, head counts and its admins. */
export async function loadSchoolProfile(db: Kysely<Database>, schoolId: string): Promise<SchoolProfile> {
  const school = await findSchool(db, schoolId);
  if (!school) throw new AppError('NOT_FOUND');
  const [counts, admins] = await Promise.all([countSchoolMembers(db, schoolId), listSchoolAdmins(db, schoolId)]);
  return {
    id: school.id,
    name: school.name,
    slug: school.slug,
    kind: school.kind,
    plan: school.plan,
    division: school.division,
    state: school.state,
    timeZone: school.time_zone,
    createdAt: school.created_at.toISOString(),
    counts,
    admins: admins.map((a) => ({ ...a, lastActiveAt: a.lastActiveAt ? a.lastActiveAt.toISOString() : null })),
  };
}

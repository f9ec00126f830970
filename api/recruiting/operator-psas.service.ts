import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import type { CoreDeps } from '../shared/use-case';
import { psaProfile } from './psa-profile';
import { findSchoolName, psaSchoolId } from './psa-writes.repository';
import { findPsa, listPsas, type PsaRow } from './psas.repository';
import type { OperatorPsaQuery } from './psas.schemas';

/**
 * The provider's read-only view of a school's prospects (operators, `schools:operate`, checked by the route). Nothing
 * here changes a prospect.
 */

/** A prospect of any school, as long as it has not been merged into another (then it is a 404, as for staff). */
export async function openAnyPsa(db: Kysely<Database>, psaId: string): Promise<PsaRow> {
  const schoolId = await psaSchoolId(db, psaId);
  const psa = schoolId ? await findPsa(db, schoolId, psaId) : null;
  if (!psa || psa.merged_into_id) throw new AppError('NOT_FOUND');
  return psa;
}

/** One school's prospects, active or archived, with the school's name. */
export async function listSchoolPsas(deps: CoreDeps, schoolId: string, query: Static<typeof OperatorPsaQuery>) {
  const school = await findSchoolName(deps.db, schoolId);
  if (!school) throw new AppError('NOT_FOUND');
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const page = await listPsas(
    deps.db,
    school.id,
    { archived: query.archived === true, search: query.search ?? null },
    limit,
    offset,
  );
  return { schoolName: school.name, ...page, limit, offset };
}

/** A prospect's profile with its school. */
export async function getOperatorPsa(deps: CoreDeps, psaId: string) {
  const psa = await openAnyPsa(deps.db, psaId);
  return { schoolId: psa.school_id, ...(await psaProfile(deps.db, psa.school_id, psa)) };
}

import { stateConflictCategories, toCents } from '../../domain/disclosures';
import { AppError, ERRORS, type ErrorDetail } from '../../domain/errors';
import { findSchool } from '../school/school.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { teamExists } from '../teams/teams.repository';
import {
  deleteConflictFlag as deleteConflictFlagRow,
  findConflictFlag,
  insertConflictFlag,
  listConflictFlags as listConflictFlagRows,
  updateConflictFlag as updateConflictFlagRow,
  type ConflictFlagInput,
} from './conflict-flags.repository';
import type { ConflictFlagBody, ConflictFlagDto } from './disclosures.schemas';
import { toFlagDto } from './disclosures.service';

/** Conflict-of-interest flags: admins define them; athletes see them before they sign a deal. */
type Deps = Pick<CoreDeps, 'db'>;

/** The flag as stored: names trimmed, lists without blanks or repeats; a team that is not the school's is refused. */
async function toInput(deps: Deps, schoolId: string, body: ConflictFlagBody): Promise<ConflictFlagInput> {
  const details: ErrorDetail[] = [];
  const name = body.name.trim();
  const category = body.category.trim();
  if (!name)
    details.push({ field: 'name', message: ERRORS.CONFLICT_FLAG_FIELDS.message, code: 'CONFLICT_FLAG_FIELDS' });
  if (!category) {
    details.push({ field: 'category', message: ERRORS.CONFLICT_FLAG_FIELDS.message, code: 'CONFLICT_FLAG_FIELDS' });
  }
  const teamIds = [...new Set(body.teamIds ?? [])];
  for (const id of teamIds) {
    if (!(await teamExists(deps.db, schoolId, id)))
      details.push({ field: 'teamIds', message: 'This team does not exist.' });
  }
  if (details.length > 0) throw new AppError('VALIDATION_FAILED', details);
  const list = (values: string[] | undefined) => [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];
  return {
    name,
    category,
    type: body.type,
    description: body.description?.trim() || null,
    teamIds,
    maxPaymentCents: body.maxPayment === undefined || body.maxPayment === null ? null : toCents(body.maxPayment),
    companies: list(body.companies),
    boosters: list(body.boosters),
  };
}

/** The school's flags and the conflict categories its state (or the school itself) names. */
export async function listConflictFlags(
  deps: Deps,
  actor: Actor,
): Promise<{ items: ConflictFlagDto[]; stateCategories: string[] }> {
  const school = await findSchool(deps.db, actor.schoolId);
  const own = (school?.settings as { disclosureConflictCategories?: string[] } | undefined)
    ?.disclosureConflictCategories;
  return {
    items: (await listConflictFlagRows(deps.db, actor.schoolId)).map(toFlagDto),
    stateCategories: stateConflictCategories(school?.state ?? null, own ?? null),
  };
}

export async function createConflictFlag(deps: Deps, actor: Actor, body: ConflictFlagBody): Promise<ConflictFlagDto> {
  const id = await insertConflictFlag(deps.db, actor.schoolId, await toInput(deps, actor.schoolId, body), actor.userId);
  return toFlagDto((await findConflictFlag(deps.db, actor.schoolId, id))!);
}

export async function updateConflictFlag(
  deps: Deps,
  actor: Actor,
  flagId: string,
  body: ConflictFlagBody,
): Promise<ConflictFlagDto> {
  const input = await toInput(deps, actor.schoolId, body);
  if (!(await updateConflictFlagRow(deps.db, actor.schoolId, flagId, input))) throw new AppError('NOT_FOUND');
  return toFlagDto((await findConflictFlag(deps.db, actor.schoolId, flagId))!);
}

export async function deleteConflictFlag(deps: Deps, actor: Actor, flagId: string): Promise<void> {
  if (!(await deleteConflictFlagRow(deps.db, actor.schoolId, flagId))) throw new AppError('NOT_FOUND');
  await auditBy(deps.db, actor, { action: 'conflict-flag.deleted', targetType: 'conflict_flag', targetId: flagId });
}

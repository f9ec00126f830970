import { AppError } from '../../domain/errors';
import { nameCharacterProblems } from '../../domain/people-names';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  deleteTeam as deleteTeamRow,
  findTeam,
  insertTeam,
  listTeams as listTeamRows,
  setTeamArchived,
  teamDependants,
  updateTeam as updateTeamRow,
  type TeamRow,
} from './teams.repository';
import type { TeamDto } from './teams.schemas';

type Gender = 'MEN' | 'WOMEN' | 'COED';

export function toTeamDto(row: TeamRow): TeamDto {
  return { ...row, createdAt: row.createdAt.toISOString(), archivedAt: row.archivedAt?.toISOString() ?? null };
}

/** Team names are unique within a school (database constraint); say so on the name field. */
export function duplicateTeamName(err: unknown): AppError | null {
  if ((err as { code?: unknown } | null)?.code !== '23505') return null;
  return new AppError('ALREADY_EXISTS', [{ field: 'name', message: 'A team with this name already exists.' }]);
}

/** Team and sport names are single lines: a control character is refused (the shared rule, issue 36). */
function assertTeamNameCharacters(body: { name?: string; sport?: string }): void {
  const problems = nameCharacterProblems(body, ['name', 'sport'] as const);
  if (problems.length) {
    throw new AppError(
      'NAME_INVALID_CHARACTERS',
      problems.map(({ field, message }) => ({ field, message })),
    );
  }
}

async function teamOrNotFound(deps: Pick<CoreDeps, 'db'>, actor: Actor, teamId: string): Promise<TeamDto> {
  const team = await findTeam(deps.db, actor.schoolId, teamId);
  if (!team) throw new AppError('NOT_FOUND');
  return toTeamDto(team);
}

/** The school's active teams (what every picker offers), or its archived ones. */
export async function listTeams(
  deps: Pick<CoreDeps, 'db'>,
  actor: Actor,
  which: 'ACTIVE' | 'ARCHIVED',
): Promise<TeamDto[]> {
  return (await listTeamRows(deps.db, actor.schoolId, which)).map(toTeamDto);
}

export async function getTeam(deps: Pick<CoreDeps, 'db'>, actor: Actor, teamId: string): Promise<TeamDto> {
  return teamOrNotFound(deps, actor, teamId);
}

export async function createTeam(
  deps: Pick<CoreDeps, 'db'>,
  actor: Actor,
  input: { name: string; sport: string; gender?: Gender },
): Promise<TeamDto> {
  assertTeamNameCharacters(input);
  const id = await insertTeam(deps.db, actor.schoolId, {
    name: input.name.trim(),
    sport: input.sport.trim(),
    gender: input.gender ?? 'COED',
  }).catch((err: unknown) => {
    throw duplicateTeamName(err) ?? err;
  });
  return teamOrNotFound(deps, actor, id);
}

export async function updateTeam(
  deps: Pick<CoreDeps, 'db'>,
  actor: Actor,
  teamId: string,
  input: { name?: string; sport?: string; gender?: Gender },
): Promise<TeamDto> {
  assertTeamNameCharacters(input);
  const { name, sport, gender } = input;
  const found = await updateTeamRow(deps.db, actor.schoolId, teamId, {
    ...(name !== undefined ? { name: name.trim() } : {}),
    ...(sport !== undefined ? { sport: sport.trim() } : {}),
    ...(gender !== undefined ? { gender } : {}),
  }).catch((err: unknown) => {
    throw duplicateTeamName(err) ?? err;
  });
  if (!found) throw new AppError('NOT_FOUND');
  return teamOrNotFound(deps, actor, teamId);
}

/**
 * Archives a team (issue 36): it leaves the pickers, and everything that hangs off it stays as it was. Audited once;
 * archiving an archived team again changes nothing and writes nothing.
 */
export async function archiveTeam(deps: Pick<CoreDeps, 'db' | 'now'>, actor: Actor, teamId: string): Promise<TeamDto> {
  await deps.db.transaction().execute(async (trx) => {
    if (await setTeamArchived(trx, actor.schoolId, teamId, { at: deps.now(), by: actor.userId })) {
      await auditBy(trx, actor, { action: 'team.archived', targetType: 'sport_team', targetId: teamId });
    }
  });
  return teamOrNotFound(deps, actor, teamId);
}

/** Brings an archived team back to the pickers; a repeat is a no-op. */
export async function unarchiveTeam(deps: Pick<CoreDeps, 'db'>, actor: Actor, teamId: string): Promise<TeamDto> {
  await deps.db.transaction().execute(async (trx) => {
    if (await setTeamArchived(trx, actor.schoolId, teamId, null)) {
      await auditBy(trx, actor, { action: 'team.unarchived', targetType: 'sport_team', targetId: teamId });
    }
  });
  return teamOrNotFound(deps, actor, teamId);
}

/**
 * Deletes a team that never had anything (a typo, a duplicate), audited with its name. A team with any history is
 * refused with 409, naming what depends on it: it is archived instead. The foreign keys refuse it as well.
 */
export async function deleteTeam(deps: Pick<CoreDeps, 'db'>, actor: Actor, teamId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const team = await findTeam(trx, actor.schoolId, teamId, { forUpdate: true });
    if (!team) throw new AppError('NOT_FOUND');
    const dependants = await teamDependants(trx, actor.schoolId, teamId);
    if (dependants.length > 0) throw teamHasHistory(dependants);
    await deleteTeamRow(trx, actor.schoolId, teamId).catch((err: unknown) => {
      // A row that references the team arrived since the count (or a table the count does not know).
      if ((err as { code?: unknown } | null)?.code === '23503') throw teamHasHistory([]);
      throw err;
    });
    await auditBy(trx, actor, {
      action: 'team.deleted',
      targetType: 'sport_team',
      targetId: teamId,
      details: { name: team.name, sport: team.sport },
    });
  });
}

function teamHasHistory(dependants: string[]): AppError {
  return new AppError(
    'TEAM_HAS_HISTORY',
    dependants.map((label) => ({ field: 'id', code: 'TEAM_HAS_HISTORY', message: `It has ${label}.` })),
  );
}

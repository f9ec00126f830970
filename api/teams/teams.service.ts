import { AppError } from '../../domain/errors';
import type { TeamRow } from './teams.repository';
import type { TeamDto } from './teams.schemas';

export function toTeamDto(row: TeamRow): TeamDto {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Team names are unique within a school (database constraint); say so on the name field. */
export function duplicateTeamName(err: unknown): AppError | null {
  if ((err as { code?: unknown } | null)?.code !== '23505') return null;
  return new AppError('ALREADY_EXISTS', [{ field: 'name', message: 'A team with this name already exists.' }]);
}

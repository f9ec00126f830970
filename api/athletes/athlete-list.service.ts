import { DEFAULT_ATHLETE_COLUMNS, type AthleteListColumn } from '../../domain/athlete-profiles';
import { coachTeamIds } from '../staff/staff-teams.repository';
import { auditBy, type CoreDeps } from '../shared/use-case';
import { findListColumns } from './athlete-extras.repository';
import type { AthleteActor } from './athlete-profile.service';
import { athletesCsv, athletesXlsx, exportColumns } from './athletes-export.service';
import { listAthletes, type AthleteListFilter } from './athletes.repository';
import type { AthleteListRow } from './athletes.schemas';
import { toAthleteListRow } from './athletes.service';

type Deps = Pick<CoreDeps, 'db' | 'now'>;

/** The key the list's remembered columns are saved under. */
export const ATHLETE_LIST_KEY = 'athletes';
const EXPORT_MAX_ROWS = 20_000;

/** The list's filters as the actor may apply them: a coach (or an admin in the coach portal) sees their teams. */
async function scopedFilter(
  deps: Pick<CoreDeps, 'db'>,
  actor: AthleteActor,
  query: Omit<AthleteListFilter, 'teamIds'>,
): Promise<AthleteListFilter> {
  const filter: AthleteListFilter = Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
  );
  if (actor.portal !== 'admin' || !actor.permissions.has('athletes:write')) {
    filter.teamIds = await coachTeamIds(deps.db, actor.schoolId, actor.userId);
  }
  return filter;
}

/** One page of the school's athletes as the actor may see them. */
export async function listAthletePage(
  deps: Pick<CoreDeps, 'db'>,
  actor: AthleteActor,
  input: { limit: number; offset: number; query: Omit<AthleteListFilter, 'teamIds'> },
): Promise<{ items: AthleteListRow[]; total: number; limit: number; offset: number }> {
  const { limit, offset } = input;
  const filter = await scopedFilter(deps, actor, input.query);
  const { rows, total } = await listAthletes(deps.db, actor.schoolId, { ...filter, limit, offset });
  return { items: rows.map(toAthleteListRow), total, limit, offset };
}

/**
 * The list as the actor sees it (filters, sort, the given or remembered columns in order) as a CSV or XLSX file of
 * at most 20,000 rows; the export is audited.
 */
export async function exportAthleteList(
  deps: Deps,
  actor: AthleteActor,
  input: { format: 'csv' | 'xlsx'; columns: string | undefined; query: Omit<AthleteListFilter, 'teamIds'> },
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  const { format, query } = input;
  const saved = (await findListColumns(deps.db, actor.userId, ATHLETE_LIST_KEY)) as AthleteListColumn[] | null;
  const columns = exportColumns(input.columns, saved ?? DEFAULT_ATHLETE_COLUMNS);
  const filter = await scopedFilter(deps, actor, query);
  const { rows, total } = await listAthletes(deps.db, actor.schoolId, { ...filter, limit: EXPORT_MAX_ROWS, offset: 0 });
  const list = rows.map(toAthleteListRow);
  await auditBy(deps.db, actor, {
    action: 'athlete.list_exported',
    targetType: 'athlete_list',
    details: { format, columns, filter: query, rows: list.length, total },
  });
  const stamp = deps.now().toISOString().slice(0, 10);
  return {
    body: format === 'csv' ? athletesCsv(list, columns) : athletesXlsx(list, columns),
    contentType:
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `student-athletes-${stamp}.${format}`,
  };
}

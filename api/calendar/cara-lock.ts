import type { Kysely } from 'kysely';
import { countabilityOf } from '../../domain/bylaw17/rules';
import {
  CARA_LOCKING_STATUSES,
  CARA_LOG_STATUS_LABELS,
  lockingPeriodOf,
  type CaraLogStatus,
} from '../../domain/bylaw17/cara';
import { instantToLocal, occurrenceStarts, type SeriesTiming } from '../../domain/calendar-events';
import { AppError } from '../../domain/errors';
import { formatDayRange } from '../../domain/calendar';
import type { Database } from '../../migrations/database';

type Db = Kysely<Database>;

/** A submitted, resubmitted or approved log of a team: its events are locked until an admin reopens it. */
export interface LockedPeriod {
  teamId: string;
  periodStart: string;
  periodEnd: string;
  status: CaraLogStatus;
}

/** What an edit or a cancellation touches: a series (its teams, its kind), and which of its occurrences. */
export interface LockCheck {
  teamIds: readonly string[];
  category: string;
  caraCategory: string | null;
  timing: SeriesTiming;
  /** The occurrences concerned, by start (epoch ms); all of them when absent. */
  keep?: (start: number) => boolean;
}

const DAY_MS = 86_400_000;

function isCountable(check: Pick<LockCheck, 'category' | 'caraCategory'>): boolean {
  return countabilityOf(check.category, check.caraCategory) !== 'NOT_COUNTABLE';
}

/** The locking logs of some teams of a school (those that overlap a span of dates, when given), oldest first. */
export async function lockedPeriods(
  db: Db,
  schoolId: string,
  teamIds: readonly string[],
  span?: { from: string; to: string },
): Promise<LockedPeriod[]> {
  const teams = [...new Set(teamIds)];
  if (teams.length === 0) return [];
  let q = db
    .selectFrom('cara_logs')
    .select(['sport_team_id', 'period_start', 'period_end', 'status'])
    .where('school_id', '=', schoolId)
    .where('sport_team_id', 'in', teams)
    .where('status', 'in', [...CARA_LOCKING_STATUSES]);
  if (span) q = q.where('period_end', '>=', span.from).where('period_start', '<=', span.to);
  const rows = await q.orderBy('period_start').limit(500).execute();
  return rows.map((r) => ({
    teamId: r.sport_team_id,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    status: r.status,
  }));
}

/**
 * Refuses a change to countable events that fall in a submitted or approved CARA log of one of their teams (domain
 * notes: such events are locked unless an admin reopens the log). Each check is a series before or after the change
 * with the occurrences it concerns; an occurrence belongs to the log whose period holds its local start date.
 */
export async function assertNotInLockedLog(db: Db, schoolId: string, checks: readonly LockCheck[]): Promise<void> {
  const countable = checks.filter(isCountable);
  if (countable.length === 0) return;
  const periods = await lockedPeriods(
    db,
    schoolId,
    countable.flatMap((c) => c.teamIds),
  );
  if (periods.length === 0) return;
  const from = new Date(Date.parse(`${periods[0]!.periodStart}T00:00:00Z`) - DAY_MS);
  const to = new Date(
    Date.parse(`${periods.reduce((m, p) => (p.periodEnd > m ? p.periodEnd : m), '')}T00:00:00Z`) + 2 * DAY_MS,
  );
  for (const check of countable) {
    const mine = periods.filter((p) => check.teamIds.includes(p.teamId));
    if (mine.length === 0) continue;
    const dates = occurrenceStarts(check.timing, from, to)
      .filter((start) => !check.keep || check.keep(start))
      .map((start) => instantToLocal(new Date(start), check.timing.timeZone).date);
    const hit = lockingPeriodOf(dates, mine);
    if (hit)
      throw new AppError('CARA_EVENT_LOCKED', [
        {
          message: `The CARA log of ${formatDayRange(hit.periodStart, hit.periodEnd)} is ${CARA_LOG_STATUS_LABELS[hit.status].toLowerCase()}.`,
        },
      ]);
  }
}

import { AppError } from '../../domain/errors';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { isSchoolId } from './events.repository';
import type { EventDto, SeriesListQuery } from './events.schemas';
import { listSeriesIn } from './events.service';

/**
 * An operator's read of a school's events and competitions: every team and status, nothing to edit or decide (the
 * operator holds neither calendar:write nor calendar:manage, so every row reads canEdit and canDecide false). An
 * unknown school is NOT_FOUND. The operator's first look at a school on a day is written to that school's log.
 */
export async function listSchoolEventsAsOperator(
  deps: CoreDeps,
  actor: Actor,
  schoolId: string,
  query: SeriesListQuery,
): Promise<{ items: EventDto[]; total: number; limit: number; offset: number }> {
  const { db } = deps;
  if (!(await isSchoolId(db, schoolId))) throw new AppError('NOT_FOUND');
  const scope = { schoolId, teamIds: null, userId: actor.userId, approvedOnly: false, recruiting: true };
  const page = await listSeriesIn(db, actor, scope, query);
  const day = deps.now().toISOString().slice(0, 10);
  await auditBy(db, actor, {
    schoolId,
    action: 'calendar-event.operator-viewed',
    targetType: 'school',
    targetId: schoolId,
    details: { day },
    idempotencyKey: `audit:operator-events-viewed:${schoolId}:${actor.userId}:${day}`,
  });
  return page;
}

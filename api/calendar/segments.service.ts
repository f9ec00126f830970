import type { Kysely } from 'kysely';
import { academicYearSpan, checkSegment, SEGMENT_TYPE_LABELS } from '../../domain/calendar';
import { AppError, ERRORS, type ErrorCode } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { findAcademicYear } from '../academic-years/academic-years.repository';
import { notifyEach } from '../notifications/notifications.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { assertTeamWritable } from './calendar-access';
import {
  deleteSegment,
  findSegment,
  insertSegment,
  listSegments,
  listTeamStaffIds,
  lockTeam,
  updateSegment,
  type SegmentRow,
  type SegmentValues,
} from './segments.repository';
import type { CreateSegmentBody, SegmentDto, UpdateSegmentBody } from './segments.schemas';

/** Which form field a broken rule belongs to, so the screen shows the message under it. */
const SEGMENT_ERROR_FIELD: Partial<Record<ErrorCode, string>> = {
  SEGMENT_END_BEFORE_START: 'endDate',
  SEGMENT_TYPE_MISMATCH: 'segmentType',
};

export function toSegmentDto(row: SegmentRow): SegmentDto {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The span a segment must fit in; the spec's errors when the school has no such year or the year has no terms. */
async function loadYearSpan(db: Kysely<Database>, schoolId: string, academicYearId: string) {
  const year = await findAcademicYear(db, schoolId, academicYearId);
  if (!year) throw new AppError('NO_ACADEMIC_YEAR');
  const span = academicYearSpan(year.terms);
  if (!span) throw new AppError('ACADEMIC_TERM_NOT_CONFIGURED');
  return span;
}

/** Validates and stores a segment under a lock on its team, so two writers cannot create overlapping segments. */
async function saveSegment(
  deps: CoreDeps,
  actor: Actor,
  target: { id: string | null; sportTeamId: string; academicYearId: string },
  valuesOf: SegmentValues | ((stored: SegmentRow) => SegmentValues),
): Promise<string> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  await assertTeamWritable(db, actor, target.sportTeamId);
  const span = await loadYearSpan(db, schoolId, target.academicYearId);
  return db.transaction().execute(async (trx) => {
    await lockTeam(trx, schoolId, target.sportTeamId);
    // An edit fills the fields it did not send from the segment as stored now, read under the team's lock: an edit
    // committed since the request first read it is kept, not overwritten with what was read before.
    let values: SegmentValues;
    if (typeof valuesOf === 'function') {
      const stored = target.id ? await findSegment(trx, schoolId, target.id) : null;
      if (!stored) throw new AppError('NOT_FOUND');
      values = valuesOf(stored);
    } else values = valuesOf;
    const others = (await listSegments(trx, schoolId, { sportTeamId: target.sportTeamId, teamIds: null })).filter(
      (s) => s.id !== target.id,
    );
    const broken = checkSegment(values, span, others);
    if (broken)
      throw new AppError(broken, [
        { field: SEGMENT_ERROR_FIELD[broken] ?? 'startDate', message: ERRORS[broken].message },
      ]);
    let id = target.id;
    if (id) await updateSegment(trx, schoolId, id, values);
    else id = await insertSegment(trx, schoolId, { ...values, ...target, createdBy: actor.userId });
    await auditBy(trx, actor, {
      action: target.id ? 'segment.updated' : 'segment.created',
      targetType: 'sport_segment',
      targetId: id,
      details: { sportTeamId: target.sportTeamId, ...values },
    });
    return id;
  });
}

export async function createSegment(deps: CoreDeps, actor: Actor, body: CreateSegmentBody): Promise<SegmentRow> {
  const { sportTeamId, academicYearId, exemptWeekBeforeFirstContest = false, ...values } = body;
  const id = await saveSegment(
    deps,
    actor,
    { id: null, sportTeamId, academicYearId },
    { ...values, exemptWeekBeforeFirstContest },
  );
  const segment = (await findSegment(deps.db, actor.schoolId, id))!;
  await notifySegmentStaff(deps.db, actor.schoolId, segment, actor.userId);
  return segment;
}

export async function editSegment(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  body: UpdateSegmentBody,
): Promise<SegmentRow> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const current = await findSegment(db, schoolId, id);
  if (!current) throw new AppError('NOT_FOUND');
  await saveSegment(
    deps,
    actor,
    { id, sportTeamId: current.sportTeamId, academicYearId: current.academicYearId },
    (stored): SegmentValues => ({
      seasonType: body.seasonType ?? stored.seasonType,
      segmentType: body.segmentType ?? stored.segmentType,
      startDate: body.startDate ?? stored.startDate,
      endDate: body.endDate ?? stored.endDate,
      startDayOfWeek: body.startDayOfWeek ?? stored.startDayOfWeek,
      exemptWeekBeforeFirstContest: body.exemptWeekBeforeFirstContest ?? stored.exemptWeekBeforeFirstContest,
    }),
  );
  return (await findSegment(db, schoolId, id))!;
}

/** Deletes a segment of a team the actor manages. */
export async function removeSegment(deps: Pick<CoreDeps, 'db'>, actor: Actor, id: string): Promise<void> {
  const { db } = deps;
  const segment = await findSegment(db, actor.schoolId, id);
  if (!segment) throw new AppError('NOT_FOUND');
  await assertTeamWritable(db, actor, segment.sportTeamId);
  await deleteSegment(db, actor.schoolId, segment.id);
  await auditBy(db, actor, { action: 'segment.deleted', targetType: 'sport_segment', targetId: segment.id });
}

/** "segment / init": the team's staff learn that a segment was set up (spec part 2 §4 notification statuses). */
async function notifySegmentStaff(
  db: Kysely<Database>,
  schoolId: string,
  segment: SegmentRow,
  actorId: string,
): Promise<void> {
  await notifyEach(db, {
    schoolId,
    userIds: await listTeamStaffIds(db, schoolId, segment.sportTeamId),
    skip: actorId,
    keyOf: (userId) => `segment-init:${segment.id}:${userId}`,
    payload: {
      module: 'segment',
      status: 'init',
      title: `${SEGMENT_TYPE_LABELS[segment.segmentType]} set for ${segment.sportTeamName}`,
      body: `${segment.startDate} to ${segment.endDate}`,
      sportTeamId: segment.sportTeamId,
      sportTeamName: segment.sportTeamName,
      featureData: { academicYearId: segment.academicYearId, segments: [segment.id] },
    },
  });
}

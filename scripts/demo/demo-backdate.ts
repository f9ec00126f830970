import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../migrations/database';
import type { DemoOutcome } from './demo-packet-history';

/**
 * The one place demo rows are moved back in time. The workflows ran a moment ago, so every row they wrote says
 * "today"; a demo school should look lived-in (a year of sends, a disclosure submitted nine days ago, a step overdue).
 * Each record's rows are mapped linearly from the real window in which its workflow wrote them onto the window the
 * story wants, so their order stays as the workflow wrote it. Only rows are moved: the workflows' own timers (expiry,
 * reminders) still count from when they really started, which is why only recent sends keep open submissions.
 */
type Db = Kysely<Database>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoTimeline {
  sends: Array<{
    sentPacketId: string;
    daysAgo: number;
    submissions: Array<{ submissionId: string; workflowId: string; outcome: DemoOutcome; turnaroundHours: number }>;
  }>;
  disclosures: Array<{ disclosureId: string; submittedDaysAgo: number | null; decided: boolean }>;
  leaver: { sentPacketId: string; submissionId: string; workflowId: string } | null;
}

interface Window {
  from: [Date, Date];
  to: [Date, Date];
}

/** `column` moved from the real window onto the story's window (null stays null). */
function remapped(column: string, w: Window): RawBuilder<Date> {
  const realSpan = Math.max(w.from[1].getTime() - w.from[0].getTime(), 1);
  const ratio = (w.to[1].getTime() - w.to[0].getTime()) / realSpan;
  return sql<Date>`${w.to[0]}::timestamptz + (${sql.ref(column)} - ${w.from[0]}::timestamptz) * ${ratio}::float8`;
}

/** The real window in which a record's rows were written: from its start (less a second) to its last write. */
function realWindow(started: Date, last: Date): [Date, Date] {
  return [new Date(started.getTime() - 1000), new Date(Math.max(last.getTime(), started.getTime() + 1000))];
}

/** When a workflow last wrote its task rows (or `fallback` when it wrote none). */
async function lastTaskWrite(db: Db, schoolId: string, workflowId: string, fallback: Date): Promise<Date> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.max(sql<Date>`coalesce(completed_at, created_at)`).as('last'))
    .where('school_id', '=', schoolId)
    .where('workflow_id', '=', workflowId)
    .executeTakeFirst();
  return row?.last && new Date(row.last) > fallback ? new Date(row.last) : fallback;
}

/** A submission's rows (the row, its audit trail, its tasks), from when its send really started onto `to`. */
async function moveSubmission(
  db: Db,
  schoolId: string,
  ref: { workflowId: string; submissionId: string; realStart: Date },
  to: [Date, Date],
) {
  const { workflowId, submissionId } = ref;
  const events = await db
    .selectFrom('packet_submission_events')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('school_id', '=', schoolId)
    .where('submission_id', '=', submissionId)
    .executeTakeFirst();
  const row = await db
    .selectFrom('packet_submissions')
    .select('updated_at')
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow();
  const last = [row.updated_at, events?.last ? new Date(events.last) : ref.realStart].reduce((a, b) => (a > b ? a : b));
  const w: Window = { from: realWindow(ref.realStart, await lastTaskWrite(db, schoolId, workflowId, last)), to };
  await db
    .updateTable('packet_submissions')
    .set({
      created_at: remapped('created_at', w),
      updated_at: remapped('updated_at', w),
      completed_at: remapped('completed_at', w),
      voided_at: remapped('voided_at', w),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', submissionId)
    .execute();
  await db
    .updateTable('packet_submission_events')
    .set({ created_at: remapped('created_at', w) })
    .where('school_id', '=', schoolId)
    .where('submission_id', '=', submissionId)
    .execute();
  await moveTasks(db, schoolId, workflowId, w);
}

async function moveTasks(db: Db, schoolId: string, workflowId: string, w: Window) {
  await db
    .updateTable('tasks')
    .set({ created_at: remapped('created_at', w), completed_at: remapped('completed_at', w) })
    .where('school_id', '=', schoolId)
    .where('workflow_id', '=', workflowId)
    .execute();
}

/**
 * Runs in one transaction. The submission audit trail is append-only (a trigger refuses updates); its trigger is
 * switched off inside this transaction only, for the demo's own rows, and on again before it commits.
 */
export async function backdateDemoHistory(db: Db, schoolId: string, timeline: DemoTimeline): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`alter table packet_submission_events disable trigger packet_submission_events_no_change`.execute(trx);
    await backdateRows(trx, schoolId, timeline);
    await sql`alter table packet_submission_events enable trigger packet_submission_events_no_change`.execute(trx);
  });
}

async function backdateRows(db: Db, schoolId: string, timeline: DemoTimeline): Promise<void> {
  const now = Date.now();
  for (const send of timeline.sends) {
    const real = await db
      .selectFrom('sent_packets')
      .select('sent_at')
      .where('id', '=', send.sentPacketId)
      .executeTakeFirstOrThrow();
    const sentAt = new Date(now - send.daysAgo * DAY);
    const open = send.submissions.some((s) => s.outcome === 'S' || s.outcome === 'P');
    await db
      .updateTable('sent_packets')
      .set({ sent_at: sentAt, ...(open ? {} : { expires_at: new Date(sentAt.getTime() + 30 * DAY) }) })
      .where('id', '=', send.sentPacketId)
      .execute();
    for (const s of send.submissions) {
      // A submission still waiting on the athlete was only opened; the others end after their turnaround.
      const end =
        s.outcome === 'P'
          ? sentAt.getTime() + 60_000
          : Math.min(sentAt.getTime() + s.turnaroundHours * HOUR, now - HOUR);
      await moveSubmission(db, schoolId, { ...s, realStart: real.sent_at }, [sentAt, new Date(end)]);
    }
  }
  const packet = await db
    .selectFrom('packets')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', 'Pre-participation paperwork')
    .executeTakeFirst();
  if (packet) {
    await db
      .updateTable('packets')
      .set({ created_at: new Date(now - 360 * DAY), last_activity_at: new Date(now - 2 * DAY) })
      .where('id', '=', packet.id)
      .execute();
  }

  for (const d of timeline.disclosures) {
    const row = await db
      .selectFrom('disclosures')
      .select(['created_at', 'submitted_at', 'decided_at', 'workflow_id'])
      .where('id', '=', d.disclosureId)
      .executeTakeFirstOrThrow();
    const lastDecision = row.decided_at ?? row.submitted_at ?? row.created_at;
    const last = row.workflow_id ? await lastTaskWrite(db, schoolId, row.workflow_id, lastDecision) : lastDecision;
    const from = realWindow(row.created_at, last);
    const submittedAt = d.submittedDaysAgo === null ? now - HOUR : now - d.submittedDaysAgo * DAY;
    // Drafted the day before it was sent in; decided a day after.
    const to: [Date, Date] = [new Date(submittedAt - DAY), new Date(d.decided ? submittedAt + DAY : submittedAt)];
    const w: Window = { from, to };
    await db
      .updateTable('disclosures')
      .set({
        created_at: remapped('created_at', w),
        updated_at: remapped('updated_at', w),
        submitted_at: remapped('submitted_at', w),
        decided_at: remapped('decided_at', w),
      })
      .where('id', '=', d.disclosureId)
      .execute();
    await db
      .updateTable('disclosure_events')
      .set({ created_at: remapped('created_at', w) })
      .where('disclosure_id', '=', d.disclosureId)
      .execute();
    if (row.workflow_id) await moveTasks(db, schoolId, row.workflow_id, w);
  }

  // A year of steps told the admins and athletes about each one; in a lived-in school those were read long ago (the
  // open work still shows in My Tasks and mission control).
  await db
    .updateTable('notifications')
    .set({ read_at: new Date(now) })
    .where('school_id', '=', schoolId)
    .where('read_at', 'is', null)
    .execute();

  if (timeline.leaver) {
    // Sent twelve days ago, filled in two days later; the approval was due three days ago.
    const real = await db
      .selectFrom('sent_packets')
      .select('sent_at')
      .where('id', '=', timeline.leaver.sentPacketId)
      .executeTakeFirstOrThrow();
    const sentAt = new Date(now - 12 * DAY);
    await db
      .updateTable('sent_packets')
      .set({ sent_at: sentAt })
      .where('id', '=', timeline.leaver.sentPacketId)
      .execute();
    await moveSubmission(db, schoolId, { ...timeline.leaver, realStart: real.sent_at }, [
      sentAt,
      new Date(now - 10 * DAY),
    ]);
    await db
      .updateTable('tasks')
      .set({ due_at: new Date(now - 3 * DAY) })
      .where('school_id', '=', schoolId)
      .where('workflow_id', '=', timeline.leaver.workflowId)
      .where('status', '=', 'OPEN')
      .execute();
  }
}

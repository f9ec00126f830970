import { sql, type Transaction } from 'kysely';
import { ensureTasks } from '../../../api/tasks/tasks.repository';
import type { NotificationPayload } from '../../../domain/notifications';
import { EVENTS_CHANNEL } from '../../../migrations/connect';
import type { Database } from '../../../migrations/database';
import { eventRow, submissionState, taskStepId, workflowId, type OpenPhaseInput } from './records';

/** The batch's rows: a few statements for many first steps (first-steps.ts decides what goes in them). */

export type NewNotification = { userId: string; payload: NotificationPayload; dedupeKey: string };

/** The SENT events, the submission rows (only those still unopened) and the tasks. */
export async function writeFirstRows(trx: Transaction<Database>, schoolId: string, phases: OpenPhaseInput[]) {
  const sent = phases.filter((p) => p.recordSent);
  if (sent.length > 0) {
    await trx
      .insertInto('packet_submission_events')
      .values(sent.map((p) => eventRow(p, { key: 'sent', kind: 'SENT' })))
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  }
  // Only a submission still unopened: a retried batch must not move back one whose workflow has since moved on.
  const values = sql.join(
    phases.map((p) => {
      const state = submissionState({ ...p, activeStepId: p.stepId, activeStepName: p.stepName });
      return sql`(${p.submissionId}::uuid, ${state.status}, ${state.steps}::jsonb, ${state.active_step_id}, ${state.active_step_name}, ${state.round}::int, ${state.change_request}::jsonb)`;
    }),
  );
  await sql`
    update packet_submissions as s
    set status = v.status, steps = v.steps, active_step_id = v.active_step_id, active_step_name = v.active_step_name,
      round = v.round, change_request = v.change_request, updated_at = now()
    from (values ${values}) as v(id, status, steps, active_step_id, active_step_name, round, change_request)
    where s.id = v.id and s.school_id = ${schoolId}
      and s.active_step_id is null and s.round = 0 and s.status = 'PENDING'
  `.execute(trx);
  await ensureTasks(
    trx,
    schoolId,
    phases.flatMap((p) =>
      p.slots.map((slot) => ({
        workflowId: workflowId(p),
        module: 'packet-submission',
        entityId: p.submissionId,
        stepId: taskStepId(p.phaseKey, slot.key),
        stepName: p.stepName,
        assigneeUserId: slot.userId ?? null,
        assigneeRole: slot.role ?? null,
        assigneeEmail: slot.email ?? null,
        title: `${p.packetName}: ${p.stepName}`,
        url: `/sprySign/actionRequired?submission=${p.submissionId}`,
        dueAt: new Date(p.expiresAt),
      })),
    ),
  );
}

/** The notifications, 500 a statement, each with its realtime ping when it is new. */
export async function insertNotifications(
  trx: Transaction<Database>,
  schoolId: string,
  notifications: NewNotification[],
) {
  for (let i = 0; i < notifications.length; i += 500) {
    const chunk = notifications.slice(i, i + 500);
    const made = await trx
      .insertInto('notifications')
      .values(
        chunk.map((n) => ({
          school_id: schoolId,
          user_id: n.userId,
          module: n.payload.module,
          status: n.payload.status,
          title: n.payload.title,
          body: n.payload.body ?? null,
          payload: JSON.stringify(n.payload),
          dedupe_key: n.dedupeKey,
        })),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning(['id', 'user_id'])
      .execute();
    if (made.length > 0) {
      const pings = made.map((m) =>
        JSON.stringify({ type: 'notification', schoolId, userId: m.user_id, notificationId: m.id }),
      );
      await sql`select pg_notify(${EVENTS_CHANNEL}, ping) from unnest(${pings}::text[]) as ping`.execute(trx);
    }
  }
}

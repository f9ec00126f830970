import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../migrations/connect';
import { testDatabase } from '../../scripts/test-harness/context';
import { createTestConfig } from '../testing/fixtures';
import { seedPacketSubmission } from '../testing/packet-fixtures';
import { createRecordingMailer } from '../testing/recording-mailer';
import { runActivity } from '../testing/run-activity';
import { createPacketSubmissionActivities } from './packet-submission.activities';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The input that opens the seeded submission's first step (submit, for its recipient) with the SENT event. */
function firstStepOf(seeded: Awaited<ReturnType<typeof seedPacketSubmission>>) {
  const { input } = seeded;
  return {
    schoolId: input.schoolId,
    submissionId: input.submissionId,
    sentPacketId: input.sentPacketId,
    packetName: input.packetName,
    recipientUserId: seeded.recipientId,
    phaseKey: 'submit#0',
    stepId: 'submit',
    stepName: 'Fill in',
    stepKind: 'SUBMITTER',
    slots: [
      { key: `user:${seeded.recipientId}`, kind: 'USER' as const, userId: seeded.recipientId, label: 'Recipient' },
    ],
    round: 0,
    status: 'PENDING' as const,
    steps: [
      { stepId: 'submit', status: 'ACTIVE' as const, since: new Date().toISOString(), waitingOn: ['Recipient'] },
      { stepId: 'approve', status: 'PENDING' as const },
    ],
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    notify: true,
    changeRequest: null,
    recordSent: true,
  };
}

/** A side-effect key as the activities hash one that holds characters a readable key cannot. */
function hashedKey(raw: string): string {
  return `k${createHash('sha256').update(raw).digest('hex').slice(0, 60)}`;
}

/** Where the submission row says it stands. */
function stepAndStatus(submissionId: string) {
  return database.db
    .selectFrom('packet_submissions')
    .select(['active_step_id', 'status'])
    .where('id', '=', submissionId)
    .executeTakeFirstOrThrow();
}

describe('packet submission activities', () => {
  it('opens the first step with the SENT event in one activity, and a retry after a failed mail repeats nothing', async () => {
    const db = database.db;
    const seeded = await seedPacketSubmission(db, { reminderEveryMs: null, expireAfterMs: 600_000 });
    const mailer = createRecordingMailer();
    const activities = createPacketSubmissionActivities({ db, config: createTestConfig(), mailer });
    const { input } = seeded;
    const open = firstStepOf(seeded);

    // The first attempt writes its rows, then the mail server is down: the activity fails and is retried.
    mailer.failNext(1);
    await expect(runActivity({ workflowId: seeded.workflowId }, activities.openPhase, open)).rejects.toThrow(
      'SMTP unavailable',
    );
    await runActivity({ workflowId: seeded.workflowId, attempt: 2 }, activities.openPhase, open);
    await runActivity({ workflowId: seeded.workflowId, attempt: 3 }, activities.openPhase, open);

    const tasks = await db.selectFrom('tasks').selectAll().where('workflow_id', '=', seeded.workflowId).execute();
    expect(tasks.map((t) => [t.step_id, t.assignee_user_id, t.status])).toEqual([
      [`submit#0@user:${seeded.recipientId}`, seeded.recipientId, 'OPEN'],
    ]);
    const events = await db
      .selectFrom('packet_submission_events')
      .select('kind')
      .where('submission_id', '=', input.submissionId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['SENT', 'EMAILED']);
    const notes = await db
      .selectFrom('notifications')
      .select('status')
      .where('user_id', '=', seeded.recipientId)
      .execute();
    expect(notes.map((n) => n.status)).toEqual(['init']);
    const outbox = await db
      .selectFrom('outbox')
      .select(['status', 'to_address'])
      .where('idempotency_key', 'like', `mail:${seeded.workflowId}:%`)
      .execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.status).toBe('SENT');
    expect(mailer.sent).toHaveLength(1);
    expect(await stepAndStatus(input.submissionId)).toEqual({ active_step_id: 'submit', status: 'PENDING' });
  });

  it("opens a batch of first steps under the send workflow with each submission's own keys, once", async () => {
    const db = database.db;
    const seeded = await seedPacketSubmission(db, { reminderEveryMs: null, expireAfterMs: 600_000 });
    const mailer = createRecordingMailer();
    const activities = createPacketSubmissionActivities({ db, config: createTestConfig(), mailer });
    const { input } = seeded;
    const phase = { ...firstStepOf(seeded), workflowId: seeded.workflowId };
    const batch = { schoolId: input.schoolId, phases: [phase] };
    const sendContext = { workflowId: `packet-send:${input.sentPacketId}` };

    // The first attempt commits its rows, then the mail server is down; the retry owes only the mail.
    mailer.failNext(1);
    await expect(runActivity(sendContext, activities.openFirstPhases, batch)).rejects.toThrow('SMTP unavailable');
    await runActivity({ ...sendContext, attempt: 2 }, activities.openFirstPhases, batch);
    // Then the submission's workflow moves on: a later retry of the batch must not move it back nor reach anyone.
    await db
      .updateTable('packet_submissions')
      .set({ active_step_id: 'approve', status: 'SUBMITTED' })
      .where('id', '=', input.submissionId)
      .execute();
    await runActivity({ ...sendContext, attempt: 3 }, activities.openFirstPhases, batch);
    // Another school's submission in the batch is left alone.
    await runActivity(sendContext, activities.openFirstPhases, { schoolId: randomUUID(), phases: [phase] });

    const tasks = await db
      .selectFrom('tasks')
      .select(['step_id', 'status'])
      .where('workflow_id', '=', seeded.workflowId)
      .execute();
    expect(tasks).toEqual([{ step_id: `submit#0@user:${seeded.recipientId}`, status: 'OPEN' }]);
    const events = await db
      .selectFrom('packet_submission_events')
      .select(['kind', 'idempotency_key'])
      .where('submission_id', '=', input.submissionId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['SENT', 'EMAILED']);
    expect(events[0]!.idempotency_key).toBe(`${seeded.workflowId}:sent`);
    expect(mailer.sent).toHaveLength(1);
    expect(await stepAndStatus(input.submissionId)).toEqual({ active_step_id: 'approve', status: 'SUBMITTED' });
  });

  it('writes a batch of first steps in a few statements with exactly the rows a step opened on its own has', async () => {
    const db = database.db;
    const mailer = createRecordingMailer();
    const activities = createPacketSubmissionActivities({ db, config: createTestConfig(), mailer });
    const alone = await seedPacketSubmission(db, { reminderEveryMs: null, expireAfterMs: 600_000 });
    const batched = await seedPacketSubmission(db, { reminderEveryMs: null, expireAfterMs: 600_000 });
    const aloneStep = firstStepOf(alone);
    const batchedStep = {
      ...firstStepOf(batched),
      steps: aloneStep.steps,
      expiresAt: aloneStep.expiresAt,
      workflowId: batched.workflowId,
    };
    // Both as a send leaves them: not opened yet.
    await db
      .updateTable('packet_submissions')
      .set({ active_step_id: null, active_step_name: null })
      .where('id', 'in', [alone.input.submissionId, batched.input.submissionId])
      .execute();
    await runActivity({ workflowId: alone.workflowId }, activities.openPhase, aloneStep);
    await runActivity({ workflowId: `packet-send:${batched.input.sentPacketId}` }, activities.openFirstPhases, {
      schoolId: batched.input.schoolId,
      phases: [batchedStep],
    });

    /** Everything written for one submission, with its own ids replaced by placeholders. */
    const written = async (seeded: typeof alone) => {
      const { input } = seeded;
      const ids: Array<[string, string]> = [
        [seeded.workflowId, '<workflow>'],
        [input.submissionId, '<submission>'],
        [input.sentPacketId, '<sent>'],
        [seeded.recipientId, '<recipient>'],
        [input.schoolId, '<school>'],
        // The hashed key of the step's notification and mail (the raw key holds '#' and the recipient's id).
        [hashedKey(`open:submit#0:user:${seeded.recipientId}:${seeded.recipientId}`), '<open-key>'],
      ];
      const packet = await db
        .selectFrom('sent_packets')
        .select('packet_id')
        .where('id', '=', input.sentPacketId)
        .executeTakeFirstOrThrow();
      const recipient = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', seeded.recipientId)
        .executeTakeFirstOrThrow();
      ids.push([packet.packet_id, '<packet>'], [recipient.email, '<email>']);
      const clean = (value: unknown) => {
        let text = JSON.stringify(value);
        for (const [id, name] of ids) text = text.split(id).join(name);
        return JSON.parse(text.replace(/"(\d{4}-\d\d-\d\dT[^"]+)"/g, '"<time>"')) as unknown;
      };
      const submission = await db
        .selectFrom('packet_submissions')
        .select(['status', 'steps', 'active_step_id', 'active_step_name', 'round', 'change_request'])
        .where('id', '=', input.submissionId)
        .executeTakeFirstOrThrow();
      const events = await db
        .selectFrom('packet_submission_events')
        .select(['kind', 'step_id', 'actor_name', 'details', 'idempotency_key'])
        .where('submission_id', '=', input.submissionId)
        .orderBy('id')
        .execute();
      const tasks = await db
        .selectFrom('tasks')
        .select(['step_id', 'step_name', 'assignee_user_id', 'assignee_role', 'title', 'url', 'status', 'module'])
        .where('workflow_id', '=', seeded.workflowId)
        .execute();
      const notes = await db
        .selectFrom('notifications')
        .select(['user_id', 'module', 'status', 'title', 'body', 'payload', 'dedupe_key'])
        .where('school_id', '=', input.schoolId)
        .execute();
      const mails = await db
        .selectFrom('outbox')
        .select(['idempotency_key', 'subject', 'text_body', 'status'])
        .where('idempotency_key', 'like', `mail:${seeded.workflowId}:%`)
        .execute();
      return clean({ submission, events, tasks, notes, mails });
    };
    const fromBatch = await written(batched);
    expect(fromBatch).toEqual(await written(alone));
    expect(JSON.stringify(fromBatch)).toContain('"status":"init"');
    expect(JSON.stringify(fromBatch)).toContain('notification:<workflow>:<open-key>');
    expect(mailer.sent).toHaveLength(2);
  });
});

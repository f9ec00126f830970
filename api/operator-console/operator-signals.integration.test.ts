import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_REASSIGNED_SIGNAL, RESEND_STEP_NOTIFICATION_SIGNAL } from '../../domain/workflows';
import { disclosureStateQuery } from '../../workflows/disclosures/disclosure.workflow';
import { seedForm, shortText } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { daysFromToday } from '../../scripts/test-harness/test-clock';

/**
 * The operator console's reassign and resend signals, handled by the packet submission and disclosure review
 * workflows on the real stack: after a reassign the new assignee's action is accepted and the old assignee's
 * refused; a resend sends the active step's mail once more under a new key.
 */
let t: AppWithWorker;

let schoolId: string;
let operator: SeededUser;
let owner: SeededUser;
let deputy: SeededUser;
let athlete: SeededUser;
let otherAdmin: SeededUser;
const cookies = new Map<string, string>();
let formId: string;

beforeAll(async () => {
  t = await startAppWithWorker('operator-signals');
  const db = t.database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] });
  schoolId = (await seedSchool(db)).id;
  owner = await seedUser(db, schoolId, { firstName: 'Olive' });
  deputy = await seedUser(db, schoolId, { firstName: 'Dora' });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' });
  otherAdmin = await seedUser(db, (await seedSchool(db)).id, { firstName: 'Otto' });
  for (const u of [operator, owner, deputy, athlete, otherAdmin]) cookies.set(u.id, await sessionCookie(db, u));
  formId = (
    await seedForm(db, schoolId, owner.id, { published: true, elements: [shortText('name', { required: true })] })
  ).formId;
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)!, origin: t.config.publicUrl },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const consolePath = (workflowId: string) => `/operator-console/workflows/${encodeURIComponent(workflowId)}`;

async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A packet whose athlete fills in and then Olive (by name, not by role) approves. */
async function sentSubmission() {
  const created = await call(owner, 'POST', '/packets', {
    name: 'Travel consent',
    description: 'Away game consent',
    formIds: [formId],
    workflow: {
      steps: [
        {
          id: 'fill',
          kind: 'SUBMITTER',
          name: 'Athlete fills in',
          actors: [{ kind: 'RECIPIENT' }],
          questionIds: [`${formId}:name`],
        },
        {
          id: 'review',
          kind: 'APPROVER',
          name: 'Olive approves',
          actors: [{ kind: 'USER', userId: owner.id, name: 'Olive' }],
          questionIds: [],
        },
      ],
      edges: [{ id: 'e1', from: 'fill', to: 'review' }],
    },
    senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const packetId = created.json().id as string;
  expect((await call(owner, 'POST', `/packets/${packetId}/publish`)).statusCode).toBe(200);
  const sent = await call(owner, 'POST', `/packets/${packetId}/send`, {
    recipients: { userIds: [athlete.id], teamIds: [], groups: [] },
    externalSigners: {},
    notify: true,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const row = await waitUntil(() =>
    t.database.db
      .selectFrom('packet_submissions')
      .selectAll()
      .where('sent_packet_id', '=', sent.json().sentPacketId as string)
      .where('active_step_id', '=', 'fill')
      .executeTakeFirst(),
  );
  const filled = await call(athlete, 'POST', `/packet-submissions/${row.id}/actions`, {
    stepId: 'fill',
    action: 'SUBMIT',
    answers: { [formId]: { name: 'Ath Lete' } },
  });
  expect(filled.statusCode, filled.body).toBe(200);
  expect(filled.json()).toMatchObject({ activeStepId: 'review' });
  return row;
}

function mailsTo(email: string) {
  return t.database.db.selectFrom('outbox').select(['id', 'idempotency_key']).where('to_address', '=', email).execute();
}

describe('packet submissions and the console signals', () => {
  it('reassigns the active step: the new assignee approves, the old one is refused', async () => {
    const submission = await sentSubmission();
    const task = await waitUntil(() =>
      t.database.db
        .selectFrom('tasks')
        .selectAll()
        .where('workflow_id', '=', submission.workflow_id)
        .where('step_id', 'like', 'review#0@%')
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    );
    expect(task.assignee_user_id).toBe(owner.id);

    const moved = await call(operator, 'POST', `${consolePath(submission.workflow_id)}/reassign`, {
      taskId: task.id,
      toUserId: deputy.id,
      reason: 'Olive is travelling',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The workflow writes the change: the step now waits on Dora.
    await waitUntil(async () => {
      const row = await t.database.db
        .selectFrom('packet_submissions')
        .select('steps')
        .where('id', '=', submission.id)
        .executeTakeFirstOrThrow();
      const review = (row.steps as Array<{ stepId: string; waitingOn?: string[] }>).find((s) => s.stepId === 'review');
      return review?.waitingOn?.length === 1 && review.waitingOn[0]!.startsWith('Dora');
    });

    const old = await call(owner, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'review',
      action: 'APPROVE',
    });
    expect(old.statusCode).toBeGreaterThanOrEqual(400);
    expect(old.json().error.code).toBe('NOT_YOUR_TURN');

    const approved = await call(deputy, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'review',
      action: 'APPROVE',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    const done = await t.database.db
      .selectFrom('tasks')
      .select(['status', 'completed_by'])
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'DONE', completed_by: deputy.id });
    const events = await t.database.db
      .selectFrom('packet_submission_events')
      .select('kind')
      .where('submission_id', '=', submission.id)
      .execute();
    expect(events.map((e) => e.kind)).toContain('RECIPIENT_CHANGED');
  });

  it('resends the active step mail once per console resend, each with its own key', async () => {
    const submission = await sentSubmission();
    const before = await waitUntil(async () => {
      const rows = await mailsTo(owner.email);
      return rows.some((r) => r.idempotency_key.includes(submission.workflow_id)) ? rows : null;
    });
    const resend = () =>
      call(operator, 'POST', `${consolePath(submission.workflow_id)}/resend-notification`, {
        reason: 'Olive lost the mail',
      });
    expect((await resend()).statusCode).toBe(200);
    const once = await waitUntil(async () => {
      const rows = await mailsTo(owner.email);
      return rows.length === before.length + 1 ? rows : null;
    });
    expect((await resend()).statusCode).toBe(200);
    const twice = await waitUntil(async () => {
      const rows = await mailsTo(owner.email);
      return rows.length === before.length + 2 ? rows : null;
    });
    expect(new Set(twice.map((r) => r.idempotency_key)).size).toBe(twice.length);
    expect(once.length).toBe(before.length + 1);
    // Another school's admin sees nothing of it.
    expect((await call(otherAdmin, 'GET', consolePath(submission.workflow_id))).statusCode).toBe(404);
    // The school's own admin (workflows:operate) sees it in the console scoped to their school.
    const own = await call(owner, 'GET', consolePath(submission.workflow_id));
    expect(own.statusCode, own.body).toBe(200);
    // Its detail carries the live graph: the submission's workflow and each step's state, and where it lives.
    const detail = own.json() as {
      graph: { kind: string; steps: Array<{ stepId: string; status: string }>; definition: { steps: unknown[] } };
      recordPath: string;
    };
    expect(detail.graph.kind).toBe('packet-submission');
    expect(detail.graph.definition.steps).toHaveLength(2);
    expect(detail.graph.steps.map((st) => [st.stepId, st.status])).toEqual([
      ['fill', 'DONE'],
      ['review', 'ACTIVE'],
    ]);
    expect(detail.recordPath).toMatch(new RegExp(`^/seeSubmission/[0-9a-f-]+\\?submission=${submission.id}$`));
  });
});

describe('disclosure reviews and the console signals', () => {
  async function submittedDisclosure(): Promise<string> {
    const created = await call(athlete, 'POST', '/disclosures', {
      type: 'SPONSORSHIP',
      dealType: 'INDIVIDUAL',
      companyName: 'Local Coffee Co',
      startDate: daysFromToday(60),
      endDate: daysFromToday(90),
      location: 'Austin, TX',
      paymentType: 'MONETARY',
      amount: 250,
      pointOfContact: { name: 'Pat Contact', email: 'pat@coffee.example', phone: '5125550100' },
      website: 'https://coffee.example',
      notes: 'Two social posts a week.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const submitted = await call(athlete, 'POST', `/disclosures/${id}/submit`, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    return id;
  }

  it('hands the review to the new reviewer only, and reminds the reviewers again on resend', async () => {
    const id = await submittedDisclosure();
    const handle = t.temporal.workflow.getHandle(`disclosure:${id}`);
    await handle.signal(TASK_REASSIGNED_SIGNAL, {
      taskId: '00000000-0000-4000-8000-000000000000',
      stepId: 'review',
      fromUserId: null,
      toUserId: deputy.id,
      toName: 'Dora',
      byUserId: operator.id,
    });
    await waitUntil(async () => (await handle.query(disclosureStateQuery)).assignedReviewerId === deputy.id);
    const refused = await call(owner, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' });
    expect(refused.json().error.code).toBe('DISCLOSURE_OTHER_REVIEWER');

    const notifications = () =>
      t.database.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', deputy.id)
        .where(sql`payload->>'disclosureId'`, '=', id)
        .execute();
    const before = await waitUntil(async () => ((await notifications()).length > 0 ? notifications() : null));
    await handle.signal(RESEND_STEP_NOTIFICATION_SIGNAL, { stepName: 'escalated-review' });
    await waitUntil(async () => (await notifications()).length === before.length + 1);

    const shown = await call(operator, 'GET', consolePath(`disclosure:${id}`));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      graph: { kind: 'disclosure', status: 'PENDING', reviewer: expect.stringMatching(/^Dora /) },
      recordPath: `/disclosuredetail?id=${id}`,
    });
    const approved = await call(deputy, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
  });
});

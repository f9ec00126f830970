import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedForm, shortText } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';

/**
 * The people and groups a packet workflow names must be able to act: saving, publishing and sending refuse a step
 * that names another school's user, a deactivated one or a group without active members (the step would wait
 * forever); a person who leaves after the send makes a stuck process the operator console names, and one reassign
 * moves the step on.
 */
let t: AppWithWorker;

let schoolId: string;
let admin: SeededUser;
let approver: SeededUser;
let athlete: SeededUser;
let foreigner: SeededUser;
let operator: SeededUser;
const cookies = new Map<string, string>();
let formId: string;

beforeAll(async () => {
  t = await startAppWithWorker('workflow-accounts');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { firstName: 'Olive' });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' });
  approver = await seedUser(db, schoolId, { firstName: 'Pia' });
  foreigner = await seedUser(db, (await seedSchool(db)).id, { firstName: 'Otto' });
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] });
  for (const u of [admin, athlete, foreigner, operator]) cookies.set(u.id, await sessionCookie(db, u));
  formId = (
    await seedForm(db, schoolId, admin.id, { published: true, elements: [shortText('name', { required: true })] })
  ).formId;
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)!, origin: t.config.publicUrl },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

type Actor = { kind: 'USER'; userId: string; name?: string } | { kind: 'ROLE'; role: string };

/** The athlete fills in, then `actor` approves. */
function workflowNaming(actor: Actor) {
  return {
    steps: [
      {
        id: 'fill',
        kind: 'SUBMITTER',
        name: 'Athlete fills in',
        actors: [{ kind: 'RECIPIENT' }],
        questionIds: [`${formId}:name`],
      },
      { id: 'review', kind: 'APPROVER', name: 'Review', actors: [actor], questionIds: [] },
    ],
    edges: [{ id: 'e1', from: 'fill', to: 'review' }],
  };
}

function createPacket(actor: Actor) {
  return call(admin, 'POST', '/packets', {
    name: 'Travel consent',
    description: 'Away game consent',
    formIds: [formId],
    workflow: workflowNaming(actor),
    senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
  });
}

async function newApprover(firstName: string): Promise<SeededUser> {
  return seedUser(t.database.db, schoolId, { firstName });
}

async function deactivate(user: SeededUser): Promise<void> {
  const res = await call(admin, 'POST', `/users/${user.id}/deactivate`);
  expect(res.statusCode, res.body).toBe(200);
}

function sendTo(packetId: string, recipient: SeededUser) {
  return call(admin, 'POST', `/packets/${packetId}/send`, {
    recipients: { userIds: [recipient.id], teamIds: [], groups: [] },
    externalSigners: {},
    notify: true,
  });
}

async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectPersonRefused(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    error: {
      code: 'PACKET_STEP_PERSON_UNAVAILABLE',
      message: 'This step names a person who is not an active member of your school.',
      details: [{ code: 'PACKET_STEP_PERSON_UNAVAILABLE', field: 'review' }],
    },
  });
}

describe('saving a packet', () => {
  it('refuses an approver of another school', async () => {
    expectPersonRefused(await createPacket({ kind: 'USER', userId: foreigner.id, name: 'Otto' }));
    const count = await t.database.db
      .selectFrom('packets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', schoolId)
      .where('name', '=', 'Travel consent')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a deactivated approver and an unknown user id, on create and on update', async () => {
    const gone = await newApprover('Gus');
    await deactivate(gone);
    expectPersonRefused(await createPacket({ kind: 'USER', userId: gone.id }));
    expectPersonRefused(await createPacket({ kind: 'USER', userId: '00000000-0000-4000-8000-000000000000' }));

    const created = await createPacket({ kind: 'ROLE', role: 'SCHOOL_ADMIN' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expectPersonRefused(
      await call(admin, 'PUT', `/packets/${id}`, { workflow: workflowNaming({ kind: 'USER', userId: gone.id }) }),
    );
    expectPersonRefused(
      await call(admin, 'PUT', `/packets/${id}`, { workflow: workflowNaming({ kind: 'USER', userId: foreigner.id }) }),
    );
    const fine = await call(admin, 'PUT', `/packets/${id}`, {
      workflow: workflowNaming({ kind: 'USER', userId: approver.id }),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses a group nobody active belongs to, and a role that is no group of the school', async () => {
    for (const role of ['AGENT', 'OPERATOR', 'NOBODY']) {
      const res = await createPacket({ kind: 'ROLE', role });
      expect(res.statusCode, role).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'PACKET_STEP_GROUP_UNAVAILABLE',
        message: 'This step names a group with no active members at your school.',
      });
    }
  });
});

describe('publishing and sending', () => {
  it('refuses to publish once the named approver was deactivated, and lists the problem on the step', async () => {
    const gone = await newApprover('Hal');
    const created = await createPacket({ kind: 'USER', userId: gone.id, name: 'Hal' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().problems).toEqual([]);
    await deactivate(gone);

    expectPersonRefused(await call(admin, 'POST', `/packets/${id}/publish`));
    const detail = await call(admin, 'GET', `/packets/${id}`);
    expect(detail.json().status).toBe('UNPUBLISHED');
    expect(detail.json().problems).toEqual([
      {
        code: 'PACKET_STEP_PERSON_UNAVAILABLE',
        message: 'This step names a person who is not an active member of your school.',
        stepId: 'review',
        userIds: [gone.id],
      },
    ]);
  });

  it('refuses to send once the named approver was deactivated after publishing, and starts nothing', async () => {
    const gone = await newApprover('Ida');
    const created = await createPacket({ kind: 'USER', userId: gone.id, name: 'Ida' });
    const id = created.json().id as string;
    const published = await call(admin, 'POST', `/packets/${id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    await deactivate(gone);

    expectPersonRefused(await sendTo(id, athlete));
    const sent = await t.database.db.selectFrom('sent_packets').select('id').where('packet_id', '=', id).execute();
    expect(sent).toEqual([]);
  });
});

describe('a named approver who leaves after the send', () => {
  it('makes a stuck process the console names, and one reassign hands the step to the new person', async () => {
    const leaving = await newApprover('Lena');
    const created = await createPacket({ kind: 'USER', userId: leaving.id, name: 'Lena' });
    const id = created.json().id as string;
    expect((await call(admin, 'POST', `/packets/${id}/publish`)).statusCode).toBe(200);
    const sent = await sendTo(id, athlete);
    expect(sent.statusCode, sent.body).toBe(201);
    const submission = await waitUntil(() =>
      t.database.db
        .selectFrom('packet_submissions')
        .selectAll()
        .where('sent_packet_id', '=', sent.json().sentPacketId as string)
        .where('active_step_id', '=', 'fill')
        .executeTakeFirst(),
    );
    const filled = await call(athlete, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formId]: { name: 'Ath Lete' } },
    });
    expect(filled.json()).toMatchObject({ activeStepId: 'review' });
    const path = `/operator-console/workflows/${encodeURIComponent(submission.workflow_id)}`;
    const before = await call(operator, 'GET', path);
    expect(before.json().item.stuck).toEqual([]);

    await deactivate(leaving);
    const shown = await call(operator, 'GET', path);
    expect(shown.statusCode, shown.body).toBe(200);
    const task = (shown.json().tasks as Array<{ id: string; status: string; assigneeUserId: string }>).find(
      (x) => x.status === 'OPEN',
    )!;
    expect(task.assigneeUserId).toBe(leaving.id);
    expect(shown.json().item.stuck).toEqual([
      {
        kind: 'ASSIGNEE_UNAVAILABLE',
        taskId: task.id,
        reason: expect.stringMatching(/^"Review" is waiting on Lena .+, who is no longer active at the school: /),
        suggestedAssignee: { id: admin.id, name: expect.stringMatching(/^Olive /) },
      },
    ]);
    // The stuck list finds it too.
    const listed = await call(operator, 'GET', `/operator-console/workflows?stuckOnly=true&schoolId=${schoolId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().items as Array<{ workflowId: string }>).map((i) => i.workflowId)).toContain(
      submission.workflow_id,
    );

    const moved = await call(operator, 'POST', `${path}/reassign`, {
      taskId: task.id,
      toUserId: admin.id,
      reason: 'Lena left the school',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const approved = await waitUntil(async () => {
      const res = await call(admin, 'POST', `/packet-submissions/${submission.id}/actions`, {
        stepId: 'review',
        action: 'APPROVE',
      });
      return res.statusCode === 200 ? res : null;
    });
    expect(approved.json().status).toBe('APPROVED');
    const after = await call(operator, 'GET', path);
    expect(after.json().item.stuck).toEqual([]);
  });
});

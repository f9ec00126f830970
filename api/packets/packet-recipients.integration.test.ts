import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormElement } from '../../form-engine/form-definition';
import { seedForm, shortText } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { waitUntil } from '../test-support/wait-until';

/**
 * Who a packet reaches (issue 35). A step for "compliance staff" (school admins holding the compliance permission)
 * reaches only them: a school admin without the permission gets no task (My Tasks, the packet inbox, the submission's
 * own step) and the workflow's Update refuses their approval; a compliance admin gets the task and approves. A
 * recipient without an account yet is invited with the send and told to set a password first.
 */
let t: AppWithWorker;
let schoolId: string;
let compliance: SeededUser;
let staffAdmin: SeededUser;
let athlete: SeededUser;
let formId: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await startAppWithWorker('compliance-approver');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  compliance = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }], firstName: 'Cora' });
  staffAdmin = await seedUser(db, schoolId, {
    roles: [{ role: 'SCHOOL_ADMIN', compliance: false }],
    firstName: 'Stan',
  });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' });
  for (const u of [compliance, staffAdmin, athlete]) cookies.set(u.id, await sessionCookie(db, u));
  formId = (
    await seedForm(db, schoolId, compliance.id, {
      published: true,
      elements: [shortText('name', { required: true } as Partial<FormElement>)],
    })
  ).formId;
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const workflow = () => ({
  steps: [
    {
      id: 'fill',
      kind: 'SUBMITTER',
      name: 'Athlete fills in',
      actors: [{ kind: 'RECIPIENT' }],
      questionIds: [`${formId}:name`],
    },
    {
      id: 'compliance',
      kind: 'APPROVER_WITH_SIGNATURE',
      name: 'Compliance approves and signs',
      actors: [{ kind: 'ROLE', role: 'COMPLIANCE_STAFF' }],
      questionIds: [],
    },
  ],
  edges: [{ id: 'e1', from: 'fill', to: 'compliance' }],
});

const taskUrls = async (user: SeededUser) =>
  (await call(user, 'GET', '/tasks/mine')).json().items.map((i: { url: string }) => i.url) as string[];

describe('a compliance staff step', () => {
  it('reaches only admins with the compliance permission, and the workflow refuses anyone else', async () => {
    const created = await call(compliance, 'POST', '/packets', {
      name: 'Medical clearance',
      description: 'Yearly medical forms',
      formIds: [formId],
      workflow: workflow(),
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const packetId = created.json().id as string;
    const published = await call(compliance, 'POST', `/packets/${packetId}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const sent = await call(compliance, 'POST', `/packets/${packetId}/send`, {
      recipients: { userIds: [athlete.id], teamIds: [], groups: [] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const submission = await waitUntil(() =>
      t.database.db
        .selectFrom('packet_submissions')
        .selectAll()
        .where('sent_packet_id', '=', sent.json().sentPacketId)
        .where('active_step_id', '=', 'fill')
        .executeTakeFirst(),
    );
    const filled = await call(athlete, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formId]: { name: 'Ath Lete' } },
    });
    expect(filled.json(), filled.body).toMatchObject({ status: 'SUBMITTED', activeStepId: 'compliance' });
    const url = `/sprySign/actionRequired?submission=${submission.id}`;

    // The task is addressed to compliance staff, not to every school admin.
    const task = await waitUntil(() =>
      t.database.db
        .selectFrom('tasks')
        .select(['assignee_role', 'assignee_user_id'])
        .where('entity_id', '=', submission.id)
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    );
    expect(task).toEqual({ assignee_role: 'COMPLIANCE_STAFF', assignee_user_id: null });

    // The admin without the compliance permission: no task anywhere, no step to act on, and the approval is refused.
    expect(await taskUrls(staffAdmin)).not.toContain(url);
    const staffInbox = await call(staffAdmin, 'GET', '/packet-tasks');
    expect(staffInbox.json().items.map((i: { submissionId: string }) => i.submissionId)).not.toContain(submission.id);
    expect((await call(staffAdmin, 'GET', `/packet-submissions/${submission.id}`)).json().myStep).toBeNull();
    const approve = (user: SeededUser) =>
      call(user, 'POST', `/packet-submissions/${submission.id}/actions`, {
        stepId: 'compliance',
        action: 'APPROVE',
        signature: 'data:image/png;base64,iVBORw0KGgo=',
      });
    const refused = await approve(staffAdmin);
    expect(refused.json().error.code, refused.body).toBe('NOT_YOUR_TURN');

    // The compliance admin has it in My Tasks, in the packet inbox and on the submission, and approves.
    expect(await taskUrls(compliance)).toContain(url);
    const inbox = await call(compliance, 'GET', '/packet-tasks');
    expect(inbox.json().items.map((i: { submissionId: string }) => i.submissionId)).toContain(submission.id);
    const detail = await call(compliance, 'GET', `/packet-submissions/${submission.id}`);
    expect(detail.json().myStep).toMatchObject({ stepId: 'compliance', kind: 'APPROVER_WITH_SIGNATURE' });
    const approved = await approve(compliance);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED' });
  });

  it('refuses a compliance staff step in a school where nobody holds the permission', async () => {
    const db = t.database.db;
    const bare = (await seedSchool(db)).id;
    const admin = await seedUser(db, bare, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] });
    cookies.set(admin.id, await sessionCookie(db, admin));
    const form = (await seedForm(db, bare, admin.id, { published: true, elements: [shortText('name')] })).formId;
    const steps = workflow().steps.map((s) => (s.id === 'fill' ? { ...s, questionIds: [`${form}:name`] } : s));
    const created = await call(admin, 'POST', '/packets', {
      name: 'Medical clearance',
      description: 'Yearly medical forms',
      formIds: [form],
      workflow: { ...workflow(), steps },
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error).toMatchObject({
      code: 'PACKET_STEP_GROUP_UNAVAILABLE',
      details: [expect.objectContaining({ field: 'compliance' })],
    });
  });
});

describe('a recipient without an account yet', () => {
  it('is invited with the send, and the packet mail says to set a password from the invitation first', async () => {
    const db = t.database.db;
    const newcomer = await seedUser(db, schoolId, {
      roles: [{ role: 'STUDENT_ATHLETE' }],
      status: 'NOT_INVITED',
      password: null,
      firstName: 'Nell',
    });
    const created = await call(compliance, 'POST', '/packets', {
      name: 'Welcome paperwork',
      description: 'First forms of the year',
      formIds: [formId],
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const packetId = created.json().id as string;
    expect((await call(compliance, 'POST', `/packets/${packetId}/publish`)).statusCode).toBe(200);
    const sent = await call(compliance, 'POST', `/packets/${packetId}/send`, {
      recipients: { userIds: [newcomer.id], teamIds: [], groups: [] },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const mails = await waitUntil(async () => {
      const rows = await db
        .selectFrom('outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', newcomer.email)
        .execute();
      return rows.length >= 2 ? rows : null;
    });
    const packetMail = mails.find((m) => m.subject.startsWith('Welcome paperwork'));
    expect(packetMail?.text_body).toContain('You do not have an account yet.');
    expect(packetMail?.text_body).toContain('Create your password');
    expect(mails.some((m) => m.subject.startsWith("You're invited to"))).toBe(true);
    const user = await db.selectFrom('users').select('status').where('id', '=', newcomer.id).executeTakeFirstOrThrow();
    expect(user.status).toBe('INVITED');

    // An athlete with an account gets the plain mail.
    const again = await call(compliance, 'POST', `/packets/${packetId}/send`, {
      recipients: { userIds: [athlete.id], teamIds: [], groups: [] },
    });
    expect(again.statusCode).toBe(201);
    const plain = await waitUntil(() =>
      db
        .selectFrom('outbox')
        .select('text_body')
        .where('to_address', '=', athlete.email)
        .where('subject', 'like', 'Welcome paperwork%')
        .executeTakeFirst(),
    );
    expect(plain.text_body).not.toContain('You do not have an account yet.');
  });
});

import proto from '@temporalio/proto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormElement } from '../../form-engine/form-definition';
import { actOnStepUpdate, submissionStateQuery } from '../../workflows/packets/packet-submission.workflow';
import { seedForm, shortText } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { loadPdfSignatures } from './submission-pdf.service';
import { CATCH_UP_WAIT_MS } from './submissions.service';
import { backendPid, asAnotherClient, untilBlockedBy } from '../test-support/lock-waits';

/**
 * Packets end to end on the real stack (PostgreSQL, Temporal dev server, platform worker): build and publish with
 * the catalogue's checks, send, fill in, approve with signature (two approvers at once: one wins), the external
 * signer's link (consent, sign, replay refused), change request and resubmission, reject, void, reminders and
 * expiry with short durations, and permissions across schools and actors.
 */
let t: AppWithWorker;

let schoolId: string;
let owner: SeededUser;
let admin2: SeededUser;
const EventType = proto.temporal.api.enums.v1.EventType;
let athlete: SeededUser;
let athlete2: SeededUser;
let coach: SeededUser;
let other: SeededUser;
const cookies = new Map<string, string>();
let formA: string;
let formB: string;

beforeAll(async () => {
  t = await startAppWithWorker('packets');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  owner = await seedUser(db, schoolId, { firstName: 'Olive' });
  admin2 = await seedUser(db, schoolId, { firstName: 'Adam' });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' });
  athlete2 = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Beth' });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], firstName: 'Cody' });
  const otherSchool = (await seedSchool(db)).id;
  other = await seedUser(db, otherSchool);
  for (const u of [owner, admin2, athlete, athlete2, coach, other]) cookies.set(u.id, await sessionCookie(db, u));
  const required = { required: true } as Partial<FormElement>;
  formA = (
    await seedForm(db, schoolId, owner.id, {
      published: true,
      elements: [shortText('name', required), shortText('phone')],
    })
  ).formId;
  formB = (await seedForm(db, schoolId, owner.id, { published: true, elements: [shortText('allergy', required)] }))
    .formId;
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? { cookie: cookies.get(user.id)! } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const chainWorkflow = (signer = true) => ({
  steps: [
    {
      id: 'fill',
      kind: 'SUBMITTER',
      name: 'Athlete fills in',
      actors: [{ kind: 'RECIPIENT' }],
      questionIds: [`${formA}:name`, `${formA}:phone`, `${formB}:allergy`],
    },
    {
      id: 'review',
      kind: 'APPROVER_WITH_SIGNATURE',
      name: 'Compliance signs',
      actors: [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }],
      questionIds: [],
    },
    ...(signer ? [{ id: 'doctor', kind: 'EXTERNAL_SIGNER', name: 'Doctor signs', actors: [], questionIds: [] }] : []),
  ],
  edges: [{ id: 'e1', from: 'fill', to: 'review' }, ...(signer ? [{ id: 'e2', from: 'review', to: 'doctor' }] : [])],
});

async function publishedPacket(signer = true): Promise<string> {
  const created = await call(owner, 'POST', '/packets', {
    name: 'Medical clearance',
    description: 'Yearly medical forms',
    formIds: [formA, formB],
    workflow: chainWorkflow(signer),
    senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as string;
  const published = await call(owner, 'POST', `/packets/${id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

async function send(packetId: string, recipients: SeededUser[], extra: Record<string, unknown> = {}) {
  const res = await call(owner, 'POST', `/packets/${packetId}/send`, {
    recipients: { userIds: recipients.map((r) => r.id), teamIds: [], groups: [] },
    externalSigners: { doctor: { email: 'doc@clinic.test', firstName: 'Dana', lastName: 'Doe' } },
    message: 'Please complete before practice.',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().sentPacketId as string;
}

async function submissionOf(sentPacketId: string, recipient: SeededUser) {
  const row = await t.database.db
    .selectFrom('packet_submissions')
    .selectAll()
    .where('sent_packet_id', '=', sentPacketId)
    .where('recipient_user_id', '=', recipient.id)
    .executeTakeFirstOrThrow();
  return row;
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

async function waitForStatus(submissionId: string, status: string, activeStep?: string | null) {
  return waitUntil(async () => {
    const row = await t.database.db
      .selectFrom('packet_submissions')
      .selectAll()
      .where('id', '=', submissionId)
      .executeTakeFirstOrThrow();
    if (row.status !== status) return null;
    if (activeStep !== undefined && row.active_step_id !== activeStep) return null;
    return row;
  });
}

async function signerLinkFromMail(email: string, after = 0): Promise<string> {
  const mail = await waitUntil(async () => {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['text_body'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .execute();
    return rows.length > after ? rows[rows.length - 1] : null;
  });
  const match = /spry-sign\/submit\/([^\s"<>]+)/.exec(mail.text_body);
  if (!match) throw new Error('no signer link in the mail');
  return decodeURIComponent(match[1]!);
}

describe('building and publishing', () => {
  it('checks the catalogue rules on create and publish', async () => {
    const noForms = await call(owner, 'POST', '/packets', { name: 'X', description: 'Y', formIds: [] });
    expect(noForms.json().error).toMatchObject({
      code: 'PACKET_FORMS_RANGE',
      message: 'Packet must contain 1-5 forms.',
    });
    const empty = await call(owner, 'POST', '/packets', { name: ' ', description: 'Y', formIds: [formA] });
    expect(empty.json().error.message).toBe('Packet name or description empty.');
    const long = await call(owner, 'POST', '/packets', {
      name: Array.from({ length: 21 }, () => 'word').join(' '),
      description: 'Y',
      formIds: [formA],
    });
    expect(long.json().error.code).toBe('PACKET_NAME_TOO_LONG');

    const created = await call(owner, 'POST', '/packets', { name: 'Draft', description: 'Desc', formIds: [formA] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().problems).toEqual([]);
    const noSenders = await call(owner, 'POST', `/packets/${id}/publish`);
    expect(noSenders.statusCode).toBe(400);
    expect(noSenders.json().error.message).toBe('Send access not set up.');
    // Every blocking problem is listed with where it is fixed, before and when publishing.
    expect(noSenders.json().error.details).toEqual([
      { code: 'PACKET_SEND_ACCESS_NOT_SET_UP', message: 'Send access not set up.', field: 'sender' },
    ]);
    expect(created.json().publishProblems).toEqual([
      { code: 'PACKET_SEND_ACCESS_NOT_SET_UP', message: 'Send access not set up.', place: 'sender' },
    ]);

    const partial = await call(owner, 'PUT', `/packets/${id}`, {
      senders: { userIds: [coach.id], groups: [] },
      workflow: {
        steps: [
          { id: 's', kind: 'SUBMITTER', name: 'Fill', actors: [{ kind: 'RECIPIENT' }], questionIds: [`${formA}:name`] },
        ],
        edges: [],
      },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().problems.map((p: { code: string }) => p.code)).toEqual(['PACKET_QUESTIONS_NOT_ALL_ASSIGNED']);
    const refused = await call(owner, 'POST', `/packets/${id}/publish`);
    expect(refused.json().error.message).toBe('Assignable questions not all assigned.');
    expect(partial.json().publishProblems.map((p: { place: string }) => p.place)).toEqual(['workflow']);

    const fixed = await call(owner, 'PUT', `/packets/${id}`, {
      workflow: {
        steps: [
          {
            id: 's',
            kind: 'SUBMITTER',
            name: 'Fill',
            actors: [{ kind: 'RECIPIENT' }],
            questionIds: [`${formA}:name`, `${formA}:phone`],
          },
        ],
        edges: [],
      },
    });
    expect(fixed.json().problems).toEqual([]);
    const published = await call(owner, 'POST', `/packets/${id}/publish`);
    expect(published.json()).toMatchObject({ status: 'PUBLISHED', currentVersion: 1, frozen: true });

    // Minor edits pass, structural ones need a clone.
    expect((await call(owner, 'PUT', `/packets/${id}`, { name: 'Draft renamed' })).statusCode).toBe(200);
    const structural = await call(owner, 'PUT', `/packets/${id}`, { formIds: [formA, formB] });
    expect(structural.json().error.code).toBe('PACKET_FROZEN');
    const clone = await call(owner, 'POST', `/packets/${id}/clone`);
    expect(clone.json()).toMatchObject({ status: 'UNPUBLISHED', name: 'Draft renamed (copy)', frozen: false });

    const link = await call(owner, 'PUT', `/packets/${id}/external-link`, { enabled: true });
    expect(link.json()).toMatchObject({ enabled: true, url: expect.stringMatching(/\/submit\/[A-Za-z0-9_-]{32}$/) });
    expect((await call(owner, 'GET', `/packets/${id}`)).json().externalLinkEnabled).toBe(true);
    // Recall: unpublished again, sending refused.
    const recalled = await call(owner, 'POST', `/packets/${id}/recall`);
    expect(recalled.json()).toMatchObject({ status: 'UNPUBLISHED', externalLinkEnabled: false });
    const sendRecalled = await call(owner, 'POST', `/packets/${id}/send`, {
      recipients: { userIds: [athlete.id], teamIds: [], groups: [] },
    });
    expect(sendRecalled.json().error.code).toBe('PACKET_NOT_PUBLISHED');

    // Another school's user sees nothing; an athlete may not build.
    expect((await call(other, 'GET', `/packets/${id}`)).statusCode).toBe(404);
    expect((await call(athlete, 'GET', `/packets/${id}`)).statusCode).toBe(403);
  });

  it('manages folders with the 100-character rule', async () => {
    const tooLong = await call(owner, 'POST', '/packet-folders', { name: 'x'.repeat(101) });
    expect(tooLong.json().error.code).toBe('FOLDER_NAME_INVALID');
    const folder = await call(owner, 'POST', '/packet-folders', { name: 'Medical' });
    expect(folder.statusCode).toBe(201);
    const folderId = folder.json().id as string;
    const renamed = await call(owner, 'PATCH', `/packet-folders/${folderId}`, { name: 'Medical 2026' });
    expect(renamed.json().name).toBe('Medical 2026');
    const packet = await call(owner, 'POST', '/packets', { name: 'In folder', description: 'D', formIds: [formA] });
    const moved = await call(owner, 'PUT', `/packets/${packet.json().id}/folder`, { folderId });
    expect(moved.json().folderId).toBe(folderId);
    const cloned = await call(owner, 'POST', `/packet-folders/${folderId}/clone`);
    expect(cloned.json()).toMatchObject({ name: 'Medical 2026 (copy)', packetCount: 1 });
    const archived = await call(owner, 'POST', `/packet-folders/${folderId}/archive`);
    expect(archived.json().archivedAt).not.toBeNull();
    const list = await call(owner, 'GET', '/packet-folders');
    expect(list.json().items.map((f: { id: string }) => f.id)).not.toContain(folderId);
  });
});

describe('the submission workflow', () => {
  it('runs submitter → approver with signature → external signer, one approver winning a race', async () => {
    const packetId = await publishedPacket();
    const sentPacketId = await send(packetId, [athlete]);
    const submission = await submissionOf(sentPacketId, athlete);
    expect(submission.workflow_id).toBe(`packet-submission:${sentPacketId}:${athlete.id}`);
    await waitForStatus(submission.id, 'PENDING', 'fill');

    const mine = await call(athlete, 'GET', '/my-paperwork');
    expect(mine.json().items.map((i: { id: string }) => i.id)).toContain(submission.id);
    const tasks = await call(athlete, 'GET', '/packet-tasks');
    expect(tasks.json().items[0]).toMatchObject({ submissionId: submission.id, stepId: 'fill', stepKind: 'SUBMITTER' });
    expect(tasks.json().total).toBe(tasks.json().items.length);
    const approverOnly = await call(athlete, 'GET', '/packet-tasks?kind=APPROVER');
    expect(approverOnly.json()).toMatchObject({ items: [], total: 0 });

    // Not the athlete's turn to approve; not the admin's turn to fill in; not another school's business.
    const wrongActor = await call(owner, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { name: 'X' }, [formB]: { allergy: 'none' } },
    });
    expect(wrongActor.json().error.code).toBe('NOT_YOUR_TURN');
    expect((await call(other, 'GET', `/packet-submissions/${submission.id}`)).statusCode).toBe(404);
    const outOfTurn = await call(athlete, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'review',
      action: 'APPROVE',
      signature: 'Ath',
    });
    expect(outOfTurn.json().error.code).toBe('STEP_NOT_ACTIVE');

    const missing = await call(athlete, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { phone: '555' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('MANDATORY_FIELD');

    const filled = await call(athlete, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { name: 'Ath Lete', phone: '555' }, [formB]: { allergy: 'none' } },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json()).toMatchObject({ status: 'SUBMITTED', activeStepId: 'review' });
    const submitted = await call(athlete, 'GET', `/packet-submissions/${submission.id}`);
    expect(submitted.json().answers[formA]).toEqual({ name: 'Ath Lete', phone: '555' });

    const adminTasks = await call(admin2, 'GET', '/packet-tasks');
    expect(adminTasks.json().items.map((i: { submissionId: string }) => i.submissionId)).toContain(submission.id);
    const detail = await call(admin2, 'GET', `/packet-submissions/${submission.id}`);
    expect(detail.json().myStep).toMatchObject({ stepId: 'review', kind: 'APPROVER_WITH_SIGNATURE' });

    const noSignature = await call(admin2, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'review',
      action: 'APPROVE',
    });
    expect(noSignature.json().error.code).toBe('SIGNATURE_REQUIRED');

    const approve = (u: SeededUser) =>
      call(u, 'POST', `/packet-submissions/${submission.id}/actions`, {
        stepId: 'review',
        action: 'APPROVE',
        signature: 'data:image/png;base64,iVBORw0KGgo=',
      });
    const [a, b] = await Promise.all([approve(owner), approve(admin2)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.code).toBe('ALREADY_DECIDED');

    await waitForStatus(submission.id, 'SUBMITTED', 'doctor');
    const token = await signerLinkFromMail('doc@clinic.test');
    const opened = await call(null, 'POST', '/signer/open', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    // The document comes first: the forms as the athlete filled them, before any consent.
    expect(opened.json()).toMatchObject({ packetName: 'Medical clearance', signerName: 'Dana Doe', signedAt: null });
    expect(opened.json().forms).toHaveLength(2);
    expect(opened.json().answers[formA]).toEqual({ name: 'Ath Lete', phone: '555' });
    const preview = await call(null, 'POST', '/signer/pdf', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const early = await call(null, 'POST', '/signer/submit', { token, signature: 'Dana Doe' });
    expect(early.json().error.code).toBe('ESIGN_CONSENT_REQUIRED');
    const consent = await call(null, 'POST', '/signer/consent', {
      token,
      consentVersion: opened.json().consent.version,
      email: 'DOC@clinic.test',
      firstName: 'Dana',
      lastName: 'Doe',
    });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json().forms).toHaveLength(2);
    const signed = await call(null, 'POST', '/signer/submit', { token, signature: 'Dana Doe' });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().status).toBe('APPROVED');

    const replay = await call(null, 'POST', '/signer/submit', { token, signature: 'Dana Doe' });
    expect(replay.statusCode).toBe(410);
    expect(replay.json().error.code).toBe('LINK_NO_LONGER_VALID');
    // The same link now shows the signed packet and gives the signed PDF, which holds both signatures.
    const afterSigning = await call(null, 'POST', '/signer/open', { token });
    expect(afterSigning.statusCode, afterSigning.body).toBe(200);
    expect(afterSigning.json().signedAt).not.toBeNull();
    expect(Date.parse(afterSigning.json().copyUntil)).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const copy = await call(null, 'POST', '/signer/pdf', { token });
    expect(copy.statusCode, copy.body).toBe(200);
    const row = await t.database.db
      .selectFrom('packet_submissions as s')
      .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
      .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
      .select(['v.workflow', 's.status'])
      .where('s.id', '=', submission.id)
      .executeTakeFirstOrThrow();
    const signatures = await loadPdfSignatures(t.database.db, {
      schoolId,
      schoolName: 'School',
      submissionId: submission.id,
      packetName: 'Medical clearance',
      recipientName: 'Ath Lete',
      status: row.status,
      workflow: row.workflow,
      forms: [],
      answers: {},
    });
    expect(signatures.map((s) => [s.stepName, s.source, s.signerName, s.mark.kind])).toEqual([
      ['Compliance signs', 'Approved with signature', expect.any(String), 'drawn'],
      ['Doctor signs', 'Signed as external signer', 'Dana Doe', 'typed'],
    ]);
    expect(signatures[0]!.identifiedBy).toBe('Signed-in account');
    expect(signatures[1]).toMatchObject({
      signerEmail: 'doc@clinic.test',
      identifiedBy: 'Personal link e-mailed to doc@clinic.test',
      consent: { version: opened.json().consent.version },
      documentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const downloads = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'packet.signer_pdf.downloaded')
      .where('target_id', '=', submission.id)
      .execute();
    expect(downloads).toHaveLength(2);
    // Past the retention window the link gives nothing.
    await t.database.db
      .updateTable('packet_signer_links')
      .set({ used_at: new Date(Date.now() - 366 * 86_400_000) })
      .where('submission_id', '=', submission.id)
      .execute();
    expect((await call(null, 'POST', '/signer/pdf', { token })).json().error.code).toBe('LINK_NO_LONGER_VALID');
    expect((await call(null, 'POST', '/signer/open', { token })).json().error.code).toBe('LINK_NO_LONGER_VALID');
    const forged = await call(null, 'POST', '/signer/open', { token: `${token.slice(0, -3)}abc` });
    expect(forged.json().error.code).toBe('LINK_NO_LONGER_VALID');

    const done = await waitForStatus(submission.id, 'APPROVED', null);
    expect(done.completed_at).not.toBeNull();
    const steps = done.steps.map((s) => [s.stepId, s.status, s.decision]);
    expect(steps).toEqual([
      ['fill', 'DONE', 'SUBMITTED'],
      ['review', 'DONE', 'APPROVED'],
      ['doctor', 'DONE', 'SUBMITTED'],
    ]);
    const sender = await call(owner, 'GET', `/packet-submissions/${submission.id}`);
    const kinds = sender.json().events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'SENT',
        'EMAILED',
        'SUBMITTED',
        'APPROVED',
        'OPENED',
        'CONSENTED',
        'SIGNED',
        'COMPLETED',
      ]),
    );
    // The signer named at send time shows on their step.
    const doctorStep = sender.json().workflow.steps.find((s: { id: string }) => s.id === 'doctor');
    expect(doctorStep.actors).toEqual([
      { kind: 'EXTERNAL', email: 'doc@clinic.test', firstName: 'Dana', lastName: 'Doe' },
    ]);
    const signedEvent = sender.json().events.find((e: { kind: string }) => e.kind === 'SIGNED');
    expect(signedEvent).toMatchObject({
      actorEmail: 'doc@clinic.test',
      answersSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The sender never sees a usable signer link.
    expect(sender.body).not.toContain(token);
    const open = await t.database.db
      .selectFrom('tasks')
      .select('status')
      .where('workflow_id', '=', submission.workflow_id)
      .execute();
    expect(open.every((task) => task.status !== 'OPEN')).toBe(true);
    const pdf = await call(owner, 'GET', `/packet-submissions/${submission.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(other, 'GET', `/packet-submissions/${submission.id}/pdf`)).statusCode).toBe(404);
    const sent = await call(owner, 'GET', `/sent-packets/${sentPacketId}/submissions`);
    expect(sent.json().items[0]).toMatchObject({ status: 'APPROVED' });
  });

  it('sends back on a change request, the athlete resubmits, then a rejection with a reason ends it', async () => {
    const packetId = await publishedPacket(false);
    const sentPacketId = await send(packetId, [athlete2]);
    const submission = await submissionOf(sentPacketId, athlete2);
    await waitForStatus(submission.id, 'PENDING', 'fill');
    const answers = { [formA]: { name: 'Beth' }, [formB]: { allergy: 'peanuts' } };
    const act = (u: SeededUser, payload: Record<string, unknown>) =>
      call(u, 'POST', `/packet-submissions/${submission.id}/actions`, payload);
    expect((await act(athlete2, { stepId: 'fill', action: 'SUBMIT', answers })).statusCode).toBe(200);

    const longComment = await act(owner, {
      stepId: 'review',
      action: 'REQUEST_CHANGE',
      comment: Array.from({ length: 201 }, () => 'w').join(' '),
    });
    expect(longComment.json().error.code).toBe('COMMENT_TOO_LONG');
    // A change request without its reason is refused, naming the field, and changes nothing.
    const noComment = await act(owner, { stepId: 'review', action: 'REQUEST_CHANGE', comment: '  ' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().error).toEqual({
      code: 'REASON_REQUIRED',
      message: 'A reason is required.',
      details: [{ field: 'comment', message: 'A reason is required.' }],
    });
    const back = await act(owner, {
      stepId: 'review',
      action: 'REQUEST_CHANGE',
      comment: 'Please add your phone number.',
      questionIds: [`${formA}:phone`],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'CHANGE_REQUESTED', activeStepId: 'fill' });
    expect((await call(owner, 'GET', `/packet-submissions/${submission.id}`)).json()).toMatchObject({
      changeRequest: { comment: 'Please add your phone number.' },
    });
    const again = await act(athlete2, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { name: 'Beth', phone: '555-1234' }, [formB]: { allergy: 'peanuts' } },
    });
    expect(again.json()).toMatchObject({ status: 'RESUBMITTED', activeStepId: 'review' });

    const longReason = await act(owner, {
      stepId: 'review',
      action: 'REJECT',
      reason: Array.from({ length: 51 }, () => 'w').join(' '),
    });
    expect(longReason.json().error.code).toBe('REASON_TOO_LONG');
    // A decline without a reason is refused with the catalogue's wording; the review is still open.
    for (const reason of [undefined, '', ' \n ']) {
      const noReason = await act(owner, {
        stepId: 'review',
        action: 'REJECT',
        ...(reason === undefined ? {} : { reason }),
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error).toEqual({
        code: 'REASON_REQUIRED',
        message: 'A reason is required.',
        details: [{ field: 'reason', message: 'A reason is required.' }],
      });
    }
    const stillOpen = await call(owner, 'GET', `/packet-submissions/${submission.id}`);
    expect(stillOpen.json()).toMatchObject({ status: 'RESUBMITTED', activeStepId: 'review' });
    const rejected = await act(owner, { stepId: 'review', action: 'REJECT', reason: 'Wrong season.' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', activeStepId: null });
    const late = await act(admin2, { stepId: 'review', action: 'APPROVE', signature: 'x' });
    expect(late.statusCode).toBe(409);
  });

  it('voids: status Voided, tasks cancelled, the signer link dead with the spec message', async () => {
    const packetId = await publishedPacket();
    const sentPacketId = await send(packetId, [athlete]);
    const submission = await submissionOf(sentPacketId, athlete);
    await waitForStatus(submission.id, 'PENDING', 'fill');
    await call(athlete, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { name: 'A' }, [formB]: { allergy: 'none' } },
    });
    await call(owner, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'review',
      action: 'APPROVE',
      signature: 'Olive',
    });
    await waitForStatus(submission.id, 'SUBMITTED', 'doctor');
    const before = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', 'doc@clinic.test')
      .execute();
    const token = await signerLinkFromMail('doc@clinic.test', before.length - 1);

    // An expired link and a link used out of turn are refused like a dead one.
    const db = t.database.db;
    const setLinkExpiry = (at: Date) =>
      db
        .updateTable('packet_signer_links')
        .set({ expires_at: at })
        .where('submission_id', '=', submission.id)
        .execute();
    const setActive = (stepId: string) =>
      db.updateTable('packet_submissions').set({ active_step_id: stepId }).where('id', '=', submission.id).execute();
    await setLinkExpiry(new Date(Date.now() - 1000));
    expect((await call(null, 'POST', '/signer/open', { token })).json().error.code).toBe('LINK_NO_LONGER_VALID');
    await setLinkExpiry(new Date(Date.now() + 3_600_000));
    expect((await call(null, 'POST', '/signer/open', { token })).statusCode).toBe(200);
    await setActive('review');
    expect((await call(null, 'POST', '/signer/open', { token })).json().error.code).toBe('LINK_NO_LONGER_VALID');
    await setActive('doctor');

    expect((await call(athlete, 'POST', `/packet-submissions/${submission.id}/void`, { reason: 'x' })).statusCode).toBe(
      403,
    );
    const noReason = await call(owner, 'POST', `/packet-submissions/${submission.id}/void`, { reason: ' ' });
    expect(noReason.json().error.code).toBe('REASON_REQUIRED');
    const voided = await call(owner, 'POST', `/packet-submissions/${submission.id}/void`, {
      reason: 'Sent by mistake.',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const row = await waitForStatus(submission.id, 'VOIDED');
    expect(row.void_reason).toBe('Sent by mistake.');
    const signer = await call(null, 'POST', '/signer/open', { token });
    expect(signer.statusCode).toBe(410);
    expect(signer.json().error).toMatchObject({
      code: 'PACKET_VOIDED',
      message: 'This packet was voided by the sender.',
    });
    const tasks = await t.database.db
      .selectFrom('tasks')
      .select('status')
      .where('workflow_id', '=', row.workflow_id)
      .execute();
    expect(tasks.some((task) => task.status === 'CANCELLED')).toBe(true);
    expect(tasks.every((task) => task.status !== 'OPEN')).toBe(true);
  });

  it('bulk voids a sent packet through the batch workflow, with progress and a confirmation e-mail', async () => {
    const packetId = await publishedPacket(false);
    const sentPacketId = await send(packetId, [athlete, athlete2]);
    const first = await submissionOf(sentPacketId, athlete);
    const second = await submissionOf(sentPacketId, athlete2);
    await waitForStatus(first.id, 'PENDING', 'fill');
    await waitForStatus(second.id, 'PENDING', 'fill');
    expect((await call(athlete, 'POST', `/sent-packets/${sentPacketId}/void`, { reason: 'x' })).statusCode).toBe(403);
    const started = await call(owner, 'POST', `/sent-packets/${sentPacketId}/void`, { reason: 'Wrong season.' });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toEqual({ workflowId: `bulk-void:${sentPacketId}`, total: 2 });
    await waitForStatus(first.id, 'VOIDED');
    await waitForStatus(second.id, 'VOIDED');
    const progress = await call(owner, 'GET', `/sent-packets/${sentPacketId}/void-progress`);
    expect(progress.json()).toMatchObject({ total: 2, done: 2, finished: true });
    const mail = await waitUntil(async () =>
      t.database.db
        .selectFrom('outbox')
        .select(['subject'])
        .where('to_address', '=', owner.email)
        .where('subject', 'like', 'Bulk void complete%')
        .executeTakeFirst(),
    );
    expect(mail.subject).toBe('Bulk void complete: Medical clearance');
  });

  it('starts a send as the packet-send workflow: first steps opened in a batch, progress, one SENT event each', async () => {
    const packetId = await publishedPacket(false);
    const sentPacketId = await send(packetId, [athlete, athlete2]);
    expect(await t.temporal.workflow.getHandle(`packet-send:${sentPacketId}`).result()).toEqual({
      total: 2,
      started: 2,
      finished: true,
    });
    const progress = await call(owner, 'GET', `/sent-packets/${sentPacketId}/send-progress`);
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json()).toEqual({ total: 2, started: 2, finished: true });
    expect((await call(athlete, 'GET', `/sent-packets/${sentPacketId}/send-progress`)).statusCode).toBe(403);
    for (const person of [athlete, athlete2]) {
      const row = await submissionOf(sentPacketId, person);
      expect(row.active_step_id).toBe('fill');
      // The workflow took the batch's opening as its own: it waits at the first step and wrote nothing twice.
      const state = await t.temporal.workflow.getHandle(row.workflow_id).query(submissionStateQuery);
      expect(state.activeStepId).toBe('fill');
      const events = await t.database.db
        .selectFrom('packet_submission_events')
        .select('kind')
        .where('submission_id', '=', row.id)
        .execute();
      expect(events.filter((e) => e.kind === 'SENT')).toHaveLength(1);
      const tasks = await t.database.db
        .selectFrom('tasks')
        .select('step_id')
        .where('workflow_id', '=', row.workflow_id)
        .execute();
      expect(tasks.map((task) => task.step_id)).toEqual([`fill#0@user:${person.id}`]);
    }

    // A new run writes through local activities and asks no patch: the athlete's submission is one workflow task
    // (the Update accepted and completed in it, the write a local activity's marker), with no activity task, and the
    // first workflow task had no search attribute to write (the send set the step at start).
    const row = await submissionOf(sentPacketId, athlete);
    const filled = await call(athlete, 'POST', `/packet-submissions/${row.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { name: 'Ath Lete' }, [formB]: { allergy: 'none' } },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json()).toMatchObject({ status: 'SUBMITTED', activeStepId: 'review' });
    const events = (await t.temporal.workflow.getHandle(row.workflow_id).fetchHistory()).events ?? [];
    const kinds = events.map((e) => EventType[e.eventType ?? 0]!.replace('EVENT_TYPE_', ''));
    expect(kinds.filter((k) => k.startsWith('ACTIVITY_TASK'))).toEqual([]);
    expect(events.flatMap((e) => e.markerRecordedEventAttributes?.markerName ?? [])).toEqual(['core_local_activity']);
    const accepted = kinds.indexOf('WORKFLOW_EXECUTION_UPDATE_ACCEPTED');
    const completed = kinds.indexOf('WORKFLOW_EXECUTION_UPDATE_COMPLETED');
    expect(accepted).toBeGreaterThan(0);
    expect(kinds.slice(accepted, completed).filter((k) => k === 'WORKFLOW_TASK_SCHEDULED')).toEqual([]);
    const upserts = kinds.map((k, at) => (k === 'UPSERT_WORKFLOW_SEARCH_ATTRIBUTES' ? at : -1)).filter((at) => at >= 0);
    expect(upserts.every((at) => at > accepted)).toBe(true);
    // The run's expiry is one timer, started in its first workflow task: moving on to the next step cancels no timer
    // and starts at most that step's reminder.
    expect(kinds.slice(0, accepted).filter((k) => k === 'TIMER_STARTED')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'TIMER_CANCELED')).toEqual([]);
    expect(kinds.slice(accepted, completed).filter((k) => k === 'TIMER_STARTED').length).toBeLessThanOrEqual(1);
    const started = events[0]!.workflowExecutionStartedEventAttributes!.searchAttributes!.indexedFields!;
    expect(Object.keys(started)).toEqual(expect.arrayContaining(['StepName', 'WaitingOn']));
  });

  it("defers a large send's first workflow tasks without holding back an action on them", async () => {
    // A send of DEFER_FIRST_TASK_FROM or more recipients starts each run with its first workflow task deferred; the
    // deferral is set here for two recipients.
    t.app.deps.packetTiming = { firstTaskDelayMs: 60_000 };
    try {
      const packetId = await publishedPacket(false);
      const sentPacketId = await send(packetId, [athlete, athlete2]);
      await t.temporal.workflow.getHandle(`packet-send:${sentPacketId}`).result();
      const rows = [await submissionOf(sentPacketId, athlete), await submissionOf(sentPacketId, athlete2)];
      for (const row of rows) {
        expect(row.active_step_id).toBe('fill');
        const handle = t.temporal.workflow.getHandle(row.workflow_id);
        expect((await handle.describe()).status.name).toBe('RUNNING');
        const events = (await handle.fetchHistory()).events ?? [];
        expect(events.map((e) => EventType[e.eventType ?? 0])).toEqual(['EVENT_TYPE_WORKFLOW_EXECUTION_STARTED']);
        expect(Number(events[0]!.workflowExecutionStartedEventAttributes!.firstWorkflowTaskBackoff!.seconds)).toBe(60);
      }
      const listed = await call(athlete, 'GET', '/packet-tasks?limit=50');
      expect(listed.statusCode, listed.body).toBe(200);
      expect(JSON.stringify(listed.json())).toContain(rows[0]!.id);

      // The first Update is taken as it comes, not after the minute: it dispatches the run's first task, which
      // carries it, and waits there until the workflow has opened its step (asked directly, without the API asking
      // again on a refusal).
      const began = Date.now();
      const state = await t.temporal.workflow.getHandle(rows[0]!.workflow_id).executeUpdate(actOnStepUpdate, {
        args: [
          {
            stepId: 'fill',
            action: 'SUBMIT',
            actor: { userId: athlete.id, roles: ['STUDENT_ATHLETE'], name: 'Ath Lete' },
            answers: { [formA]: { name: 'Ath Lete' }, [formB]: { allergy: 'none' } },
            today: new Date().toISOString().slice(0, 10),
          },
        ],
      });
      expect(Date.now() - began).toBeLessThan(30_000);
      expect(state).toMatchObject({ status: 'SUBMITTED', activeStepId: 'review' });
      const other = (await t.temporal.workflow.getHandle(rows[1]!.workflow_id).fetchHistory()).events ?? [];
      expect(other).toHaveLength(1);

      // Through the API the same: the other athlete's submission is answered now.
      const filled = await call(athlete2, 'POST', `/packet-submissions/${rows[1]!.id}/actions`, {
        stepId: 'fill',
        action: 'SUBMIT',
        answers: { [formA]: { name: 'Beth' }, [formB]: { allergy: 'none' } },
      });
      expect(filled.statusCode, filled.body).toBe(200);
      expect(Date.now() - began).toBeLessThan(30_000);
      expect(filled.json()).toMatchObject({ status: 'SUBMITTED', activeStepId: 'review' });
    } finally {
      t.app.deps.packetTiming = undefined;
    }
  });

  it('ends a run whose first workflow task was deferred at the stored expiry, not the deferral later', async () => {
    t.app.deps.packetTiming = { firstTaskDelayMs: 6_000, expireAfterMs: 9_000, reminderEveryMs: null };
    try {
      const packetId = await publishedPacket(false);
      const sentPacketId = await send(packetId, [coach]);
      const submission = await submissionOf(sentPacketId, coach);
      const row = await waitUntil(
        () =>
          t.database.db
            .selectFrom('packet_submissions as s')
            .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
            .select(['s.expired_at', 'sp.expires_at'])
            .where('s.id', '=', submission.id)
            .where('s.expired_at', 'is not', null)
            .executeTakeFirst()
            .then((r) => r ?? null),
        30_000,
      );
      // Counted from the deferred first task, the run would end 6 s after the stored expiry.
      const late = new Date(row.expired_at!).getTime() - new Date(row.expires_at).getTime();
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(3_000);
    } finally {
      t.app.deps.packetTiming = undefined;
    }
  });

  it('answers an action on a step the database lists before its workflow has reached it, once the workflow catches up', async () => {
    // What a worker killed between a local write's commit and its workflow task leaves: the row names the next step
    // while the workflow still waits at the one before. Here the row is moved ahead by hand and the athlete's own
    // submission brings the workflow there half a second later.
    const packetId = await publishedPacket(false);
    const sentPacketId = await send(packetId, [athlete2]);
    const row = await submissionOf(sentPacketId, athlete2);
    await waitForStatus(row.id, 'PENDING', 'fill');
    await t.database.db
      .updateTable('packet_submissions')
      .set({ active_step_id: 'review' })
      .where('id', '=', row.id)
      .execute();
    const approving = call(owner, 'POST', `/packet-submissions/${row.id}/actions`, {
      stepId: 'review',
      action: 'APPROVE',
      signature: 'Olive',
    });
    await new Promise((r) => setTimeout(r, 500));
    const filled = await call(athlete2, 'POST', `/packet-submissions/${row.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { name: 'Beth' }, [formB]: { allergy: 'none' } },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const approved = await approving;
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', activeStepId: null });

    // An action that does not fit the active step is final: refused at once, not waited on.
    const other = await submissionOf(await send(packetId, [athlete2]), athlete2);
    await waitForStatus(other.id, 'PENDING', 'fill');
    const began = Date.now();
    const misfit = await call(athlete2, 'POST', `/packet-submissions/${other.id}/actions`, {
      stepId: 'fill',
      action: 'APPROVE',
    });
    expect(misfit.json().error).toEqual({ code: 'STEP_NOT_ACTIVE', message: 'This step has nothing to approve.' });
    expect(Date.now() - began).toBeLessThan(CATCH_UP_WAIT_MS / 3);

    // The workflow has ended: a late action is refused at once.
    const again = await call(owner, 'POST', `/packet-submissions/${row.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formA]: { name: 'Beth' }, [formB]: { allergy: 'none' } },
    });
    expect(again.json().error.code).toBe('SUBMISSION_CLOSED');
  });

  it('hands a local write that keeps failing to a regular activity the operator console can see retrying', async () => {
    const packetId = await publishedPacket(false);
    const sentPacketId = await send(packetId, [athlete]);
    const row = await submissionOf(sentPacketId, athlete);
    await waitForStatus(row.id, 'PENDING', 'fill');
    // The reviewer's task cannot be written for this submission until the trigger goes.
    const trigger = `refuse_${row.id.replace(/-/g, '')}`;
    await sql
      .raw(
        `create function ${trigger}() returns trigger language plpgsql as $$ begin raise exception 'writes refused for the test'; end $$;
         create trigger ${trigger} before insert on tasks for each row when (new.workflow_id = '${row.workflow_id}') execute function ${trigger}();`,
      )
      .execute(t.database.db);
    const handle = t.temporal.workflow.getHandle(row.workflow_id);
    try {
      const filling = call(athlete, 'POST', `/packet-submissions/${row.id}/actions`, {
        stepId: 'fill',
        action: 'SUBMIT',
        answers: { [formA]: { name: 'Ath Lete' }, [formB]: { allergy: 'none' } },
      });
      const retrying = await waitUntil(async () => {
        const pending = (await handle.describe()).raw.pendingActivities ?? [];
        return pending.find((a) => a.activityType?.name === 'openPhase' && (a.attempt ?? 0) >= 2);
      }, 30_000);
      expect(retrying.lastFailure?.message).toContain('writes refused for the test');
      await sql.raw(`drop trigger ${trigger} on tasks; drop function ${trigger}();`).execute(t.database.db);
      const filled = await filling;
      expect(filled.statusCode, filled.body).toBe(200);
      expect(filled.json()).toMatchObject({ status: 'SUBMITTED', activeStepId: 'review' });
    } finally {
      await sql
        .raw(`drop trigger if exists ${trigger} on tasks; drop function if exists ${trigger}();`)
        .execute(t.database.db);
    }
    const events = (await handle.fetchHistory()).events ?? [];
    const scheduled = events.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
    expect(scheduled).toEqual(['openPhase']);
  });

  it('keeps HIPAA answers encrypted at rest and logs every read', async () => {
    const created = await call(owner, 'POST', '/packets', {
      name: 'Health insurance',
      description: 'Insurance details',
      formIds: [formB],
      senders: { userIds: [owner.id], groups: [] },
      hipaa: true,
    });
    const packetId = created.json().id as string;
    expect((await call(owner, 'POST', `/packets/${packetId}/publish`)).statusCode).toBe(200);
    const sentPacketId = await send(packetId, [athlete], { externalSigners: {} });
    const submission = await submissionOf(sentPacketId, athlete);
    await waitForStatus(submission.id, 'PENDING', 'submit');
    const done = await call(athlete, 'POST', `/packet-submissions/${submission.id}/actions`, {
      stepId: 'submit',
      action: 'SUBMIT',
      answers: { [formB]: { allergy: 'penicillin' } },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: submission.id, status: 'AUTO_APPROVED', activeStepId: null, ended: true });
    const detail = await call(athlete, 'GET', `/packet-submissions/${submission.id}`);
    expect(detail.json()).toMatchObject({ status: 'AUTO_APPROVED', hipaa: true });
    expect(detail.json().answers[formB]).toEqual({ allergy: 'penicillin' });
    const stored = await t.database.db
      .selectFrom('packet_answers')
      .selectAll()
      .where('submission_id', '=', submission.id)
      .executeTakeFirstOrThrow();
    expect(stored.encrypted).toBe(true);
    expect(JSON.stringify(stored.answers)).not.toContain('penicillin');
    const reads = await t.database.db
      .selectFrom('audit_events')
      .select(['actor_user_id'])
      .where('action', '=', 'packet.answers.read')
      .where('target_id', '=', submission.id)
      .execute();
    expect(reads.map((r) => r.actor_user_id)).toContain(athlete.id);
  });

  it('reminds on a durable timer (capped) and expires', async () => {
    t.app.deps.packetTiming = { reminderEveryMs: 700, expireAfterMs: 4_500 };
    try {
      const packetId = await publishedPacket(false);
      const sentPacketId = await send(packetId, [coach], { notify: true });
      const submission = await submissionOf(sentPacketId, coach);
      const row = await waitUntil(async () => {
        const r = await t.database.db
          .selectFrom('packet_submissions')
          .selectAll()
          .where('id', '=', submission.id)
          .where('expired_at', 'is not', null)
          .executeTakeFirst();
        return r ?? null;
      }, 20_000);
      expect(row.status).toBe('PENDING');
      // The expiry event is written by its own activity, right after the row's expired_at.
      const events = await waitUntil(async () => {
        const rows = await t.database.db
          .selectFrom('packet_submission_events')
          .select('kind')
          .where('submission_id', '=', submission.id)
          .execute();
        return rows.some((e) => e.kind === 'EXPIRED') ? rows : null;
      }, 10_000);
      const reminders = events.filter((e) => e.kind === 'REMINDER_SENT').length;
      expect(reminders).toBeGreaterThanOrEqual(2);
      expect(reminders).toBeLessThanOrEqual(5);
      expect(events.map((e) => e.kind)).toContain('EXPIRED');
      const notes = await t.database.db
        .selectFrom('notifications')
        .select('status')
        .where('user_id', '=', coach.id)
        .where('module', '=', 'paperwork')
        .execute();
      expect(notes.map((n) => n.status)).toEqual(expect.arrayContaining(['init', 'reminder']));
    } finally {
      t.app.deps.packetTiming = undefined;
    }
  });
});

describe('moving a packet while its editors change', () => {
  it('keeps an editor added while the move waits for the packet row', async () => {
    const db = t.database.db;
    const folderId = (await call(owner, 'POST', '/packet-folders', { name: 'Travel' })).json().id as string;
    const packet = await call(owner, 'POST', '/packets', { name: 'Trip forms', description: 'D', formIds: [formA] });
    expect(packet.statusCode, packet.body).toBe(201);
    const id = packet.json().id as string;
    let moving: ReturnType<typeof call> | undefined;
    await db.transaction().execute(async (trx) => {
      // Another request (the packet's settings) adds an editor while the move arrives.
      await trx.selectFrom('packets').select('id').where('id', '=', id).forUpdate().execute();
      const pid = await backendPid(trx);
      moving = asAnotherClient(() => call(owner, 'PUT', `/packets/${id}/folder`, { folderId }));
      await untilBlockedBy(t.database.db, pid, 'the move');
      await trx
        .updateTable('packets')
        .set({ editor_ids: JSON.stringify([admin2.id]) })
        .where('id', '=', id)
        .execute();
    });
    const moved = await moving!;
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().folderId).toBe(folderId);
    const row = await db
      .selectFrom('packets')
      .select(['folder_id', 'editor_ids'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ folder_id: folderId, editor_ids: [admin2.id] });
  });
});

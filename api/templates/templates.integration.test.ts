import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormElement } from '../../form-engine/form-definition';
import { templateAssignmentProgressQuery } from '../../workflows/templates/template-assignment.workflow';
import { seedForm, shortText } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, uniqueTag, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { copyTemplate } from './templates.repository';

/**
 * The template library on the real stack (PostgreSQL, Temporal dev server, platform worker): an operator turns a
 * school's packet into a template, duplicates and archives it, assigns it by ids and by filter through the
 * `template-assignment` workflow (progress on the job row and through the Query) and un-assigns it; a school's admin
 * sees and uses only what was assigned to their school.
 */
let t: AppWithWorker;

const tag = uniqueTag();
let operator: SeededUser;
let adminA: SeededUser;
let coachA: SeededUser;
let adminB: SeededUser;
let schoolA: string;
let schoolB: string;
let packetId: string;
let formA: string;
let formB: string;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await startAppWithWorker('templates');
  const db = t.database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] });
  schoolA = (await seedSchool(db, { name: `Tmpl ${tag} Alpha` })).id;
  schoolB = (await seedSchool(db, { name: `Tmpl ${tag} Beta` })).id;
  adminA = await seedUser(db, schoolA, { firstName: 'Ada' });
  coachA = await seedUser(db, schoolA, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  adminB = await seedUser(db, schoolB);
  for (const u of [operator, adminA, coachA, adminB]) cookies.set(u.id, await sessionCookie(db, u));
  const required = { required: true } as Partial<FormElement>;
  formA = (
    await seedForm(db, schoolA, adminA.id, {
      name: 'Emergency contact',
      published: true,
      elements: [shortText('name', required), shortText('phone')],
    })
  ).formId;
  formB = (
    await seedForm(db, schoolA, adminA.id, {
      name: 'Waiver',
      kind: 'PDF',
      pdf: true,
      published: true,
      elements: [shortText('ok')],
    })
  ).formId;
  const created = await call(adminA, 'POST', '/packets', {
    name: 'Medical clearance',
    description: 'Yearly medical forms',
    formIds: [formA, formB],
    workflow: {
      steps: [
        {
          id: 'fill',
          kind: 'SUBMITTER',
          name: 'Athlete fills in',
          actors: [{ kind: 'RECIPIENT' }],
          questionIds: [`${formA}:name`, `${formA}:phone`, `${formB}:ok`],
        },
        {
          id: 'review',
          kind: 'APPROVER',
          name: 'Compliance reviews',
          actors: [
            { kind: 'USER', userId: adminA.id },
            { kind: 'ROLE', role: 'SCHOOL_ADMIN' },
          ],
          questionIds: [],
          condition: { combinator: 'and', conditions: [{ element: `${formA}:phone`, operator: 'isNotEmpty' }] },
        },
      ],
      edges: [{ id: 'e1', from: 'fill', to: 'review' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  packetId = created.json().id as string;
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? { cookie: cookies.get(user.id)! } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function createTemplate(title = `Medical ${tag}`): Promise<string> {
  const res = await call(operator, 'POST', '/templates', { schoolId: schoolA, packetId, title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function waitForJob(jobId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await call(operator, 'GET', `/template-assignment-jobs/${jobId}`);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json();
    if (job.status !== 'RUNNING') return job;
    if (Date.now() > deadline) throw new Error(`Job ${jobId} still running`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function assign(templateId: string, body: unknown, path = 'assignments') {
  const res = await call(operator, 'POST', `/templates/${templateId}/${path}`, body);
  expect(res.statusCode, res.body).toBe(202);
  return waitForJob(res.json().id as string);
}

describe('template library (operator)', () => {
  it('refuses everyone but the provider operators', async () => {
    for (const user of [adminA, coachA]) {
      expect((await call(user, 'GET', '/templates')).statusCode).toBe(403);
      const res = await call(user, 'POST', '/templates', { schoolId: schoolA, packetId });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect((await call(null, 'GET', '/templates')).statusCode).toBe(401);
  });

  it('creates a template from a packet: forms, PDF and workflow copied, named people taken out', async () => {
    const res = await call(operator, 'POST', '/templates', { schoolId: schoolA, packetId });
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json();
    expect(template).toMatchObject({ title: 'Medical clearance', description: 'Yearly medical forms', formCount: 2 });
    expect(template.assignedCount).toBe(0);
    expect(template.forms.map((f: { name: string }) => f.name)).toEqual(['Emergency contact', 'Waiver']);
    expect(template.forms[1].pdfFilename).toBe('seeded.pdf');
    expect(template.steps).toEqual([
      { id: 'fill', kind: 'SUBMITTER', name: 'Athlete fills in', actorCount: 1 },
      { id: 'review', kind: 'APPROVER', name: 'Compliance reviews', actorCount: 1 },
    ]);
    const db = t.database.db;
    const row = await db
      .selectFrom('templates')
      .select('workflow')
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    const text = JSON.stringify(row.workflow);
    expect(text).not.toContain(formA);
    expect(text).not.toContain(adminA.id);
    expect(text).toContain(`${template.forms[0].id}:phone`);
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'school_id'])
      .where('target_id', 'in', [template.id, packetId])
      .where('action', 'in', ['template.created', 'packet.copied_to_template'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['packet.copied_to_template', 'template.created']);
    expect(audit.find((a) => a.action === 'packet.copied_to_template')!.school_id).toBe(schoolA);
  });

  it('answers bad input in the catalogue wording', async () => {
    const long = Array.from({ length: 21 }, () => 'word').join(' ');
    const tooLong = await call(operator, 'POST', '/templates', { schoolId: schoolA, packetId, title: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({ code: 'PACKET_NAME_TOO_LONG', message: 'Packet name max 20 words.' });
    const blank = await call(operator, 'POST', '/templates', { schoolId: schoolA, packetId, title: '  ' });
    expect(blank.json().error.code).toBe('MANDATORY_FIELD');
    const wrongSchool = await call(operator, 'POST', '/templates', { schoolId: schoolB, packetId });
    expect(wrongSchool.statusCode).toBe(404);
    const notUuid = await call(operator, 'POST', '/templates', { schoolId: 'x', packetId });
    expect(notUuid.statusCode).toBe(400);
    const id = await createTemplate();
    const none = await call(operator, 'POST', `/templates/${id}/assignments`, { schoolIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: 'TEMPLATE_NO_INSTITUTIONS',
      message: 'Select at least one institution.',
    });
    const both = await call(operator, 'POST', `/templates/${id}/assignments`, { schoolIds: [schoolA], filter: {} });
    expect(both.json().error.code).toBe('TEMPLATE_NO_INSTITUTIONS');
    const nothingMatches = await call(operator, 'POST', `/templates/${id}/assignments`, {
      filter: { q: `no-such-school-${tag}` },
    });
    expect(nothingMatches.statusCode).toBe(400);
    const unknown = await call(operator, 'POST', `/templates/${id}/assignments`, {
      schoolIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an assignment body its schema refuses before looking the template up', async () => {
    const id = await createTemplate();
    const unknownId = randomUUID();
    for (const path of ['assignments', 'unassignments'])
      for (const body of [{ filter: -1 }, { filter: '{}' }, { filter: [] }, { filter: { q: 5 } }, { schoolIds: 'x' }])
        for (const templateId of [id, unknownId]) {
          const res = await call(operator, 'POST', `/templates/${templateId}/${path}`, body);
          expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        }
  });

  it('duplicates a template with its own forms and no assignments', async () => {
    const id = await createTemplate();
    await assign(id, { schoolIds: [schoolA] });
    const res = await call(operator, 'POST', `/templates/${id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy.title).toBe(`Medical ${tag} (copy)`);
    expect(copy.assignedCount).toBe(0);
    expect(copy.formCount).toBe(2);
    const original = (await call(operator, 'GET', `/templates/${id}`)).json();
    expect(copy.forms.map((f: { id: string }) => f.id)).not.toEqual(original.forms.map((f: { id: string }) => f.id));
    expect(copy.forms[1].pdfFilename).toBe('seeded.pdf');
    // Made by the duplication workflow (spec: duplication is asynchronous), keyed by the copy's id.
    expect(await t.temporal.workflow.getHandle(`template-duplication:${copy.id}`).result()).toBe(true);
    // A retried copy activity finds the copy and adds nothing; a missing source copies nothing.
    const db = t.database.db;
    expect(await copyTemplate(db, { sourceTemplateId: id, copyId: copy.id, createdBy: null })).toBe(true);
    const forms = await db.selectFrom('template_forms').select('id').where('template_id', '=', copy.id).execute();
    expect(forms).toHaveLength(2);
    const ghost = randomUUID();
    expect(await copyTemplate(db, { sourceTemplateId: randomUUID(), copyId: ghost, createdBy: null })).toBe(false);
    expect(await db.selectFrom('templates').select('id').where('id', '=', ghost).executeTakeFirst()).toBeUndefined();
    const workflow = await t.database.db
      .selectFrom('templates')
      .select('workflow')
      .where('id', '=', copy.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(workflow.workflow)).toContain(`${copy.forms[0].id}:phone`);
  });

  it('archives and unarchives; an archived template is listed apart and cannot be assigned', async () => {
    const id = await createTemplate(`Archive me ${tag}`);
    const archived = await call(operator, 'POST', `/templates/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archivedAt).not.toBeNull();
    const live = (await call(operator, 'GET', `/templates?q=${encodeURIComponent(`Archive me ${tag}`)}`)).json();
    expect(live.items).toHaveLength(0);
    const gone = (await call(operator, 'GET', `/templates?archived=true&q=${encodeURIComponent(tag)}`)).json();
    expect(gone.items.map((i: { id: string }) => i.id)).toContain(id);
    const refused = await call(operator, 'POST', `/templates/${id}/assignments`, { schoolIds: [schoolA] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TEMPLATE_ARCHIVED');
    const back = await call(operator, 'POST', `/templates/${id}/unarchive`);
    expect(back.json().archivedAt).toBeNull();
    const actions = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['template.created', 'template.archived', 'template.unarchived']);
  });

  it('assigns by ids through the workflow, with progress on the job and through the Query', async () => {
    const id = await createTemplate();
    const job = await assign(id, { schoolIds: [schoolA] });
    expect(job).toMatchObject({ status: 'COMPLETED', total: 1, done: 1, failed: 0, percent: 100, action: 'ASSIGN' });
    expect(job.workflowId).toBe(`template-assignment:${job.id}`);
    const handle = t.temporal.workflow.getHandle(job.workflowId);
    // The job row turns COMPLETED in the last activity, a moment before the workflow itself returns.
    const progress = { total: 1, done: 1, failed: 0, finished: true };
    expect(await handle.result()).toEqual(progress);
    expect(await handle.query(templateAssignmentProgressQuery)).toEqual(progress);
    const description = await handle.describe();
    expect(description.searchAttributes.Module).toEqual(['template-assignment']);
    expect(description.searchAttributes.EntityId).toEqual([id]);
    const detail = (await call(operator, 'GET', `/templates/${id}`)).json();
    expect(detail.assignedCount).toBe(1);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['school_id', 'action'])
      .where('target_id', '=', id)
      .where('action', '=', 'template.assigned')
      .execute();
    expect(audit).toEqual([{ school_id: schoolA, action: 'template.assigned' }]);
    const jobs = (await call(operator, 'GET', `/templates/${id}/assignment-jobs`)).json();
    expect(jobs.items[0]).toMatchObject({ id: job.id, selection: '1 selected institution' });
  });

  it('assigns by filter: only the schools that match, with a preview count beforehand', async () => {
    const db = t.database.db;
    const filterTag = uniqueTag();
    for (const [i, state] of ['WY', 'WY', 'WY', 'MT', 'MT'].entries()) {
      const s = await seedSchool(db, { name: `Filter ${filterTag} ${i}` });
      await db
        .updateTable('schools')
        .set({ state, division: i === 0 ? '2' : '1' })
        .where('id', '=', s.id)
        .execute();
    }
    const id = await createTemplate();
    const preview = (
      await call(operator, 'GET', `/templates/institutions?templateId=${id}&q=${filterTag}&state=wy`)
    ).json();
    expect(preview.total).toBe(3);
    const job = await assign(id, { filter: { q: filterTag, states: ['wy'] } });
    expect(job).toMatchObject({ status: 'COMPLETED', total: 3, done: 3, failed: 0 });
    expect(job.selection).toBe(`name contains "${filterTag}"; state WY`);
    const after = (await call(operator, 'GET', `/templates/institutions?templateId=${id}&q=${filterTag}`)).json();
    expect(after.items.filter((i: { assignedAt: string | null }) => i.assignedAt).length).toBe(3);
    // Assigning again is idempotent: division 1 holds two schools that have it already and the two in MT.
    const again = await assign(id, { filter: { q: filterTag, divisions: ['1'] } });
    expect(again).toMatchObject({ total: 4, done: 4 });
    expect((await call(operator, 'GET', `/templates/${id}`)).json().assignedCount).toBe(5);
    // Un-assigning by filter touches only the schools that have it.
    const off = await assign(id, { filter: { q: filterTag, states: ['MT'] } }, 'unassignments');
    expect(off).toMatchObject({ action: 'UNASSIGN', total: 2, done: 2 });
    expect((await call(operator, 'GET', `/templates/${id}`)).json().assignedCount).toBe(3);
  });

  it('refuses a second job while one runs', async () => {
    const id = await createTemplate();
    await t.database.db
      .insertInto('template_assignment_jobs')
      .values({ template_id: id, action: 'ASSIGN', selection: '{}', workflow_id: `manual-${uniqueTag()}` })
      .execute();
    const res = await call(operator, 'POST', `/templates/${id}/assignments`, { schoolIds: [schoolA] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEMPLATE_ASSIGNMENT_RUNNING');
  });
});

describe('template library (school)', () => {
  it('shows a school only what is assigned to it; uses a template into an unpublished packet; un-assign hides it', async () => {
    const id = await createTemplate(`School view ${tag}`);
    const before = (await call(adminA, 'GET', '/template-library')).json();
    expect(before.items.map((i: { id: string }) => i.id)).not.toContain(id);
    await assign(id, { schoolIds: [schoolA] });

    const listA = (await call(adminA, 'GET', '/template-library')).json();
    expect(listA.items.map((i: { id: string }) => i.id)).toContain(id);
    const listB = (await call(adminB, 'GET', '/template-library')).json();
    expect(listB.items.map((i: { id: string }) => i.id)).not.toContain(id);
    const foreign = await call(adminB, 'GET', `/template-library/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    expect((await call(adminB, 'POST', `/template-library/${id}/use`, {})).statusCode).toBe(404);
    // The provider's operators have no school library, and school users have no provider library.
    expect((await call(operator, 'GET', '/template-library')).statusCode).toBe(403);

    const used = await call(coachA, 'POST', `/template-library/${id}/use`, { name: 'Our medical clearance' });
    expect(used.statusCode, used.body).toBe(201);
    const { packetId: newPacket } = used.json();
    const packet = await call(adminA, 'GET', `/packets/${newPacket}`);
    expect(packet.statusCode).toBe(200);
    const detail = packet.json();
    expect(detail).toMatchObject({ name: 'Our medical clearance', status: 'UNPUBLISHED', formCount: 2 });
    const newForms = detail.forms.map((f: { formId: string }) => f.formId);
    expect(newForms).not.toContain(formA);
    expect(detail.workflow.steps[0].questionIds).toEqual([
      `${newForms[0]}:name`,
      `${newForms[0]}:phone`,
      `${newForms[1]}:ok`,
    ]);
    expect(detail.problems).toEqual([]);
    const doc = await call(adminA, 'GET', `/forms/${newForms[1]}/document`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('application/pdf');

    await assign(id, { schoolIds: [schoolA] }, 'unassignments');
    const afterList = (await call(adminA, 'GET', '/template-library')).json();
    expect(afterList.items.map((i: { id: string }) => i.id)).not.toContain(id);
    expect((await call(adminA, 'GET', `/template-library/${id}`)).statusCode).toBe(404);
    expect((await call(adminA, 'GET', `/packets/${newPacket}`)).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('school_id', '=', schoolA)
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['template.assigned', 'template.used', 'template.unassigned']);
  });

  it('hides an archived template from the school', async () => {
    const id = await createTemplate(`Hidden ${tag}`);
    await assign(id, { schoolIds: [schoolA] });
    expect((await call(adminA, 'GET', `/template-library/${id}`)).statusCode).toBe(200);
    await call(operator, 'POST', `/templates/${id}/archive`);
    expect((await call(adminA, 'GET', `/template-library/${id}`)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../domain/errors';
import type { ConditionRule, FormElement } from '../../form-engine/form-definition';
import { everyElement, everyElementConditions } from '../../form-engine/testing/sample-forms';
import { shortText } from '../test-support/forms';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

let t: TestApp;
let admin: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  schoolId = school.id;
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id, { firstName: 'Ada' }));
});
afterAll(async () => t.close());

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function createForm(body: Record<string, unknown>) {
  const res = await api('POST', '/forms', { kind: 'LONG', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function showRule(id: string, target: string, source: string, value: string): ConditionRule {
  return {
    id,
    action: 'show',
    target,
    when: { combinator: 'and', conditions: [{ element: source, operator: 'equals', value }] },
  };
}

describe('forms: create, read, list, update', () => {
  it('creates an empty long form as version 1 draft and reads it back', async () => {
    const form = await createForm({ name: '  Medical history  ', category: 'Medical' });
    expect(form).toMatchObject({
      name: 'Medical history',
      category: 'Medical',
      kind: 'LONG',
      frozen: false,
      document: null,
      version: { version: 1, status: 'DRAFT', publishedAt: null, hasAnswers: false },
      versions: [{ version: 1, status: 'DRAFT', publishedAt: null }],
    });
    expect(form.createdBy).toMatch(/^Ada /);
    expect(form.version.definition).toMatchObject({
      id: form.version.id,
      formId: form.id,
      version: 1,
      name: 'Medical history',
      kind: 'long',
      elements: [],
      conditions: [],
    });
    const read = await api('GET', `/forms/${form.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(form);
  });

  it('stores a definition with every element type and condition, owning its id, form id, version and kind', async () => {
    const form = await createForm({
      name: 'Everything',
      definition: {
        id: 'client-id',
        formId: 'someone-elses-form',
        version: 7,
        name: 'ignored',
        kind: 'short',
        elements: everyElement(),
        conditions: everyElementConditions(),
      },
    });
    const definition = form.version.definition;
    expect(definition).toMatchObject({ id: form.version.id, formId: form.id, version: 1, kind: 'long' });
    expect(definition.name).toBe('Everything');
    expect(definition.elements).toEqual(everyElement());
    expect(definition.conditions).toEqual(everyElementConditions());
  });

  it('lists live forms with the template columns, search, kind and category filters', async () => {
    const tag = `List${Date.now()}`;
    const a = await createForm({
      name: `${tag} alpha`,
      category: 'Travel',
      definition: { elements: [shortText('a')], conditions: [] },
    });
    const b = await createForm({ name: `${tag} beta`, kind: 'SHORT' });
    const all = await api('GET', `/forms?q=${tag}`);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(2);
    // Most recently changed first.
    expect(body.items.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(body.items[1]).toEqual({
      id: a.id,
      name: `${tag} alpha`,
      category: 'Travel',
      kind: 'LONG',
      createdBy: a.createdBy,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      latestVersion: 1,
      status: 'DRAFT',
      elementCount: 1,
    });
    const short = (await api('GET', `/forms?q=${tag}&kind=SHORT`)).json();
    expect(short.items.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const travel = (await api('GET', `/forms?q=${tag}&category=travel`)).json();
    expect(travel.items.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const paged = (await api('GET', `/forms?q=${tag}&limit=1&offset=1`)).json();
    expect(paged).toMatchObject({ total: 2, limit: 1, offset: 1, items: [{ id: a.id }] });
  });

  it('enforces the form name rules with the catalogue wording', async () => {
    const blank = await api('POST', '/forms', { name: '   ', kind: 'LONG' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({ code: 'FORM_NAME_REQUIRED', message: 'Form name is mandatory.' });

    const long = await api('POST', '/forms', {
      name: Array.from({ length: 21 }, (_, i) => `w${i}`).join(' '),
      kind: 'LONG',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 'FORM_NAME_TOO_LONG', message: 'Form name max 20 words.' });

    const twenty = await api('POST', '/forms', {
      name: Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '),
      kind: 'LONG',
    });
    expect(twenty.statusCode).toBe(201);

    const form = await createForm({ name: 'Rename me' });
    const renamed = await api('PUT', `/forms/${form.id}`, { name: '' });
    expect(renamed.json().error.code).toBe('FORM_NAME_REQUIRED');
  });

  it('allows at most 10 questions on a short form (display-only elements do not count)', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => shortText(`q${i}`));
    const heading: FormElement = { id: 'h', type: 'heading', dataLabel: 'Heading', label: 'Intro' };
    const ok = await createForm({
      name: 'Short',
      kind: 'SHORT',
      definition: { elements: [heading, ...ten], conditions: [] },
    });
    expect(ok.version.definition.kind).toBe('short');

    const eleven = await api('POST', '/forms', {
      name: 'Too long',
      kind: 'SHORT',
      definition: { elements: [...ten, shortText('q10')], conditions: [] },
    });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error).toMatchObject({
      code: 'SHORT_FORM_TOO_MANY_QUESTIONS',
      message: 'Short form max 10 questions.',
    });

    const grown = await api('PUT', `/forms/${ok.id}`, {
      definition: { ...ok.version.definition, elements: [...ok.version.definition.elements, shortText('q10')] },
    });
    expect(grown.json().error.code).toBe('SHORT_FORM_TOO_MANY_QUESTIONS');
  });

  it('refuses a cycle among conditions with "Cyclic dependency found" naming the elements', async () => {
    const form = await createForm({
      name: 'Cycle',
      definition: {
        elements: [
          shortText('a', { dataLabel: 'Alpha', label: 'Alpha' }),
          shortText('b', { dataLabel: 'Beta', label: 'Beta' }),
        ],
        conditions: [showRule('r1', 'b', 'a', 'yes')],
      },
    });
    const res = await api('PUT', `/forms/${form.id}`, {
      definition: {
        ...form.version.definition,
        conditions: [...form.version.definition.conditions, showRule('r2', 'a', 'b', 'yes')],
      },
    });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('CYCLIC_DEPENDENCY');
    expect(error.message).toBe('Cyclic dependency found.');
    expect(error.details).toHaveLength(1);
    expect(error.details[0].code).toBe('CYCLIC_DEPENDENCY');
    expect(error.details[0].message).toMatch(/^Cyclic dependency found: (Alpha → Beta → Alpha|Beta → Alpha → Beta)\.$/);
    // Nothing was saved.
    const read = (await api('GET', `/forms/${form.id}`)).json();
    expect(read.version.definition.conditions).toHaveLength(1);
  });

  it('lists every problem of a definition as details, each with its catalogue code', async () => {
    const res = await api('POST', '/forms', {
      name: 'Problems',
      kind: 'LONG',
      definition: {
        elements: [
          shortText('a', { dataLabel: 'Same' }),
          shortText('b', { dataLabel: 'same' }),
          { id: 'img', type: 'image', dataLabel: 'Logo', label: 'Logo', image: null },
        ],
        conditions: [showRule('r1', 'a', 'ghost', 'x')],
      },
    });
    expect(res.statusCode).toBe(400);
    const codes = res.json().error.details.map((d: { code: string }) => d.code);
    expect(codes).toEqual(
      expect.arrayContaining(['FORM_LABEL_NOT_UNIQUE', 'IMAGE_NOT_ADDED', 'CONDITION_UNKNOWN_ELEMENT']),
    );
    const shape = await api('POST', '/forms', {
      name: 'Bad',
      kind: 'LONG',
      definition: { elements: 'nope', conditions: [] },
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().error.code).toBe('FORM_DEFINITION_INVALID');
    expect(shape.json().error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'definition.elements' })]),
    );
    // A fault outside the definition stays a plain validation failure.
    const kind = await api('POST', '/forms', { name: 'Bad kind', kind: 'POSTER', definition: { elements: [] } });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('saves edits and category changes of a draft', async () => {
    const form = await createForm({ name: 'Draft', definition: { elements: [shortText('a')], conditions: [] } });
    const res = await api('PUT', `/forms/${form.id}`, {
      name: 'Draft renamed',
      category: '  ',
      definition: { ...form.version.definition, elements: [shortText('a'), shortText('b')] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Draft renamed', category: null, frozen: false });
    expect(res.json().version.definition.name).toBe('Draft renamed');
    expect(res.json().version.definition.elements).toHaveLength(2);
  });
});

describe('forms: publish, freeze, clone, archive', () => {
  it('publishes; a published version takes a label change but refuses a new element with FORM_FROZEN', async () => {
    const form = await createForm({
      name: 'Consent',
      definition: { elements: [shortText('a', { label: 'Old label' })], conditions: [] },
    });
    const published = await api('POST', `/forms/${form.id}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ frozen: true, version: { status: 'PUBLISHED', version: 1 } });
    expect(published.json().version.publishedAt).toEqual(expect.any(String));
    expect(published.json().versions).toEqual([
      { version: 1, status: 'PUBLISHED', publishedAt: published.json().version.publishedAt },
    ]);
    // Publishing again changes nothing.
    expect((await api('POST', `/forms/${form.id}/publish`)).json().version.publishedAt).toBe(
      published.json().version.publishedAt,
    );

    const definition = published.json().version.definition;
    const relabelled = await api('PUT', `/forms/${form.id}`, {
      name: 'Consent form',
      definition: { ...definition, elements: [{ ...definition.elements[0], label: 'New label' }] },
    });
    expect(relabelled.statusCode).toBe(200);
    expect(relabelled.json().version.definition.elements[0].label).toBe('New label');
    expect(relabelled.json().name).toBe('Consent form');

    const added = await api('PUT', `/forms/${form.id}`, {
      definition: { ...definition, elements: [...definition.elements, shortText('b')] },
    });
    expect(added.statusCode).toBe(409);
    expect(added.json().error.code).toBe('FORM_FROZEN');
    expect(added.json().error.message).toMatch(/Clone it/);
    expect(added.json().error.details[0]).toMatchObject({ code: 'FORM_FROZEN', field: expect.any(String) });
  });

  it('freezes a version that has answers even while it is a draft', async () => {
    const form = await createForm({ name: 'Answered', definition: { elements: [shortText('a')], conditions: [] } });
    await t.database.db
      .updateTable('form_versions')
      .set({ has_answers: true })
      .where('id', '=', form.version.id)
      .execute();
    const read = (await api('GET', `/forms/${form.id}`)).json();
    expect(read).toMatchObject({ frozen: true, version: { status: 'DRAFT', hasAnswers: true } });
    const res = await api('PUT', `/forms/${form.id}`, {
      definition: {
        ...read.version.definition,
        elements: [shortText('a', { required: true } as Partial<FormElement>)],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('FORM_FROZEN');
  });

  it('clones the newest definition into a new draft named "<name> (copy)", or as asked', async () => {
    const form = await createForm({
      name: 'Travel waiver',
      category: 'Travel',
      definition: {
        elements: [shortText('a', { dataLabel: 'Alpha' }), shortText('b')],
        conditions: [showRule('r1', 'b', 'a', 'yes')],
      },
    });
    await api('POST', `/forms/${form.id}/publish`);
    const clone = await api('POST', `/forms/${form.id}/clone`, {});
    expect(clone.statusCode).toBe(201);
    const copy = clone.json();
    expect(copy.id).not.toBe(form.id);
    expect(copy).toMatchObject({
      name: 'Travel waiver (copy)',
      category: 'Travel',
      kind: 'LONG',
      frozen: false,
      version: { version: 1, status: 'DRAFT' },
    });
    expect(copy.version.definition).toMatchObject({
      formId: copy.id,
      id: copy.version.id,
      name: 'Travel waiver (copy)',
    });
    expect(copy.version.definition.elements).toEqual(form.version.definition.elements);
    expect(copy.version.definition.conditions).toEqual(form.version.definition.conditions);
    // The clone is a draft: structural edits are accepted again.
    const edited = await api('PUT', `/forms/${copy.id}`, {
      definition: { ...copy.version.definition, elements: [...copy.version.definition.elements, shortText('c')] },
    });
    expect(edited.statusCode).toBe(200);

    const named = await api('POST', `/forms/${form.id}/clone`, { name: 'Away games' });
    expect(named.json().name).toBe('Away games');
    const twentyWords = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    const long = await createForm({ name: twentyWords });
    const longCopy = await api('POST', `/forms/${long.id}/clone`);
    expect(longCopy.statusCode).toBe(201);
    expect(longCopy.json().name.split(' ')).toHaveLength(20);
    const badName = await api('POST', `/forms/${form.id}/clone`, { name: ' ' });
    expect(badName.json().error.code).toBe('FORM_NAME_REQUIRED');
    // The body is an object or none at all: a JSON null is refused in the catalogue's wording.
    const nullBody = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${form.id}/clone`,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(400);
    expect(nullBody.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: ERRORS.VALIDATION_FAILED.message,
    });
  });

  it('archives a form: it leaves the list and answers 404 afterwards', async () => {
    const form = await createForm({ name: `Archive ${Date.now()}` });
    expect((await api('DELETE', `/forms/${form.id}`)).statusCode).toBe(204);
    expect((await api('GET', `/forms/${form.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/forms/${form.id}`)).statusCode).toBe(404);
    expect((await api('PUT', `/forms/${form.id}`, { name: 'Back' })).statusCode).toBe(404);
    const list = (await api('GET', `/forms?q=${encodeURIComponent(form.name)}`)).json();
    expect(list.total).toBe(0);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await api('GET', '/forms/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await api('GET', '/forms/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('records audit events for every change', async () => {
    const form = await createForm({ name: 'Audited', definition: { elements: [shortText('a')], conditions: [] } });
    await api('PUT', `/forms/${form.id}`, { name: 'Audited again' });
    await api('POST', `/forms/${form.id}/publish`);
    const copy = (await api('POST', `/forms/${form.id}/clone`)).json();
    await api('DELETE', `/forms/${form.id}`);
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'target_id', 'details'])
      .where('school_id', '=', schoolId)
      .where('target_id', 'in', [form.id, copy.id])
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.action, e.target_id])).toEqual([
      ['form.created', form.id],
      ['form.updated', form.id],
      ['form.published', form.id],
      ['form.cloned', copy.id],
      ['form.archived', form.id],
    ]);
    expect(events[3]!.details).toMatchObject({ sourceFormId: form.id });
  });
});

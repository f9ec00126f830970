import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemporalClient } from '../../scripts/test-harness/context';
import { seedForm, shortText } from '../test-support/forms';
import { seedPacketRows } from '../test-support/packets';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Recursive inputs (packet step conditions, form conditions, answers) have depth and size limits with their own
 * catalogue errors, and a body nested thousands of levels deep is refused before any route sees it: never a 500
 * from a stack overflow, never a 503 from the workflow client choking on the payload.
 */
let t: TestApp;
let closeTemporal: () => Promise<void>;
let owner: SeededUser;
let athlete: SeededUser;
const cookies = new Map<string, string>();
let formId: string;
let submissionId: string;

beforeAll(async () => {
  const temporal = await testTemporalClient();
  closeTemporal = temporal.close;
  t = await createTestApp({ temporal: temporal.client });
  const db = t.database.db;
  const schoolId = (await seedSchool(db)).id;
  owner = await seedUser(db, schoolId);
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  for (const user of [owner, athlete]) cookies.set(user.id, await sessionCookie(db, user));
  formId = (await seedForm(db, schoolId, owner.id, { published: true, elements: [shortText('name')] })).formId;
  submissionId = (await seedPacketRows(db, schoolId, owner.id, formId, athlete.id)).submissionId;
});

afterAll(async () => {
  await t?.close();
  await closeTemporal?.();
});

/** Sends `payload` as JSON; a `DEEP` string in it is replaced by `deep`, raw JSON text too deep to stringify. */
function call(user: SeededUser | null, method: 'POST' | 'PUT', url: string, payload: unknown, deep?: string) {
  const text = JSON.stringify(payload);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { 'content-type': 'application/json', ...(user ? { cookie: cookies.get(user.id)! } : {}) },
    payload: deep === undefined ? text : text.replace('"DEEP"', deep),
  });
}

/** JSON text of a condition `depth` groups deep, built as text: JSON.stringify itself overflows on such depths. */
function deepConditionText(depth: number): string {
  const comparison = JSON.stringify({ element: `${formId}:name`, operator: 'isNotEmpty' });
  return '{"combinator":"or","conditions":['.repeat(depth) + comparison + ']}'.repeat(depth);
}

/** A condition of `depth` nested groups around one comparison. */
function nestedCondition(depth: number, element = `${formId}:name`): unknown {
  let node: unknown = { element, operator: 'isNotEmpty' };
  for (let i = 0; i < depth; i++) node = { combinator: i % 2 ? 'and' : 'or', conditions: [node] };
  return node;
}

function packetBody(condition: unknown) {
  return {
    name: 'Deep packet',
    description: 'Conditions at the limit',
    formIds: [formId],
    workflow: {
      steps: [
        {
          id: 'fill',
          kind: 'SUBMITTER',
          name: 'Fill',
          actors: [{ kind: 'RECIPIENT' }],
          questionIds: [`${formId}:name`],
        },
        {
          id: 'review',
          kind: 'APPROVER',
          name: 'Review',
          actors: [{ kind: 'USER', userId: owner.id }],
          questionIds: [],
          condition,
        },
      ],
      edges: [{ id: 'e1', from: 'fill', to: 'review' }],
    },
  };
}

function nestedValue(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function deepValueText(depth: number): string {
  return '['.repeat(depth) + '"x"' + ']'.repeat(depth);
}

describe('packet step conditions', () => {
  it('stores a condition nested as deep as allowed', async () => {
    const res = await call(owner, 'POST', '/packets', packetBody(nestedCondition(8)));
    expect(res.statusCode).toBe(201);
    const update = await call(owner, 'PUT', `/packets/${res.json().id}`, packetBody(nestedCondition(8)));
    expect(update.statusCode).toBe(200);
  });

  it('refuses a condition one group too deep, on create and on update, with the catalogue error', async () => {
    const created = await call(owner, 'POST', '/packets', packetBody(nestedCondition(2)));
    expect(created.statusCode).toBe(201);
    for (const res of [
      await call(owner, 'POST', '/packets', packetBody(nestedCondition(9))),
      await call(owner, 'PUT', `/packets/${created.json().id}`, packetBody(nestedCondition(9))),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'CONDITION_TOO_DEEP',
        message: 'Conditions can be nested at most 8 groups deep.',
        details: [{ field: 'review', code: 'CONDITION_TOO_DEEP' }],
      });
    }
  });

  it('refuses conditions too large or malformed instead of failing on them later', async () => {
    const wide = {
      combinator: 'and',
      conditions: Array.from({ length: 6 }, () => nestedCondition(1)).map((group) => ({
        combinator: 'or',
        conditions: Array.from({ length: 100 }, () => (group as { conditions: unknown[] }).conditions[0]),
      })),
    };
    const large = await call(owner, 'POST', '/packets', packetBody(wide));
    expect(large.statusCode).toBe(400);
    expect(large.json().error.code).toBe('CONDITION_TOO_LARGE');
    for (const malformed of [{ combinator: 'and' }, { combinator: 'and', conditions: [{ element: 5 }] }]) {
      const res = await call(owner, 'POST', '/packets', packetBody(malformed));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('CONDITION_INVALID');
    }
  });

  it('refuses a condition 3,000 groups deep with 400, not a 500', async () => {
    const created = await call(owner, 'POST', '/packets', packetBody(nestedCondition(2)));
    for (const res of [
      await call(owner, 'POST', '/packets', packetBody('DEEP'), deepConditionText(3000)),
      await call(owner, 'PUT', `/packets/${created.json().id}`, packetBody('DEEP'), deepConditionText(3000)),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'BODY_TOO_DEEP', message: 'The request is nested too deeply.' } });
    }
  });
});

describe('form conditions', () => {
  it('refuses a form rule one group too deep with the same catalogue error', async () => {
    const definition = {
      name: 'Deep form',
      kind: 'long',
      elements: [shortText('name'), shortText('other')],
      conditions: [{ id: 'deep', action: 'show', target: 'other', when: nestedCondition(9, 'name') }],
    };
    const res = await call(owner, 'POST', '/forms', { name: 'Deep form', kind: 'LONG', definition });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CONDITION_TOO_DEEP');
  });
});

describe('answers', () => {
  it('refuses answers 20,000 levels deep with 400 before the workflow is called (was a 503)', async () => {
    const res = await call(
      athlete,
      'POST',
      `/packet-submissions/${submissionId}/actions`,
      { stepId: 'submit', action: 'SUBMIT', answers: { [formId]: { name: 'DEEP' } } },
      deepValueText(20_000),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BODY_TOO_DEEP');
  });

  it('refuses an answer nested deeper than any form asks, naming it, on every route that takes answers', async () => {
    const deep = { [formId]: { name: nestedValue(3) } };
    const act = await call(athlete, 'POST', `/packet-submissions/${submissionId}/actions`, {
      stepId: 'submit',
      action: 'SUBMIT',
      answers: deep,
    });
    expect(act.statusCode).toBe(400);
    expect(act.json().error).toMatchObject({
      code: 'ANSWER_TOO_DEEP',
      message: 'This answer is nested too deeply.',
      details: [{ field: `answers.${formId}.name` }],
    });
    const signer = await call(null, 'POST', '/signer/submit', {
      token: 'x'.repeat(40),
      signature: 'Ada Lovelace',
      answers: deep,
    });
    expect(signer.statusCode).toBe(400);
    expect(signer.json().error.code).toBe('ANSWER_TOO_DEEP');
    const validate = await call(owner, 'POST', `/forms/${formId}/validate`, { answers: deep[formId] });
    expect(validate.statusCode).toBe(400);
    expect(validate.json().error.code).toBe('ANSWER_TOO_DEEP');
  });

  it('refuses answers with more parts than a form can have', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `option-${i}`);
    const res = await call(owner, 'POST', `/forms/${formId}/validate`, { answers: { name: many } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('ANSWER_TOO_LARGE');
    const tooManyForms = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`form-${i}`, {}]));
    const forms = await call(athlete, 'POST', `/packet-submissions/${submissionId}/actions`, {
      stepId: 'submit',
      action: 'SUBMIT',
      answers: tooManyForms,
    });
    expect(forms.statusCode).toBe(400);
    expect(forms.json().error.code).toBe('VALIDATION_FAILED');
  });
});

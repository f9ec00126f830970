import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { daysFromToday } from '../../scripts/test-harness/test-clock';

/**
 * A disclosure review escalated to a reviewer who is deactivated afterwards waits forever (only that reviewer may
 * decide). The console names it, suggests another compliance reviewer, and hands the review over without an inbox
 * task; the new reviewer's decision is then accepted.
 */
let t: AppWithWorker;

let operator: SeededUser;
let owner: SeededUser;
let rita: SeededUser;
let athlete: SeededUser;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await startAppWithWorker('assignee-unavailable');
  const db = t.database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] });
  const schoolId = (await seedSchool(db)).id;
  owner = await seedUser(db, schoolId, { firstName: 'Olive' });
  rita = await seedUser(db, schoolId, { firstName: 'Rita' });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' });
  for (const u of [operator, owner, rita, athlete]) cookies.set(u.id, await sessionCookie(db, u));
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

async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a disclosure review whose assigned reviewer leaves', () => {
  it('is named as stuck, and the console hands the review to the suggested reviewer', async () => {
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
    expect((await call(athlete, 'POST', `/disclosures/${id}/submit`, {})).statusCode).toBe(200);
    const escalated = await call(owner, 'POST', `/disclosures/${id}/escalate`, { reviewerUserId: rita.id });
    expect(escalated.statusCode, escalated.body).toBe(200);
    const path = `/operator-console/workflows/${encodeURIComponent(`disclosure:${id}`)}`;
    expect((await call(operator, 'GET', path)).json().item.stuck).toEqual([]);

    const deactivated = await call(owner, 'POST', `/users/${rita.id}/deactivate`);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const shown = await call(operator, 'GET', path);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().item.stuck).toEqual([
      {
        kind: 'ASSIGNEE_UNAVAILABLE',
        reason: expect.stringMatching(/^"Review" is waiting on Rita .+, who is no longer active at the school: /),
        suggestedAssignee: { id: owner.id, name: expect.stringMatching(/^Olive /) },
        taskId: expect.any(String),
      },
    ]);
    const taskId = shown.json().item.stuck[0].taskId as string;
    // Only a compliance reviewer of the school may take it over.
    const toAthlete = await call(operator, 'POST', `${path}/reassign`, { toUserId: athlete.id, reason: 'Rita left' });
    expect(toAthlete.statusCode).toBe(400);
    expect(toAthlete.json().error.code).toBe('ASSIGNEE_INVALID');

    // As the console's one-click button does: the reason's task, to the suggested reviewer.
    const moved = await call(operator, 'POST', `${path}/reassign`, { taskId, toUserId: owner.id, reason: 'Rita left' });
    expect(moved.statusCode, moved.body).toBe(200);
    const approved = await waitUntil(async () => {
      const res = await call(owner, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' });
      return res.statusCode === 200 ? res : null;
    });
    expect(approved.json().status).toBe('APPROVED');
    // The inbox followed the review: nothing is left open for Rita.
    const open = await t.database.db
      .selectFrom('tasks')
      .select('assignee_user_id')
      .where('workflow_id', '=', `disclosure:${id}`)
      .where('status', '=', 'OPEN')
      .execute();
    expect(open).toEqual([]);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target_id', '=', `disclosure:${id}`)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'workflow.task_reassigned',
        details: expect.objectContaining({ reason: 'Rita left', fromUserId: rita.id, toUserId: owner.id }),
      }),
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowIds } from '../../domain/workflows';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, uniqueTag } from '../test-support/seed-school';

let t: AppWithWorker;
let schoolId: string;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await startAppWithWorker('email-change');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await sessionCookie(db, await seedUser(db, schoolId));
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await sessionCookie(db, await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] }));
}, 120_000);
afterAll(async () => t.close());

async function waitFor<T>(read: () => Promise<T | undefined | null>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const outboxOf = (workflowId: string) =>
  t.database.db.selectFrom('outbox').selectAll().where('workflow_id', '=', workflowId).execute();

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...(cookie ? { cookie } : {}), origin: t.config.publicUrl },
    payload: payload as Record<string, unknown>,
  });

/** The confirmation link's token mailed for a change. */
async function mailedToken(changeId: string, to: string): Promise<string> {
  const mail = await waitFor(async () =>
    (await outboxOf(workflowIds.emailChange(changeId))).find((m) => m.status === 'SENT'),
  );
  expect(mail.to_address).toBe(to);
  return /emailConfirmation\?token=([^\s]+)/.exec(mail.text_body)![1]!;
}

describe('changing an athlete’s login e-mail (the fix for a bounced welcome letter)', () => {
  it('an admin changes it, the new address confirms, and Retry now delivers the welcome letter there', async () => {
    const tag = uniqueTag();
    const bouncing = `bounce@${tag}.test.example`;
    const created = await post(
      '/athletes',
      { email: bouncing, firstName: 'Jordan', lastName: `Bounce ${tag}`, invite: true },
      admin,
    );
    expect(created.statusCode).toBe(201);
    const { athlete, invitationId } = created.json() as { athlete: { id: string }; invitationId: string };
    const invitationWorkflow = workflowIds.invitation(invitationId);
    const bounced = await waitFor(async () => (await outboxOf(invitationWorkflow)).find((m) => m.status === 'FAILED'));
    expect(bounced.to_address).toBe(bouncing);

    const fresh = `jordan-${tag}@test.example`;
    const requested = await post(`/athletes/${athlete.id}/email`, { email: fresh }, admin);
    expect(requested.statusCode).toBe(202);
    const { changeId, pendingEmail } = requested.json() as { changeId: string; pendingEmail: string };
    expect(pendingEmail).toBe(fresh);
    // Nothing moves before the new address confirms.
    const before = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', athlete.id)
      .executeTakeFirstOrThrow();
    expect(before.email).toBe(bouncing);

    const token = await mailedToken(changeId, fresh);
    const forged = await post('/auth/email-change/confirm', { token: `${changeId}.forged` });
    expect(forged.statusCode).toBe(410);
    const confirmed = await post('/auth/email-change/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: fresh });
    // A link works once.
    expect((await post('/auth/email-change/confirm', { token })).statusCode).toBe(410);

    const after = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', athlete.id)
      .executeTakeFirstOrThrow();
    expect(after.email).toBe(fresh);
    const invitation = await t.database.db
      .selectFrom('invitations')
      .select('email')
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    expect(invitation.email).toBe(fresh);

    // The operator's Retry now on the bounced letter delivers it to the new address.
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/operator-console/workflows/${encodeURIComponent(invitationWorkflow)}/retry`,
      headers: { cookie: operator, origin: t.config.publicUrl },
      payload: { reason: 'The athlete’s address was corrected' },
    });
    expect(retried.statusCode).toBe(200);
    const delivered = await waitFor(async () => (await outboxOf(invitationWorkflow)).find((m) => m.status === 'SENT'));
    expect(delivered.to_address).toBe(fresh);

    const audits = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target_id', '=', athlete.id)
      .where('action', 'in', ['user.email_change_requested', 'user.email_changed'])
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['user.email_change_requested', 'user.email_changed']);
  }, 90_000);

  it('a provider operator can ask for the change too, audited as the operator’s; a taken address is refused', async () => {
    const tag = uniqueTag();
    const created = await post(
      '/athletes',
      { email: `old-${tag}@test.example`, firstName: 'Ana', lastName: `Op ${tag}` },
      admin,
    );
    const athleteId = (created.json() as { athlete: { id: string } }).athlete.id;
    const taken = await post(
      `/schools/${schoolId}/athletes/${athleteId}/email`,
      { email: `old-${tag}@test.example` },
      operator,
    );
    expect(taken.statusCode).toBe(400);
    const requested = await post(
      `/schools/${schoolId}/athletes/${athleteId}/email`,
      { email: `new-${tag}@test.example` },
      operator,
    );
    expect(requested.statusCode).toBe(202);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('target_id', '=', athleteId)
      .where('action', '=', 'user.email_change_requested')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ byOperator: true, to: `new-${tag}@test.example` });
    // An admin of the school may not use the operator's route, nor a coach the admin's.
    expect(
      (await post(`/schools/${schoolId}/athletes/${athleteId}/email`, { email: `x-${tag}@test.example` }, admin))
        .statusCode,
    ).toBe(403);
  }, 60_000);
});

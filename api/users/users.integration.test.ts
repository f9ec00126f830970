import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationStateQuery } from '../../workflows/invitations/invitation.workflow';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { createTestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, uniqueTag, type SeededUser } from '../test-support/seed-school';

let t: AppWithWorker;
let schoolId: string;
let admin: SeededUser;
let adminCookie: string;

beforeAll(async () => {
  t = await startAppWithWorker('users');
  schoolId = (await seedSchool(t.database.db, { settings: { invitationReminderHours: 24, invitationExpiryHours: 72 } }))
    .id;
  admin = await seedUser(t.database.db, schoolId);
  adminCookie = await sessionCookie(t.database.db, admin);
});

afterAll(async () => {
  await t?.close();
});

async function mailsTo(email: string, atLeast: number): Promise<Array<{ subject: string; text_body: string }>> {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .execute();
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no ${atLeast} mail(s) to ${email}`);
}

function tokenFrom(text: string): string {
  const match = /create-password\?token=([^\s"<>]+)/.exec(text);
  if (!match) throw new Error('no invitation link in mail');
  return decodeURIComponent(match[1]!);
}

const invite = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/invite', headers: { cookie: adminCookie }, payload });
const createPassword = (token: string, password = 'Chosen-Pass-2026!', confirmPassword = password) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/create-password', payload: { token, password, confirmPassword } });

describe('invitation to account', () => {
  it('invites, mails the link, and the invitee creates a password through the workflow Update', async () => {
    const email = `coach-${uniqueTag()}@test.example`;
    const res = await invite({
      email,
      firstName: 'Casey',
      lastName: 'Coach',
      roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    });
    expect(res.statusCode).toBe(201);
    const { user, invitationId } = res.json();
    expect(user).toMatchObject({
      email,
      status: 'INVITED',
      roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
      invitation: { id: invitationId, status: 'PENDING' },
    });

    const row = await t.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    const hours = (row.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect(row.workflow_id).toBe(`invitation:${invitationId}`);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.invited')
      .where('target_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(audit.ip).toBeTruthy();

    const [mail] = await mailsTo(email, 1);
    const token = tokenFrom(mail!.text_body);
    // The database keeps only a hash of the mailed token.
    expect(row.token_hash).not.toContain(token);

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/invitation?token=${encodeURIComponent(token)}`,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ email, firstName: 'Casey', lastName: 'Coach' });

    expect((await createPassword(token, 'weak')).json().error.code).toBe('PASSWORD_POLICY');
    expect((await createPassword(token, 'Chosen-Pass-2026!', 'Other-Pass-2026!')).json().error.code).toBe(
      'PASSWORDS_DO_NOT_MATCH',
    );

    const created = await createPassword(token);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ email, portal: 'coach' });
    expect(created.cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);

    const after = await t.database.db
      .selectFrom('users')
      .select(['status', 'password_hash'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('ACTIVE');
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    const inv = await t.database.db
      .selectFrom('invitations')
      .select(['status', 'accepted_at'])
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    expect(inv.status).toBe('ACCEPTED');
    const state = await t.temporal.workflow.getHandle(`invitation:${invitationId}`).query(invitationStateQuery);
    expect(state.status).toBe('ACCEPTED');
    const accepted = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'user.invitation_accepted')
      .where('target_id', '=', user.id)
      .execute();
    expect(accepted).toHaveLength(1);

    const again = await createPassword(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'INVITATION_REDEEMED',
      message: 'This invitation has already been redeemed. Please log in.',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/auth/invitation?token=${encodeURIComponent(token)}` }))
        .statusCode,
    ).toBe(409);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'Chosen-Pass-2026!' },
    });
    expect(login.statusCode).toBe(200);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/invitation/resend`,
      headers: { cookie: adminCookie },
    });
    expect(resend.statusCode).toBe(409);
  });

  it('lets exactly one of two simultaneous acceptances win', async () => {
    const email = `race-${uniqueTag()}@test.example`;
    const res = await invite({ email, firstName: 'R', lastName: 'Ace', roles: [{ role: 'STUDENT_ATHLETE' }] });
    const [mail] = await mailsTo(email, 1);
    const token = tokenFrom(mail!.text_body);
    const results = await Promise.all([createPassword(token), createPassword(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(res.statusCode).toBe(201);
  });

  it('resends a pending invitation through the workflow (same invitation, another mail)', async () => {
    const email = `resend-${uniqueTag()}@test.example`;
    const { user, invitationId } = (
      await invite({ email, firstName: 'Re', lastName: 'Send', roles: [{ role: 'EDUCATOR' }] })
    ).json();
    await mailsTo(email, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/invitation/resend`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ invitationId });
    expect(await mailsTo(email, 2)).toHaveLength(2);
  });

  it('deactivating an invited user revokes the invitation; the link then fails with 410', async () => {
    const email = `revoke-${uniqueTag()}@test.example`;
    const { user } = (await invite({ email, firstName: 'No', lastName: 'Longer', roles: [{ role: 'VENDOR' }] })).json();
    const [mail] = await mailsTo(email, 1);
    const token = tokenFrom(mail!.text_body);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/deactivate`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('INACTIVE');
    const link = await createPassword(token);
    expect(link.statusCode).toBe(410);
    expect(link.json().error.code).toBe('INVITATION_INVALID');
  });

  it('refuses an expired or forged invitation link with 410 INVITATION_INVALID', async () => {
    const email = `expired-${uniqueTag()}@test.example`;
    const { invitationId } = (
      await invite({ email, firstName: 'Ex', lastName: 'Pired', roles: [{ role: 'AGENT' }] })
    ).json();
    const [mail] = await mailsTo(email, 1);
    const token = tokenFrom(mail!.text_body);
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitationId)
      .execute();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/auth/invitation?token=${encodeURIComponent(token)}` }))
        .statusCode,
    ).toBe(410);
    expect((await createPassword(token)).statusCode).toBe(410);
    expect((await createPassword(`${invitationId}.forged`)).json().error.code).toBe('INVITATION_INVALID');
  });
});

describe('user management', () => {
  it('changes roles with a before/after audit and notifies the user; never one’s own roles', async () => {
    const target = await seedUser(t.database.db, schoolId, {
      roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }],
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${target.id}/roles`,
      headers: { cookie: adminCookie },
      payload: {
        roles: [
          { role: 'COACH', titleGroup: 'HEAD_COACH' },
          { role: 'SCHOOL_ADMIN', compliance: false },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([
      { role: 'COACH', titleGroup: 'HEAD_COACH' },
      { role: 'SCHOOL_ADMIN', compliance: false },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.role_changed')
      .where('target_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      before: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }],
      after: [{ role: 'COACH' }, { role: 'SCHOOL_ADMIN' }],
    });
    expect(audit.ip).toBeTruthy();
    const note = await t.database.db
      .selectFrom('notifications')
      .select(['module', 'status'])
      .where('user_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(note).toEqual({ module: 'account', status: 'role change' });
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${admin.id}/roles`,
      headers: { cookie: adminCookie },
      payload: { roles: [{ role: 'COACH' }] },
    });
    expect(self.statusCode).toBe(403);
  });

  it('never lets a school admin grant the operator role', async () => {
    const target = await seedUser(t.database.db, schoolId, { roles: [{ role: 'COACH' }] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${target.id}/roles`,
      headers: { cookie: adminCookie },
      payload: { roles: [{ role: 'OPERATOR' }] },
    });
    expect(res.statusCode).toBe(403);
    const inv = await invite({
      email: `op-${uniqueTag()}@test.example`,
      firstName: 'O',
      lastName: 'P',
      roles: [{ role: 'OPERATOR' }],
    });
    expect(inv.statusCode).toBe(403);
  });

  it('deactivates (sessions end, audited) and reactivates', async () => {
    const target = await seedUser(t.database.db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
    const targetCookie = await sessionCookie(t.database.db, target);
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${target.id}/deactivate`,
      headers: { cookie: adminCookie },
    });
    expect(off.json().status).toBe('INACTIVE');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: targetCookie } })).statusCode,
    ).toBe(401);
    // A repeated deactivation is a no-op: the same answer, no error and no second audit event (issue 36).
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${target.id}/deactivate`,
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('INACTIVE');
    const on = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${target.id}/reactivate`,
      headers: { cookie: adminCookie },
    });
    expect(on.json().status).toBe('ACTIVE');
    const actions = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', target.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['user.deactivated', 'user.reactivated']);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/users/${admin.id}/deactivate`,
          headers: { cookie: adminCookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists users with role, status and text filters', async () => {
    const tag = uniqueTag();
    await seedUser(t.database.db, schoolId, { roles: [{ role: 'EDUCATOR' }], email: `edu-${tag}@test.example` });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users?role=EDUCATOR&status=ACTIVE&q=${tag}`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(1);
    expect(res.json().items[0]).toMatchObject({ email: `edu-${tag}@test.example`, roles: [{ role: 'EDUCATOR' }] });
  });

  it('refuses a duplicate e-mail with 409 EMAIL_EXISTS', async () => {
    const res = await invite({
      email: admin.email.toUpperCase(),
      firstName: 'D',
      lastName: 'Up',
      roles: [{ role: 'COACH' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_EXISTS');
  });

  it('answers 503 WORKFLOW_UNAVAILABLE without Temporal and creates no user', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const email = `nowf-${uniqueTag()}@test.example`;
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/users/invite',
        headers: { cookie: adminCookie },
        payload: { email, firstName: 'N', lastName: 'O', roles: [{ role: 'COACH' }] },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('WORKFLOW_UNAVAILABLE');
      expect(
        await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

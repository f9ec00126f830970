import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { actorFor } from '../contracts/contracts.fixtures';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { signAgentLinkToken } from './agent-links';
import { createAgent, inviteAgent } from './agents.service';
import type { PartnerDeps } from './partner-deps';

/**
 * The agent registry through the API on the real PostgreSQL and Temporal: compliance adds agents (the spec's field
 * rules, audited, another school's entry 404), an athlete invites one, agent:<id> mails the signed link, the agent
 * fills it in once, compliance confirms from My Tasks; in compressed time the reminder, the link's expiry and the
 * registration's expiry.
 */
let t: AppWithWorker;
let schoolId: string;
let admin: SeededUser;
let athlete: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();
const ADMIN_GRANTS = [{ role: 'SCHOOL_ADMIN' as const, compliance: true }];

async function call(user: SeededUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? { cookie: cookies.get(user.id)! } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.body.startsWith('{') ? res.json() : res.body };
}

const deps = (): PartnerDeps => ({
  db: t.database.db,
  temporal: t.temporal,
  now: () => new Date(),
  taskQueue: t.taskQueue,
  appSecret: t.config.appSecret,
});

const registration = (over: Record<string, unknown> = {}) => ({
  type: 'TALENT_MANAGER',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: `dana.${Math.random().toString(16).slice(2)}@agency.test`,
  phone: '5551234567',
  agency: 'Reyes Talent',
  registrationState: 'TX',
  registrationNumber: 'TX-445566',
  registrationExpiresOn: daysFromToday(200),
  ...over,
});

beforeAll(async () => {
  t = await startAppWithWorker('partners-agents');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: ADMIN_GRANTS });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: ADMIN_GRANTS });
  for (const u of [admin, athlete, outsider]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the registry', () => {
  it('adds an agent with the registration, audited; refuses bad input with the spec wording', async () => {
    const created = await call(admin, 'POST', '/agents', registration());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'ACTIVE',
      typeLabel: 'Talent manager',
      agency: 'Reyes Talent',
      registrationState: 'TX',
      mayBeNamed: true,
    });
    expect(created.body.agentNumber).toMatch(/^AG-\d{5,}$/);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', created.body.id)
      .execute();
    expect(audit).toEqual([{ action: 'agent.created', actor_user_id: admin.id }]);

    const again = await call(admin, 'POST', '/agents', registration({ email: created.body.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('AGENT_EMAIL_EXISTS');
    const phone = await call(admin, 'POST', '/agents', registration({ phone: '12345' }));
    expect(phone.body.error.details[0].message).toBe('Phone number must have 10 digits.');
    const email = await call(admin, 'POST', '/agents', registration({ email: 'not-an-email' }));
    expect(email.body.error.code).toBe('INVALID_EMAIL');
    const blank = await call(admin, 'POST', '/agents', registration({ firstName: ' ', registrationNumber: '' }));
    expect(blank.body.error.code).toBe('MANDATORY_FIELD');
    expect(blank.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'firstName',
      'registrationNumber',
    ]);
    const past = await call(admin, 'POST', '/agents', registration({ registrationExpiresOn: daysFromToday(-1) }));
    expect(past.body.error.code).toBe('AGENT_REGISTRATION_EXPIRED');
    expect((await call(athlete, 'POST', '/agents', registration())).status).toBe(403);
  });

  it('never shows an entry to another school', async () => {
    const created = await call(admin, 'POST', '/agents', registration({ firstName: 'Only', lastName: 'Ours' }));
    expect((await call(outsider, 'GET', `/agents/${created.body.id}`)).status).toBe(404);
    expect((await call(outsider, 'GET', '/agents')).body.total).toBe(0);
    expect((await call(outsider, 'POST', `/agents/${created.body.id}/named`)).status).toBe(404);
    const list = await call(admin, 'GET', '/agents?search=Ours');
    expect(list.body.items.map((a: { id: string }) => a.id)).toEqual([created.body.id]);
  });

  it('lets an athlete name an active agent, once', async () => {
    const created = await call(admin, 'POST', '/agents', registration({ type: 'LAWYER' }));
    const named = await call(athlete, 'POST', `/agents/${created.body.id}/named`);
    expect(named.status).toBe(200);
    expect(named.body.items.map((a: { id: string }) => a.id)).toContain(created.body.id);
    expect((await call(athlete, 'POST', `/agents/${created.body.id}/named`)).body.items.length).toBe(
      named.body.items.length,
    );
    expect((await call(athlete, 'POST', `/agents/${created.body.id}/unnamed`)).status).toBe(200);
    expect((await call(athlete, 'POST', `/agents/${created.body.id}/unnamed`)).status).toBe(404);
  });
});

describe('an invited agent', () => {
  it('gets a signed single-use link, fills it in, and compliance confirms them from My Tasks', async () => {
    const db = t.database.db;
    const email = `new.agent.${Date.now()}@mail.test`;
    const invited = await call(athlete, 'POST', '/agents/invitations', {
      type: 'BRAND_MANAGER',
      firstName: 'Sam',
      lastName: 'Ortiz',
      email,
    });
    expect(invited.status).toBe(201);
    const agent = invited.body.items.find((a: { email: string }) => a.email === email);
    expect(agent).toMatchObject({ status: 'INVITED', statusLabel: 'Invited', mayBeNamed: false });
    const mail = await waitFor(() =>
      db.selectFrom('outbox').selectAll().where('to_address', '=', email).executeTakeFirst(),
    );
    expect(mail.subject).toContain('named you as their agent');
    const token = signAgentLinkToken(t.config.appSecret, agent.id, 1);
    expect(mail.text_body).toContain(encodeURIComponent(token));

    expect((await call(null, 'POST', '/agents/public/open', { token: `${token}x` })).status).toBe(410);
    const opened = await call(null, 'POST', '/agents/public/open', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ firstName: 'Sam', email, type: 'BRAND_MANAGER' });

    const info = { token, ...registration({ firstName: 'Samuel', lastName: 'Ortiz' }) };
    delete (info as { email?: string }).email;
    const bad = await call(null, 'POST', '/agents/public/submit', { ...info, registrationState: 'Texas' });
    expect(bad.status).toBe(400);
    const done = await call(null, 'POST', '/agents/public/submit', info);
    expect(done.status).toBe(200);
    const twice = await call(null, 'POST', '/agents/public/submit', info);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This link has already been used.');

    const task = await waitFor(() =>
      db
        .selectFrom('tasks')
        .selectAll()
        .where('workflow_id', '=', `agent:${agent.id}`)
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    );
    expect(task).toMatchObject({ module: 'agent', step_id: 'confirm', assignee_role: 'SCHOOL_ADMIN' });
    const noReason = await call(admin, 'POST', `/agents/${agent.id}/decision`, { decision: 'REJECT' });
    expect(noReason.body.error.code).toBe('AGENT_REJECT_REASON_REQUIRED');
    const confirmed = await call(admin, 'POST', `/agents/${agent.id}/decision`, { decision: 'CONFIRM' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'ACTIVE', firstName: 'Samuel', registrationNumber: 'TX-445566' });
    const again = await call(admin, 'POST', `/agents/${agent.id}/decision`, { decision: 'CONFIRM' });
    expect(again.body.error.code).toBe('AGENT_NOT_PENDING');
    const actions = await db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', agent.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['agent.invited', 'agent.info_provided', 'agent.confirmed']);
    const closed = await db.selectFrom('tasks').select('status').where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(closed.status).toBe('DONE');
  });

  it('is reminded once, then the link expires and the athlete is told (compressed time)', async () => {
    const db = t.database.db;
    const email = `slow.agent.${Date.now()}@mail.test`;
    const actor = actorFor(athlete, schoolId, [{ role: 'STUDENT_ATHLETE' }]);
    const mine = await inviteAgent(
      deps(),
      actor,
      { type: 'LAWYER', firstName: 'Lee', lastName: 'Park', email },
      { remindAfterMs: 1_000, linkTtlMs: 3_000, expiryAfterMs: null },
    );
    const agent = mine.items.find((a) => a.email === email)!;
    const handle = t.temporal.workflow.getHandle(`agent:${agent.id}`);
    expect(await handle.result()).toBe('LINK_EXPIRED');
    const mails = await db.selectFrom('outbox').select('subject').where('to_address', '=', email).execute();
    expect(mails.map((m) => m.subject.startsWith('Reminder:'))).toEqual([false, true]);
    const token = signAgentLinkToken(t.config.appSecret, agent.id, 1);
    expect((await call(null, 'POST', '/agents/public/open', { token })).body.error.code).toBe('AGENT_LINK_INVALID');
    const told = await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', athlete.id)
      .where('title', '=', 'Agent invitation expired')
      .execute();
    expect(told.length).toBe(1);
  });

  it('marks a registration expired when it runs out (compressed time)', async () => {
    const actor = actorFor(admin, schoolId, ADMIN_GRANTS);
    const created = await createAgent(deps(), actor, registration(), {
      remindAfterMs: 1_000,
      linkTtlMs: 1_000,
      expiryAfterMs: 1_500,
    });
    expect(await t.temporal.workflow.getHandle(`agent:${created.id}`).result()).toBe('EXPIRED');
    const after = await call(admin, 'GET', `/agents/${created.id}`);
    expect(after.body).toMatchObject({ status: 'EXPIRED', statusLabel: 'Registration expired', mayBeNamed: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { signRecruitingFormToken } from '../../activities/shared/links';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { shortText } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { TEST_SECRET } from '../test-support/test-app';

/**
 * Recruiting forms on the real PostgreSQL and Temporal: a coach builds a template with the form engine, sends it
 * to prospects (the link arrives in the dev mailbox through the link workflow), the prospect opens and submits it
 * once, the engine's messages come back for bad answers, an expired link mails a fresh one (once per cooldown),
 * and tampered tokens or another school's prospects get nothing.
 */
let t: AppWithWorker;
let schoolId: string;
let admin: SeededUser;
let coach: SeededUser;
let outsider: SeededUser;
let otherSchoolId: string;
let templateId: string;
const cookies = new Map<string, string>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies read field by field in assertions
type Res = { status: number; body: any };

async function call(
  user: SeededUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? { cookie: cookies.get(user.id)! } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const text = res.body;
  return { status: res.statusCode, body: text.startsWith('{') ? res.json() : text } as Res;
}

const open = (token: string) => call(null, 'POST', '/recruiting-forms/public/open', { token });
const submit = (token: string, answers: Record<string, unknown>) =>
  call(null, 'POST', '/recruiting-forms/public/submit', { token, answers });

async function createPsa(first: string, email: string | null): Promise<string> {
  const res = await call(coach, 'POST', '/psas', { firstName: first, lastName: 'Prospect', email });
  expect(res.status).toBe(201);
  return res.body.psa.id as string;
}

/** The links mailed to an address, oldest first, read from the outbox the dev mailbox shows. */
async function linksMailedTo(email: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('outbox')
    .select(['text_body', 'created_at'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => {
    const match = /\/recruitingForm\/([^\s]+)/.exec(r.text_body);
    return decodeURIComponent(match![1]!);
  });
}

async function waitForLinks(email: string, count: number): Promise<string[]> {
  return waitFor(async () => {
    const links = await linksMailedTo(email);
    return links.length >= count ? links : undefined;
  }, 20_000);
}

async function sendTo(psaIds: string[]): Promise<Res> {
  return call(coach, 'POST', `/recruiting-forms/templates/${templateId}/send`, { psaIds });
}

beforeAll(async () => {
  t = await startAppWithWorker('recruiting_forms');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  otherSchoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  outsider = await seedUser(db, otherSchoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  for (const u of [admin, coach, outsider]) cookies.set(u.id, await sessionCookie(db, u));

  const created = await call(coach, 'POST', '/recruiting-forms/templates', { name: 'Recruit questionnaire' });
  expect(created.status).toBe(201);
  templateId = created.body.id;
  const form = await call(coach, 'GET', `/forms/${templateId}`);
  const definition = {
    ...form.body.version.definition,
    elements: [shortText('position', { required: true, label: 'Your position' }), shortText('club')],
  };
  expect((await call(coach, 'PUT', `/forms/${templateId}`, { definition })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('recruiting templates', () => {
  it('are listed on their own page, not among the paperwork forms', async () => {
    const list = await call(coach, 'GET', '/recruiting-forms/templates');
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(templateId);
    const paperwork = await call(coach, 'GET', '/forms');
    expect(paperwork.body.items.map((i: { id: string }) => i.id)).not.toContain(templateId);
  });

  it('cannot be sent before they are published, nor to nobody or to more than 20', async () => {
    const psaId = await createPsa('Early', 'early@example.com');
    const early = await sendTo([psaId]);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('RECRUITING_FORM_NOT_PUBLISHED');
    expect((await call(coach, 'POST', `/forms/${templateId}/publish`)).status).toBe(200);
    const none = await sendTo([]);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({
      code: 'RECRUITING_FORM_NO_RECIPIENTS',
      message: 'Send form failed: the recipient list must not be empty.',
    });
    const many = await sendTo(Array.from({ length: 21 }, () => crypto.randomUUID()));
    expect(many.status).toBe(400);
    expect(many.body.error.code).toBe('RECRUITING_FORM_TOO_MANY_RECIPIENTS');
  });

  it('refuses a prospect without an e-mail, and nothing is sent', async () => {
    const withEmail = await createPsa('Has', 'has-mail@example.com');
    const without = await createPsa('Nomail', null);
    const res = await sendTo([withEmail, without]);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('RECRUITING_FORM_PSA_NO_EMAIL');
    const sends = await call(coach, 'GET', `/recruiting-forms/sends?psaId=${withEmail}`);
    expect(sends.body.total).toBe(0);
  });
});

describe('a prospect fills the form by the mailed link', () => {
  let psaId: string;
  let token = '';

  it('sends one link per prospect through the dev mailbox and lists the recipient as sent', async () => {
    psaId = await createPsa('Avery', 'avery@example.com');
    const res = await sendTo([psaId]);
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(1);
    token = (await waitForLinks('avery@example.com', 1))[0]!;
    const sends = await call(coach, 'GET', `/recruiting-forms/sends?psaId=${psaId}`);
    expect(sends.body.items).toHaveLength(1);
    expect(sends.body.items[0]).toMatchObject({ status: 'SENT', templateName: 'Recruit questionnaire' });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('school_id', '=', schoolId)
      .where('action', '=', 'recruiting_form.sent')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('opens the form (status opened) with the version that was sent', async () => {
    const res = await open(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ formName: 'Recruit questionnaire', prospectFirstName: 'Avery' });
    expect(res.body.definition.elements).toHaveLength(2);
    const sends = await call(coach, 'GET', `/recruiting-forms/sends?psaId=${psaId}`);
    expect(sends.body.items[0].status).toBe('OPENED');
  });

  it('refuses answers the engine rejects, in its wording, and stores nothing', async () => {
    const res = await submit(token, { club: 'Metro VBC' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'position', message: 'Mandatory fields cannot be empty.' }),
    );
    const sends = await call(coach, 'GET', `/recruiting-forms/sends?psaId=${psaId}`);
    expect(sends.body.items[0].submittedAt).toBeNull();
  });

  it('stores valid answers once; a second submit gets the catalogue message', async () => {
    const res = await submit(token, { position: 'Setter', club: 'Metro VBC' });
    expect(res.status).toBe(200);
    const again = await submit(token, { position: 'Libero' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'RECRUITING_FORM_ALREADY_SUBMITTED',
      message: 'Form already submitted.',
    });
    expect((await open(token)).body.error.code).toBe('RECRUITING_FORM_ALREADY_SUBMITTED');
  });

  it('shows the answers to staff on the prospect, with a history entry and a notification to the sender', async () => {
    const sends = await call(admin, 'GET', `/recruiting-forms/sends?psaId=${psaId}`);
    expect(sends.body.items[0].status).toBe('SUBMITTED');
    const detail = await call(admin, 'GET', `/recruiting-forms/sends/${sends.body.items[0].id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.answers).toEqual({ position: 'Setter', club: 'Metro VBC' });
    const profile = await call(coach, 'GET', `/psas/${psaId}`);
    expect(profile.body.events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['formSent', 'formSubmitted']),
    );
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['module', 'status'])
      .where('user_id', '=', coach.id)
      .execute();
    expect(notes).toContainEqual({ module: 'recruiting', status: 'submitted' });
    const templates = await call(coach, 'GET', '/recruiting-forms/templates');
    const mine = templates.body.items.find((i: { id: string }) => i.id === templateId);
    expect(mine.counts).toMatchObject({ sent: 1, opened: 1, submitted: 1 });
  });
});

describe('an expired link', () => {
  it('is refused with the catalogue message and a fresh link is e-mailed, once per cooldown', async () => {
    const psaId = await createPsa('Blake', 'blake@example.com');
    const sent = await sendTo([psaId]);
    const [first] = await waitForLinks('blake@example.com', 1);
    await t.database.db
      .updateTable('recruiting_form_sends')
      .set({ expires_at: new Date(Date.now() - 1000), link_issued_at: new Date(Date.now() - 20 * 86_400_000) })
      .where('id', '=', sent.body.sendIds[0])
      .execute();
    expect((await call(coach, 'GET', `/recruiting-forms/sends?psaId=${psaId}`)).body.items[0].status).toBe('EXPIRED');

    const res = await open(first!);
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({
      code: 'RECRUITING_FORM_LINK_EXPIRED',
      message: 'This recruiting form link has expired. A new link has been emailed to you.',
    });
    const links = await waitForLinks('blake@example.com', 2);
    const fresh = links[1]!;
    expect(fresh).not.toBe(first);

    // The old link again: no third mail (the cooldown), and the answer says when the next link can be sent.
    const again = await open(first!);
    expect(again.status).toBe(410);
    expect(again.body.error).toMatchObject({
      code: 'RECRUITING_FORM_LINK_EXPIRED',
      message:
        'This recruiting form link has expired. A new link was emailed to you in the last 15 minutes: use that one, ' +
        'or open this link again in 15 minutes to have another sent.',
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await linksMailedTo('blake@example.com')).toHaveLength(2);

    expect((await open(fresh)).status).toBe(200);
    expect((await submit(fresh, { position: 'Outside hitter' })).status).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', sent.body.sendIds[0])
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['recruiting_form.link_reissued', 'recruiting_form.opened', 'recruiting_form.submitted']),
    );
  });
});

describe('links that are not ours', () => {
  it('a tampered token finds no form', async () => {
    const psaId = await createPsa('Casey', 'casey@example.com');
    await sendTo([psaId]);
    const [token] = await waitForLinks('casey@example.com', 1);
    const last = token!.at(-1) === 'A' ? 'B' : 'A';
    const tampered = token!.slice(0, -1) + last;
    const res = await open(tampered);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'RECRUITING_FORM_NOT_FOUND', message: 'Form not found.' });
    expect((await open('not-a-token-at-all-really')).status).toBe(404);
    // The school part swapped for another school's id: the MAC no longer matches.
    const swapped = token!.replace(schoolId, otherSchoolId);
    expect((await open(swapped)).status).toBe(404);
  });

  it('a correctly signed token naming the send under another school finds nothing', async () => {
    const psaId = await createPsa('Devon', 'devon@example.com');
    const sent = await sendTo([psaId]);
    const forged = signRecruitingFormToken(TEST_SECRET, {
      schoolId: otherSchoolId,
      sendId: sent.body.sendIds[0],
      generation: 1,
    });
    expect((await open(forged)).status).toBe(404);
  });

  it("staff of another school can neither see nor send this school's forms", async () => {
    const psaId = await createPsa('Emery', 'emery@example.com');
    const sent = await sendTo([psaId]);
    expect((await call(outsider, 'GET', `/recruiting-forms/sends/${sent.body.sendIds[0]}`)).status).toBe(404);
    expect((await call(outsider, 'GET', `/recruiting-forms/sends?psaId=${psaId}`)).body.total).toBe(0);
    const theirs = await call(outsider, 'POST', `/recruiting-forms/templates/${templateId}/send`, { psaIds: [psaId] });
    expect(theirs.status).toBe(404);
    expect((await call(outsider, 'DELETE', `/recruiting-forms/templates/${templateId}`)).status).toBe(404);
  });
});

describe('copying a template', () => {
  it('makes another recruiting template, kept out of the paperwork list', async () => {
    const copy = await call(coach, 'POST', `/forms/${templateId}/clone`, {});
    expect(copy.status).toBe(201);
    expect(copy.body.purpose).toBe('RECRUITING');
    const list = await call(coach, 'GET', '/recruiting-forms/templates');
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(copy.body.id);
    const paperwork = await call(coach, 'GET', '/forms');
    expect(paperwork.body.items.map((i: { id: string }) => i.id)).not.toContain(copy.body.id);
  });
});

describe('archiving a template', () => {
  it('takes it off the list, audited', async () => {
    const created = await call(admin, 'POST', '/recruiting-forms/templates', { name: 'Camp sign-up' });
    expect((await call(admin, 'DELETE', `/recruiting-forms/templates/${created.body.id}`)).status).toBe(204);
    const list = await call(admin, 'GET', '/recruiting-forms/templates');
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(created.body.id);
    expect((await call(admin, 'DELETE', `/recruiting-forms/templates/${created.body.id}`)).status).toBe(404);
  });
});

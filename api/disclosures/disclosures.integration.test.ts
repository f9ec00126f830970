import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disclosureStateQuery } from '../../workflows/disclosures/disclosure.workflow';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { addDays, daysFromToday, mondayOfWeek } from '../../scripts/test-harness/test-clock';

let t: AppWithWorker;
let schoolId: string;
let teamId: string;
let admin: SeededUser;
let admin2: SeededUser;
let athlete: SeededUser;
let otherAthlete: SeededUser;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await startAppWithWorker('disclosures');
  const db = t.database.db;
  // About 1.8 s between reminders, so the reminder test runs in seconds.
  schoolId = (await seedSchool(db, { settings: { disclosureReminderHours: 0.0005 } })).id;
  await db.updateTable('schools').set({ state: 'TX' }).where('id', '=', schoolId).execute();
  teamId = (
    await db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: 'Football', sport: 'Football' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  admin = await seedUser(db, schoolId, { firstName: 'Ada' });
  admin2 = await seedUser(db, schoolId, { firstName: 'Bea' });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
  otherAthlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  for (const u of [admin, admin2, athlete, otherAthlete]) cookies.set(u.id, await sessionCookie(db, u));
  await call(admin, 'POST', '/conflict-flags', {
    name: 'Sponsor competitors',
    type: 'UNIVERSITY',
    category: 'Apparel',
    description: 'Competitors of our apparel sponsor',
    companies: ['Rival Sportswear'],
    boosters: ['Big Booster Collective'],
    maxPayment: 50_000,
  });
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** Deals start two months ahead, so their review tasks are never due today; contracts were signed last Friday. */
const lastFriday = addDays(mondayOfWeek(-1), 4);

const complete = {
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
};

async function draft(user: SeededUser, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await call(user, 'POST', '/disclosures', { ...complete, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function submitted(user: SeededUser = athlete, fields: Record<string, unknown> = {}): Promise<string> {
  const id = await draft(user, fields);
  const res = await call(user, 'POST', `/disclosures/${id}/submit`, {});
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('PENDING');
  return id;
}

async function notificationsOf(user: SeededUser, disclosureId: string) {
  return t.database.db
    .selectFrom('notifications')
    .select(['status', 'title', 'body'])
    .where('user_id', '=', user.id)
    .where(sql<string>`payload->>'disclosureId'`, '=', disclosureId)
    .orderBy('created_at')
    .execute();
}

describe('athlete form validation', () => {
  it('saves a draft with missing fields and refuses to submit it, naming each missing field', async () => {
    const res = await call(athlete, 'POST', '/disclosures', { type: 'PODCAST' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'DRAFT', type: 'PODCAST', can: { edit: true, submit: true } });
    const submit = await call(athlete, 'POST', `/disclosures/${res.json().id}/submit`, {});
    expect(submit.statusCode).toBe(400);
    const body = submit.json().error;
    expect(body.code).toBe('MANDATORY_FIELD');
    expect(body.message).toBe('Mandatory fields cannot be empty.');
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['companyName', 'startDate', 'endDate', 'location', 'paymentType', 'pointOfContact.name']),
    );
  });

  it('uses the catalogue wording for amounts, e-mail, phone, links, notes and files', async () => {
    const bad = async (fields: Record<string, unknown>) => {
      const res = await call(athlete, 'POST', '/disclosures', { ...complete, ...fields });
      expect(res.statusCode).toBe(400);
      return res.json().error as { code: string; details: Array<{ field: string; message: string }> };
    };
    expect((await bad({ amount: 1_000_000 })).details[0]).toMatchObject({
      field: 'amount',
      message: 'Amount must be a number between $0 and $999,999.',
    });
    expect((await bad({ amount: -1 })).details[0]!.message).toBe('Amount must be a number between $0 and $999,999.');
    expect((await bad({ amount: '12' })).details[0]!.field).toBe('amount');
    expect((await bad({ pointOfContact: { name: 'P', email: 'nope' } })).details[0]!.message).toBe('Invalid email.');
    expect((await bad({ agent: { name: 'A', phone: '12345' } })).details[0]!.message).toBe(
      'Phone number must have 10 digits.',
    );
    expect((await bad({ website: 'ftp://x.example' })).details[0]!.message).toBe('Link must be http or https.');
    expect((await bad({ notes: 'word '.repeat(251) })).details[0]!.message).toBe('Notes max 250 words.');
    const ok = await call(athlete, 'POST', '/disclosures', {
      ...complete,
      amount: 999_999,
      notes: 'word '.repeat(250),
      // Attachment metadata in the JSON body is ignored: files only arrive through the upload route.
      attachments: [{ name: 'contract.pdf', size: 1000, contentType: 'application/pdf' }],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ amount: 999_999, attachments: [] });
  });
});

describe('review workflow', () => {
  it('runs submit → change requested → resubmitted → approved, with conflicts, history and notifications', async () => {
    const id = await draft(athlete, { companyName: 'Rival Sportswear', amount: 1200 });
    const sub = await call(athlete, 'POST', `/disclosures/${id}/submit`, {});
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json()).toMatchObject({ status: 'PENDING', conflictTypes: ['UNIVERSITY'], notify: true });
    expect(sub.json().conflicts[0]).toMatchObject({ flagName: 'Sponsor competitors', type: 'UNIVERSITY' });
    expect(sub.json().reportingDeadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await notificationsOf(admin, id)).map((n) => n.status)).toContain('new');

    // An athlete can neither edit a pending disclosure nor review it.
    expect((await call(athlete, 'PATCH', `/disclosures/${id}`, { location: 'Elsewhere' })).json().error.code).toBe(
      'DISCLOSURE_NOT_EDITABLE',
    );
    expect((await call(athlete, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' })).statusCode).toBe(403);

    const noReason = await call(admin, 'POST', `/disclosures/${id}/review`, { decision: 'REQUEST_CHANGE' });
    expect(noReason.json().error).toMatchObject({ code: 'REASON_REQUIRED', message: 'A reason is required.' });
    const change = await call(admin, 'POST', `/disclosures/${id}/review`, {
      decision: 'REQUEST_CHANGE',
      reason: 'Rival Sportswear competes with our sponsor; please choose another brand.',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().status).toBe('CHANGE_REQUESTED');
    expect((await notificationsOf(athlete, id)).at(-1)).toMatchObject({ status: 'init' });

    const edit = await call(athlete, 'PATCH', `/disclosures/${id}`, { companyName: 'Local Bakery' });
    expect(edit.statusCode, edit.body).toBe(200);
    const noChangeReason = await call(athlete, 'POST', `/disclosures/${id}/submit`, {});
    expect(noChangeReason.json().error).toMatchObject({
      code: 'CHANGE_REASON_REQUIRED',
      message: 'Choose a change reason.',
    });
    const resub = await call(athlete, 'POST', `/disclosures/${id}/submit`, { changeReason: 'INFORMATION_CHANGED' });
    expect(resub.statusCode, resub.body).toBe(200);
    expect(resub.json()).toMatchObject({
      status: 'PENDING',
      conflictTypes: [],
      changeReason: 'INFORMATION_CHANGED',
      revision: 2,
    });
    expect((await notificationsOf(admin, id)).map((n) => n.status)).toContain('resubmitted');

    const approve = await call(admin, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().status).toBe('APPROVED');
    expect((await notificationsOf(athlete, id)).at(-1)).toMatchObject({ status: 'accepted' });

    const detail = (await call(athlete, 'GET', `/disclosures/${id}`)).json();
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual([
      'submit',
      'requestChange',
      'resubmit',
      'approve',
    ]);
    expect(detail.history[2].changeReason).toBe('INFORMATION_CHANGED');
    const state = await t.temporal.workflow.getHandle(`disclosure:${id}`).query(disclosureStateQuery);
    expect(state).toMatchObject({ status: 'APPROVED', archived: false, revision: 2 });
  });

  it('files a note given with an approval under Comments, not in the activity log', async () => {
    const id = await submitted();
    const approve = await call(admin, 'POST', `/disclosures/${id}/review`, {
      decision: 'APPROVE',
      reason: 'Approved; keep the posts tagged #ad.',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const detail = (await call(athlete, 'GET', `/disclosures/${id}`)).json();
    expect(detail.comments).toEqual([
      expect.objectContaining({ body: 'Approved; keep the posts tagged #ad.', mine: false }),
    ]);
    expect((await call(admin, 'GET', `/disclosures/${id}`)).json().comments[0].mine).toBe(true);
    // Its times (comments, activity, submission) are shown in the school's time zone, which the detail names.
    const school = await t.database.db
      .selectFrom('schools')
      .select('time_zone')
      .where('id', '=', schoolId)
      .executeTakeFirstOrThrow();
    expect(detail.timeZone).toBe(school.time_zone);
    const approval = detail.history.find((h: { action: string }) => h.action === 'approve');
    expect(approval.reason).toBeNull();
    expect(detail.decisionReason).toBeNull();
    expect((await notificationsOf(athlete, id)).at(-1)).toMatchObject({
      status: 'accepted',
      body: expect.stringContaining('keep the posts tagged #ad'),
    });
  });

  it('rejects with a reason of at most 50 words, then reopens with a reason', async () => {
    const id = await submitted();
    const long = await call(admin, 'POST', `/disclosures/${id}/review`, {
      decision: 'REJECT',
      reason: 'no '.repeat(51),
    });
    expect(long.json().error).toMatchObject({ code: 'REASON_TOO_LONG', message: 'Reason max 50 words.' });
    const reject = await call(admin, 'POST', `/disclosures/${id}/review`, {
      decision: 'REJECT',
      reason: 'Not allowed.',
    });
    expect(reject.json()).toMatchObject({ status: 'REJECTED', decisionReason: 'Not allowed.' });
    expect((await call(admin, 'POST', `/disclosures/${id}/reopen`, { reason: '' })).json().error.code).toBe(
      'REASON_REQUIRED',
    );
    const reopen = await call(admin, 'POST', `/disclosures/${id}/reopen`, { reason: 'New facts from the athlete.' });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(reopen.json().status).toBe('PENDING');
    // Reopen only from a decision.
    expect((await call(admin, 'POST', `/disclosures/${id}/reopen`, { reason: 'Again' })).json().error.code).toBe(
      'DISCLOSURE_INVALID_STATE',
    );
  });

  it('escalates to another reviewer, who alone may then decide', async () => {
    const id = await submitted();
    const esc = await call(admin, 'POST', `/disclosures/${id}/escalate`, {
      reviewerUserId: admin2.id,
      reason: 'Needs the compliance director.',
    });
    expect(esc.statusCode, esc.body).toBe(200);
    expect(esc.json().assignedReviewer).toMatchObject({ id: admin2.id });
    expect((await notificationsOf(admin2, id)).map((n) => n.title)).toContain('Disclosure escalated to you');
    const other = await call(admin, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('DISCLOSURE_OTHER_REVIEWER');
    expect((await call(admin2, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' })).json().status).toBe(
      'APPROVED',
    );
  });

  it('lets exactly one of two reviewers acting at once win; the other is told it is already decided', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await submitted();
      const [a, b] = await Promise.all([
        call(admin, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' }),
        call(admin2, 'POST', `/disclosures/${id}/review`, { decision: 'REJECT', reason: 'Conflicts with policy.' }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().error).toMatchObject({
        code: 'ALREADY_DECIDED',
        message: 'This step has already been decided.',
      });
      const events = await t.database.db
        .selectFrom('disclosure_events')
        .select('action')
        .where('disclosure_id', '=', id)
        .execute();
      expect(events.filter((e) => e.action === 'approve' || e.action === 'reject')).toHaveLength(1);
    }
  });

  it('archives: the disclosure leaves lists and metrics, shows in the archive, and takes no more actions', async () => {
    const id = await submitted(athlete, { companyName: `Archive Me ${Date.now()}`, amount: 777 });
    const before = (await call(admin, 'GET', '/disclosures/report')).json();
    const archive = await call(admin, 'POST', `/disclosures/${id}/archive`);
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json().archived).toBe(true);
    const after = (await call(admin, 'GET', '/disclosures/report')).json();
    expect(after.total.count).toBe(before.total.count - 1);
    expect(after.total.amount).toBeCloseTo(before.total.amount - 777);
    const live = (await call(admin, 'GET', '/disclosures?limit=200')).json();
    expect(live.items.map((r: { id: string }) => r.id)).not.toContain(id);
    const archived = (await call(admin, 'GET', '/disclosures?archived=true&limit=200')).json();
    expect(archived.items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await call(admin, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' })).json().error.code).toBe(
      'DISCLOSURE_ARCHIVED',
    );
  });

  it('group-approves a selection and reports each result', async () => {
    const ids = [await submitted(), await submitted(), await submitted()];
    const done = await submitted();
    await call(admin, 'POST', `/disclosures/${done}/review`, { decision: 'APPROVE' });
    const res = await call(admin, 'POST', '/disclosures/group-review', { ids: [...ids, done], decision: 'APPROVE' });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().results as Array<{ id: string; ok: boolean; status: string; error: { code: string } }>;
    expect(results.slice(0, 3).every((r) => r.ok && r.status === 'APPROVED')).toBe(true);
    expect(results[3]).toMatchObject({ id: done, ok: false, error: { code: 'ALREADY_DECIDED' } });
    const rejectNoReason = await call(admin, 'POST', '/disclosures/group-review', { ids, decision: 'REJECT' });
    expect(rejectNoReason.json().error.code).toBe('REASON_REQUIRED');
  });

  it('reminds reviewers when a disclosure waits longer than the school setting', async () => {
    const id = await submitted();
    let reminders: Array<{ title: string }> = [];
    for (let i = 0; i < 60 && reminders.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 250));
      reminders = (await notificationsOf(admin, id)).filter((n) => n.title === 'Disclosure waiting for review');
    }
    expect(reminders.length).toBeGreaterThan(0);
  });
});

describe('thresholds and lists', () => {
  it('flags a payor whose total to one athlete in a year reaches $600 and shows the reporting deadline', async () => {
    const payor = `Payor ${Date.now()}`;
    const first = await submitted(athlete, { companyName: payor, amount: 400, signedOn: lastFriday });
    expect((await call(admin, 'GET', `/disclosures/${first}`)).json()).toMatchObject({
      notify: false,
      reportingDeadline: null,
    });
    const second = await submitted(athlete, { companyName: payor, amount: 200, signedOn: lastFriday });
    const d = (await call(admin, 'GET', `/disclosures/${second}`)).json();
    expect(d).toMatchObject({ notify: true, payorYearTotal: 600 });
    // Last week's Friday + 5 business days = the Friday a week later.
    expect(d.reportingDeadline).toBe(addDays(lastFriday, 7));
    const notifyView = (await call(admin, 'GET', `/disclosures?view=notify&q=${encodeURIComponent(payor)}`)).json();
    expect(notifyView.items.map((r: { id: string }) => r.id)).toEqual([second]);
  });

  it('tags state-law categories and lists conflicts in the conflict view', async () => {
    const id = await submitted(athlete, {
      companyName: `Bet House ${Date.now()}`,
      industry: 'Gambling and sports betting',
    });
    const d = (await call(admin, 'GET', `/disclosures/${id}`)).json();
    expect(d.conflictTypes).toEqual(['STATE_LEGISLATION_CONFLICT']);
    const view = (await call(admin, 'GET', '/disclosures?view=conflict&limit=200')).json();
    expect(view.items.map((r: { id: string }) => r.id)).toContain(id);
    expect(view.items.every((r: { conflictTypes: string[] }) => r.conflictTypes.length > 0)).toBe(true);
  });

  it('lists pending disclosures starting within 24 hours as priority tasks', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const soon = await submitted(athlete, { companyName: `Soon ${Date.now()}`, startDate: today, endDate: today });
    const later = await submitted(athlete, {
      companyName: `Later ${Date.now()}`,
      startDate: '2030-01-01',
      endDate: '2030-01-02',
    });
    const res = await call(admin, 'GET', '/disclosures/priority');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().items.map((r: { id: string }) => r.id);
    expect(ids).toContain(soon);
    expect(ids).not.toContain(later);
  });

  it('sorts and filters the admin list', async () => {
    const res = (await call(admin, 'GET', '/disclosures?sort=earnings&limit=5')).json();
    const amounts = res.items.map((r: { amount: number | null }) => r.amount ?? -1);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    const pending = (await call(admin, 'GET', '/disclosures?status=PENDING&limit=200')).json();
    expect(pending.items.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    const csv = await call(admin, 'GET', '/disclosures/export.csv?status=APPROVED');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toContain('Date submitted,Tentative start date,Student');
  });
});

describe('permissions', () => {
  it('shows an athlete only their own disclosures and keeps drafts from reviewers', async () => {
    const mineDraft = await draft(athlete);
    const theirs = await submitted(otherAthlete);
    expect((await call(athlete, 'GET', `/disclosures/${theirs}`)).statusCode).toBe(404);
    expect((await call(athlete, 'GET', '/disclosures')).statusCode).toBe(403);
    const mine = (await call(athlete, 'GET', '/disclosures/mine?limit=200')).json();
    expect(mine.items.every((r: { student: { id: string } }) => r.student.id === athlete.id)).toBe(true);
    expect(mine.items.map((r: { id: string }) => r.id)).toContain(mineDraft);
    expect((await call(admin, 'GET', `/disclosures/${mineDraft}`)).statusCode).toBe(404);
    expect((await call(otherAthlete, 'POST', `/disclosures/${mineDraft}/submit`, {})).statusCode).toBe(404);
  });

  it('shows another school nothing, and needs the Connect plan', async () => {
    const id = await submitted();
    const other = await seedSchool(t.database.db);
    const outsider = await seedUser(t.database.db, other.id);
    cookies.set(outsider.id, await sessionCookie(t.database.db, outsider));
    expect((await call(outsider, 'GET', `/disclosures/${id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' })).statusCode).toBe(404);
    expect((await call(outsider, 'GET', '/disclosures?limit=200')).json().items).toEqual([]);
    const basic = await seedSchool(t.database.db, { plan: 'COMPLIANCE' });
    const basicAdmin = await seedUser(t.database.db, basic.id);
    cookies.set(basicAdmin.id, await sessionCookie(t.database.db, basicAdmin));
    const gated = await call(basicAdmin, 'GET', '/disclosures');
    expect(gated.statusCode).toBe(403);
    expect(gated.json().error.code).toBe('PLAN_REQUIRED');
  });

  it('validates conflict flags with the catalogue wording', async () => {
    const res = await call(admin, 'POST', '/conflict-flags', {
      name: ' ',
      type: 'UNIVERSITY',
      category: '',
      description: 'x'.repeat(121),
    });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().error.details as Array<{ message: string }>).map((d) => d.message);
    expect(messages).toContain('Description max 120 characters.');
    const res2 = await call(admin, 'POST', '/conflict-flags', { name: ' ', type: 'UNIVERSITY', category: ' ' });
    expect(res2.json().error.details[0].message).toBe('Conflict flag name and category are required.');
    expect(
      (await call(athlete, 'POST', '/conflict-flags', { name: 'x', type: 'UNIVERSITY', category: 'y' })).statusCode,
    ).toBe(403);
    expect((await call(athlete, 'GET', '/conflict-flags')).json().stateCategories).toContain('alcohol');
  });

  it('audits the delete of a conflict flag (issue 36)', async () => {
    const created = await call(admin, 'POST', '/conflict-flags', {
      name: 'Rival shoes',
      type: 'UNIVERSITY',
      category: 'apparel',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await call(admin, 'DELETE', `/conflict-flags/${id}`)).statusCode).toBe(204);
    const rows = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', id)
      .execute();
    expect(rows).toEqual([{ action: 'conflict-flag.deleted', actor_user_id: admin.id }]);
  });
});

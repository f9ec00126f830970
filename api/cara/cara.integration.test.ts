import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { ensureCaraLogWorkflow } from './cara-logs.service';
import { academicStartYear, addDays, mediumDate, mondayOfWeek } from '../../scripts/test-harness/test-clock';

/**
 * CARA on the real Temporal server and PostgreSQL: the Bylaw 17 check of a proposed event and dismissals; settings;
 * one log's whole cycle with short durations (generation from the calendar with the engine's result, reminder,
 * survey answered then expired, submit and lock, reject with notes, resubmit, approve, PDF, reopen); and who may
 * see and act.
 */
let t: AppWithWorker;
let schoolId: string;
let team: string;
let otherTeam: string;
let admin: SeededUser;
let coach: SeededUser;
let otherCoach: SeededUser;
let outsider: SeededUser;
const athletes: SeededUser[] = [];
const cookies = new Map<string, string>();

/**
 * Two weeks counted from today: the log's week is last week (ended, so its log can be generated, while this week's
 * process, started by it, still sleeps), and a week two weeks ahead holds the practices a proposal is checked against.
 */
const logWeek = mondayOfWeek(-1);
const checkWeek = mondayOfWeek(2);
const week = (monday: string, days: number) => Array.from({ length: days }, (_, i) => addDays(monday, i));
const segmentStart = addDays(logWeek, -84);
const logPeriod = `The CARA log of ${mediumDate(logWeek)} to ${mediumDate(addDays(logWeek, 6))}`;

async function call(
  user: SeededUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.headers['content-type']?.includes('json') ? res.json() : res.rawPayload };
}

async function practice(date: string, from: string, to: string, attendees: { teams?: string[]; users?: string[] }) {
  await t.database.db
    .insertInto('calendar_events')
    .values({
      school_id: schoolId,
      sport_team_id: team,
      name: `Practice ${date}`,
      category: 'CARA',
      cara_category: 'PRACTICE',
      attendee_team_ids: attendees.teams ?? [],
      attendee_user_ids: attendees.users ?? [],
      time_zone: 'America/Chicago',
      starts_at: new Date(`${date}T${from}:00-06:00`),
      ends_at: new Date(`${date}T${to}:00-06:00`),
      status: 'APPROVED',
    })
    .execute();
}

beforeAll(async () => {
  t = await startAppWithWorker('cara');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const mk = (name: string) =>
    db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name, sport: name })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  team = await mk('Soccer');
  otherTeam = await mk('Tennis');
  const year = await db
    .insertInto('academic_years')
    .values({
      school_id: schoolId,
      start_year: academicStartYear(segmentStart),
      end_year: academicStartYear(segmentStart) + 1,
      is_current: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('academic_terms')
    .values({
      school_id: schoolId,
      academic_year_id: year.id,
      term: 'FALL',
      start_date: addDays(segmentStart, -4),
      end_date: addDays(checkWeek, 18),
      // Finals after the segment: the blackout opens the day after it ends.
      finals_start_date: addDays(checkWeek, 14),
      vacations: JSON.stringify([]),
    })
    .execute();
  await db
    .insertInto('sport_segments')
    .values({
      school_id: schoolId,
      sport_team_id: team,
      academic_year_id: year.id,
      season_type: 'IN_SEASON',
      segment_type: 'CHAMPIONSHIP',
      start_date: segmentStart,
      end_date: addDays(checkWeek, 6),
      start_day_of_week: 'MONDAY',
    })
    .execute();
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: team });
  otherCoach = await seedUser(db, schoolId, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: otherTeam,
  });
  for (let i = 0; i < 3; i++)
    athletes.push(await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: team }));
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  for (const u of [admin, coach, otherCoach, outsider, ...athletes]) cookies.set(u.id, await sessionCookie(db, u));

  // The log's week: 4.5 h practices Monday to Friday (22.5 h); the checked week: 4 h Monday to Thursday.
  for (const d of week(logWeek, 5)) await practice(d, '13:00', '17:30', { teams: [team] });
  for (const d of week(checkWeek, 4)) await practice(d, '14:00', '18:00', { teams: [team] });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const proposal = (over: Record<string, unknown> = {}) => ({
  event: {
    name: 'Extra practice',
    category: 'CARA',
    caraCategory: 'PRACTICE',
    sportTeamId: team,
    attendeeTeamIds: [team],
    attendeeUserIds: [],
    timeZone: 'America/Chicago',
    startDate: addDays(checkWeek, 4),
    startTime: '13:00',
    endDate: addDays(checkWeek, 4),
    endTime: '18:00',
    repeat: 'NEVER',
    ...over,
  },
});

describe('Bylaw 17 check of a proposed event', () => {
  it('warns of the daily and weekly limits the event would break, per athlete, marked new', async () => {
    const res = await call(coach, 'POST', '/cara/check', proposal());
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('OK');
    const rules = new Set(res.body.violations.map((v: { ruleId: string }) => v.ruleId));
    expect(rules).toEqual(new Set(['DAILY_HOURS', 'WEEKLY_HOURS_IN_SEASON']));
    expect(res.body.violations).toHaveLength(6);
    const weekly = res.body.violations.find((v: { ruleId: string }) => v.ruleId === 'WEEKLY_HOURS_IN_SEASON');
    expect(weekly).toMatchObject({ actual: 21, limit: 20, excess: 1, isNew: true, bylaw: '17.1.7.1' });
    expect(weekly.athleteName).toBeTruthy();
  });

  it('checks nothing for a non-countable event, and blocks several teams on a CARA event', async () => {
    const voluntary = await call(
      coach,
      'POST',
      '/cara/check',
      proposal({ category: 'VOLUNTARY_ACTIVITIES', caraCategory: null }),
    );
    expect(voluntary.body).toMatchObject({ status: 'NOT_COUNTABLE', violations: [] });
    const two = await call(coach, 'POST', '/cara/check', proposal({ attendeeTeamIds: [team, otherTeam] }));
    expect(two.body.blocking).toEqual([{ code: 'CARA_MULTIPLE_TEAMS', message: 'Multiple teams block CARA events.' }]);
  });

  it('flags a session in the exam blackout on a day outside every segment', async () => {
    const day = addDays(checkWeek, 8);
    const res = await call(
      coach,
      'POST',
      '/cara/check',
      proposal({ startDate: day, endDate: day, startTime: '15:00', endTime: '16:00' }),
    );
    expect(res.body.status).toBe('OK');
    expect(res.body.violations).toHaveLength(athletes.length);
    expect(res.body.violations[0]).toMatchObject({ ruleId: 'FINAL_EXAM_BLACKOUT', date: day, isNew: true });
  });

  it('says when the team has no segment, and hides a team from another coach', async () => {
    const res = await call(
      admin,
      'POST',
      '/cara/check',
      proposal({ sportTeamId: otherTeam, attendeeTeamIds: [otherTeam] }),
    );
    expect(res.body.status).toBe('NOT_APPLICABLE');
    expect(res.body.error.code).toBe('CARA_SEGMENT_NOT_CONFIGURED');
    expect((await call(otherCoach, 'POST', '/cara/check', proposal())).status).toBe(403);
  });

  it('dismisses a violation only with an error reason and a note, audited', async () => {
    const key = `WEEKLY_HOURS_IN_SEASON:${athletes[0]!.id}:${checkWeek}`;
    const bad = await call(coach, 'POST', `/cara/teams/${team}/dismissals`, {
      violationKey: key,
      reason: 'NOPE',
      note: '',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('CARA_DISMISS_REASON_REQUIRED');
    const ok = await call(coach, 'POST', `/cara/teams/${team}/dismissals`, {
      violationKey: key,
      reason: 'EXEMPTIONS_OVERLOOKED',
      note: 'Friday is a vacation day for this athlete.',
    });
    expect(ok.status).toBe(204);
    const res = await call(coach, 'POST', '/cara/check', proposal());
    const mine = res.body.violations.find((v: { key: string }) => v.key === key);
    expect(mine.dismissal).toMatchObject({ reason: 'EXEMPTIONS_OVERLOOKED' });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('school_id', '=', schoolId)
      .where('action', '=', 'cara-violation.dismissed')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('a log the engine could not check', () => {
  it('says why in the spec wording, as stored with an older log whose segment had no start day', async () => {
    const periodStart = addDays(logWeek, -28);
    const row = await t.database.db
      .insertInto('cara_logs')
      .values({
        school_id: schoolId,
        sport_team_id: team,
        academic_year_id: null,
        period_start: periodStart,
        period_end: addDays(periodStart, 6),
        due_at: new Date(),
        status: 'READY',
        workflow_id: `imported-${periodStart}`,
        snapshot: JSON.stringify({ error: 'BYLAW17_NOT_APPLICABLE', events: [], weeks: [], violations: [] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(admin, 'GET', `/cara/logs/${row.id}`);
    expect(res.status).toBe(200);
    expect(res.body.engineError).toEqual({
      code: 'BYLAW17_NOT_APPLICABLE',
      message: 'Bylaw 17 engine not applicable when the out-of-season start day is missing.',
    });
    await t.database.db.deleteFrom('cara_logs').where('id', '=', row.id).execute();
  });
});

describe('CARA settings', () => {
  it('need submitter and reviewer when logging is on, and a segment', async () => {
    const missing = await call(coach, 'PUT', `/cara/teams/${team}/settings`, {
      loggingEnabled: true,
      frequency: 'WEEKLY',
      dueDays: 3,
      reminderDays: 1,
      submitterIds: [],
      viewerIds: [],
      reviewerIds: [],
      surveyEnabled: true,
      surveyExpiryDays: 7,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('CARA_SETTINGS_REQUIRED');
    const noSegment = await call(admin, 'PUT', `/cara/teams/${otherTeam}/settings`, {
      loggingEnabled: true,
      frequency: 'WEEKLY',
      dueDays: 3,
      reminderDays: 1,
      submitterIds: [otherCoach.id],
      viewerIds: [],
      reviewerIds: [admin.id],
      surveyEnabled: false,
      surveyExpiryDays: null,
    });
    expect(noSegment.status).toBe(409);
    expect(noSegment.body.error.code).toBe('CARA_SEGMENT_NOT_CONFIGURED');
    const ok = await call(coach, 'PUT', `/cara/teams/${team}/settings`, {
      loggingEnabled: true,
      frequency: 'WEEKLY',
      dueDays: 3,
      reminderDays: 1,
      submitterIds: [coach.id],
      viewerIds: [],
      reviewerIds: [admin.id],
      surveyEnabled: true,
      surveyExpiryDays: 7,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ loggingEnabled: true, submitterIds: [coach.id], reviewerIds: [admin.id] });
  });
});

describe('the CARA log cycle', () => {
  it('generates, reminds, surveys until expiry, locks on submit, rejects, resubmits, approves, exports and reopens', async () => {
    const db = t.database.db;
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const started = await ensureCaraLogWorkflow(t.app.deps, t.temporal, schoolId, team, addDays(logWeek, 2), {
      generateAt: at(500),
      remindAt: at(1500),
      dueAt: at(3_600_000),
      surveyExpiresAt: at(12_000),
    });
    expect(started).toMatchObject({
      workflowId: `cara-log:${team}:${logWeek}`,
      periodStart: logWeek,
      periodEnd: addDays(logWeek, 6),
    });

    const log = await waitFor(() =>
      db
        .selectFrom('cara_logs')
        .selectAll()
        .where('sport_team_id', '=', team)
        .where('status', '=', 'READY')
        .executeTakeFirst(),
    );
    const id = log.id;
    // The next week's process starts by itself once this week's log is generated; it sleeps until that week ends.
    const next = await waitFor(() =>
      t.temporal.workflow
        .getHandle(`cara-log:${team}:${addDays(logWeek, 7)}`)
        .describe()
        .catch(() => false as const),
    );
    expect(next.status.name).toBe('RUNNING');
    const detail = await call(coach, 'GET', `/cara/logs/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.events).toHaveLength(5);
    expect(
      detail.body.violationList.filter((v: { ruleId: string }) => v.ruleId === 'WEEKLY_HOURS_IN_SEASON'),
    ).toHaveLength(3);
    expect(detail.body.violationList.filter((v: { ruleId: string }) => v.ruleId === 'DAILY_HOURS')).toHaveLength(15);
    expect(detail.body.canSubmit).toBe(true);
    // The log screen's Dismiss: the team's coach and the admin may dismiss, an athlete of the team may not; a
    // dismissal through the same API shows on the log at once, with the reason and note.
    expect(detail.body.canDismiss).toBe(true);
    expect((await call(admin, 'GET', `/cara/logs/${id}`)).body.canDismiss).toBe(true);
    expect((await call(athletes[2]!, 'GET', `/cara/logs/${id}`)).body.canDismiss).toBe(false);
    const daily = detail.body.violationList.find(
      (v: { ruleId: string; dismissal: unknown }) => v.ruleId === 'DAILY_HOURS' && !v.dismissal,
    );
    const byAthlete = await call(athletes[2]!, 'POST', `/cara/teams/${team}/dismissals`, {
      violationKey: daily.key,
      reason: 'INCORRECT_DATA_ENTRY',
      note: 'Not mine to dismiss.',
    });
    expect(byAthlete.status).toBe(403);
    const dismissed = await call(coach, 'POST', `/cara/teams/${team}/dismissals`, {
      violationKey: daily.key,
      reason: 'INCORRECT_DATA_ENTRY',
      note: 'The practice ended at 4 pm; the calendar had the old time.',
    });
    expect(dismissed.status).toBe(204);
    const afterDismissal = (await call(coach, 'GET', `/cara/logs/${id}`)).body;
    expect(afterDismissal.violationList.find((v: { key: string }) => v.key === daily.key).dismissal).toMatchObject({
      reason: 'INCORRECT_DATA_ENTRY',
      note: 'The practice ended at 4 pm; the calendar had the old time.',
    });
    const coachTasks = await db
      .selectFrom('tasks')
      .select(['step_name', 'status'])
      .where('workflow_id', '=', started.workflowId)
      .where('assignee_user_id', '=', coach.id)
      .execute();
    expect(coachTasks).toEqual([{ step_name: 'Submit CARA log', status: 'OPEN' }]);

    // Reminder before the due date.
    await waitFor(async () =>
      (await call(coach, 'GET', `/cara/logs/${id}`)).body.history.some(
        (h: { action: string }) => h.action === 'remind',
      ),
    );
    const reminders = await db
      .selectFrom('notifications')
      .select('status')
      .where('user_id', '=', coach.id)
      .where('module', '=', 'compliance assistant')
      .execute();
    expect(reminders.map((r) => r.status)).toContain('reminder');

    // An athlete confirms and disputes (a dispute needs a reason) while the survey is open.
    const athlete = athletes[1]!;
    const mine = (await call(athlete, 'GET', `/cara/logs/${id}`)).body;
    expect(mine.canAnswerSurvey).toBe(true);
    expect(mine.athletes).toHaveLength(1);
    const noReason = await call(athlete, 'POST', `/cara/logs/${id}/survey`, {
      answers: [{ eventKey: mine.events[0].key, answer: 'DISPUTED' }],
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('CARA_DISPUTE_REASON_REQUIRED');
    const answered = await call(athlete, 'POST', `/cara/logs/${id}/survey`, {
      answers: [
        { eventKey: mine.events[0].key, answer: 'CONFIRMED' },
        { eventKey: mine.events[1].key, answer: 'DISPUTED', reason: 'I was at an exam.' },
      ],
    });
    expect(answered.status).toBe(200);
    expect(answered.body.survey).toHaveLength(2);
    // Each athlete who attended was given a survey task with the generated log; answering closes only theirs.
    const surveyTasks = () =>
      db
        .selectFrom('tasks')
        .select(['assignee_user_id', 'status', 'url'])
        .where('workflow_id', '=', started.workflowId)
        .where('step_id', '=', 'survey')
        .execute();
    const afterAnswer = await surveyTasks();
    expect(afterAnswer.length).toBeGreaterThan(1);
    expect(afterAnswer.every((r) => r.url === `/cara/details/${id}`)).toBe(true);
    expect(afterAnswer.filter((r) => r.status === 'DONE').map((r) => r.assignee_user_id)).toEqual([athlete.id]);
    expect(afterAnswer.filter((r) => r.status === 'OPEN')).toHaveLength(afterAnswer.length - 1);

    // Review before submission is refused; the coach submits; the log is locked.
    const early = await call(admin, 'POST', `/cara/logs/${id}/review`, { decision: 'APPROVE' });
    expect(early.status).toBe(409);
    const submitted = await call(coach, 'POST', `/cara/logs/${id}/submit`, { notes: 'Week as planned.' });
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('SUBMITTED');
    const again = await call(coach, 'POST', `/cara/logs/${id}/submit`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CARA_LOG_LOCKED');
    // The submitted log locks its events: editing or cancelling one answers why, and the event says which log.
    const lockedId = (
      await db
        .selectFrom('calendar_events')
        .select('id')
        .where('school_id', '=', schoolId)
        .where('name', '=', `Practice ${addDays(logWeek, 1)}`)
        .executeTakeFirstOrThrow()
    ).id;
    const eventNow = (await call(coach, 'GET', `/events/${lockedId}`)).body;
    expect(eventNow.lockedPeriods).toEqual([
      { periodStart: logWeek, periodEnd: addDays(logWeek, 6), status: 'SUBMITTED' },
    ]);
    const {
      id: _i,
      sportTeamName: _n,
      rrule: _r,
      status: _s,
      rejectReason: _rr,
      seriesId: _si,
      canEdit: _ce,
      canDecide: _cd,
      createdAt: _ca,
      lockedPeriods: _lp,
      ...fields
    } = eventNow;
    const edit = { ...fields, notes: 'Film session added.', scope: 'ALL' };
    const lockedEdit = await call(coach, 'PATCH', `/events/${lockedId}`, edit);
    expect(lockedEdit.status).toBe(409);
    expect(lockedEdit.body.error).toMatchObject({
      code: 'CARA_EVENT_LOCKED',
      message:
        'This event is in a submitted or approved CARA log and is locked. An admin can reopen the log to change it.',
      details: [{ message: `${logPeriod} is submitted.` }],
    });
    expect((await call(admin, 'PATCH', `/events/${lockedId}`, edit)).body.error.code).toBe('CARA_EVENT_LOCKED');
    const lockedCancel = await call(coach, 'DELETE', `/events/${lockedId}`);
    expect(lockedCancel.status).toBe(409);
    expect(lockedCancel.body.error.code).toBe('CARA_EVENT_LOCKED');
    // A past activity can still be recorded (the log is what happened), but not into the submitted week.
    const pastDay = (day: string) => ({
      ...fields,
      name: `Recorded ${day}`,
      startDate: day,
      endDate: day,
      repeat: 'NEVER',
      repeatUntil: null,
      weekdays: [],
    });
    const intoLocked = await call(coach, 'POST', '/events', pastDay(addDays(logWeek, 2)));
    expect(intoLocked.status).toBe(409);
    expect(intoLocked.body.error).toMatchObject({
      code: 'CARA_EVENT_LOCKED',
      details: [{ message: `${logPeriod} is submitted.` }],
    });
    const earlier = await call(coach, 'POST', '/events', pastDay(addDays(logWeek, -5)));
    expect(earlier.status).toBe(201);
    await call(admin, 'DELETE', `/events/${earlier.body.id}`);
    // An event of another week is not locked by this log.
    const otherWeek = (
      await db
        .selectFrom('calendar_events')
        .select('id')
        .where('school_id', '=', schoolId)
        .where('name', '=', `Practice ${checkWeek}`)
        .executeTakeFirstOrThrow()
    ).id;
    expect((await call(coach, 'GET', `/events/${otherWeek}`)).body.lockedPeriods).toEqual([]);
    expect((await call(otherCoach, 'POST', `/cara/logs/${id}/submit`, {})).status).toBe(404);

    // Reject needs notes; the rejected log returns to the coach, who resubmits.
    const noNotes = await call(admin, 'POST', `/cara/logs/${id}/review`, { decision: 'REJECT' });
    expect(noNotes.status).toBe(400);
    expect(noNotes.body.error.code).toBe('CARA_REJECT_NOTES_REQUIRED');
    const rejected = await call(admin, 'POST', `/cara/logs/${id}/review`, {
      decision: 'REJECT',
      notes: 'Friday practice ran long; correct it.',
    });
    expect(rejected.body.status).toBe('REJECTED');
    const resubmitted = await call(coach, 'POST', `/cara/logs/${id}/submit`, { notes: 'Corrected.' });
    expect(resubmitted.body.status).toBe('RESUBMITTED');
    const approved = await call(admin, 'POST', `/cara/logs/${id}/review`, { decision: 'APPROVE' });
    expect(approved.body.status).toBe('APPROVED');
    const twice = await call(admin, 'POST', `/cara/logs/${id}/review`, { decision: 'APPROVE' });
    expect(twice.status).toBe(409);

    const pdf = await call(admin, 'GET', `/cara/logs/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(pdf.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The survey expires; a late answer is refused with the catalogue's wording.
    await waitFor(
      async () =>
        (await call(coach, 'GET', `/cara/logs/${id}`)).body.history.some(
          (h: { action: string }) => h.action === 'closeSurvey',
        ),
      30_000,
    );
    // The survey closed: the tasks of athletes who did not answer are cancelled, the answered one stays done.
    expect(
      (await surveyTasks()).every((r) => r.status === (r.assignee_user_id === athlete.id ? 'DONE' : 'CANCELLED')),
    ).toBe(true);
    const late = await call(athlete, 'POST', `/cara/logs/${id}/survey`, {
      answers: [{ eventKey: mine.events[2].key, answer: 'CONFIRMED' }],
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'CARA_SURVEY_EXPIRED', message: 'CARA survey expired.' });

    // An admin reopens the approved log: it returns to the coach.
    expect((await call(coach, 'POST', `/cara/logs/${id}/reopen`, {})).status).toBe(403);
    const approvedEdit = await call(coach, 'PATCH', `/events/${lockedId}`, edit);
    expect(approvedEdit.body.error.details).toEqual([{ message: `${logPeriod} is approved.` }]);
    const reopened = await call(admin, 'POST', `/cara/logs/${id}/reopen`, { notes: 'Attendance correction.' });
    expect(reopened.body.status).toBe('READY');
    // Reopened, the log's events can be corrected again.
    const corrected = await call(coach, 'PATCH', `/events/${lockedId}`, edit);
    expect(corrected.status).toBe(200);
    expect(corrected.body.notes).toBe('Film session added.');
    expect((await call(coach, 'GET', `/events/${lockedId}`)).body.lockedPeriods).toEqual([]);
    // The survey closes on its own clock, wherever the people's steps are by then (later on a loaded machine).
    const actions: string[] = reopened.body.history.map((h: { action: string }) => h.action);
    expect(actions.filter((a) => a !== 'closeSurvey')).toEqual([
      'generate',
      'remind',
      'survey',
      'submit',
      'reject',
      'submit',
      'approve',
      'reopen',
    ]);
    expect(actions.filter((a) => a === 'closeSurvey')).toHaveLength(1);
    const statuses = await db
      .selectFrom('notifications')
      .select('status')
      .where('school_id', '=', schoolId)
      .where('module', '=', 'compliance assistant')
      .execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(
      new Set(['reminder', 'submitted', 'resubmitted', 'ready for review', 'approved', 'rejected']),
    );

    // Lists: the assistant's list by team, and another school sees nothing.
    const list = await call(admin, 'GET', `/cara/logs?teamId=${team}`);
    expect(list.body.items.map((l: { id: string }) => l.id)).toEqual([id]);
    expect((await call(outsider, 'GET', `/cara/logs/${id}`)).status).toBe(404);
    expect((await call(outsider, 'GET', '/cara/logs')).body.items).toEqual([]);
  }, 60_000);
});

import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie } from '../test-support/seed-school';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../../workflows/testing/test-env';
import { fixtureYear } from '../test-support/fixture-year';
import { Value } from 'typebox/value';
import { OccurrenceDto } from './events.schemas';
import { backendPid, asAnotherClient, untilBlockedBy } from '../test-support/lock-waits';

/** The fixtures are written for the fall of 2027; they move to a year still ahead of today (test-support). */
const Y = fixtureYear(2027, '10-01');

let t: TestApp;
let env: WorkflowTestEnv;
let admin: string;
let coach: string;
let athlete: string;
let otherAthlete: string;
let otherAdmin: string;
let athleteId: string;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  // Decisions go through the series' process: the real worker and Temporal.
  env = await startWorkflowTestEnv('calendar-events');
  t = await createTestApp({ temporal: env.client, taskQueue: env.taskQueue, database: env.database });
  const db = t.database.db;
  const school = await seedSchool(db);
  teamId = await seedTeam(db, school.id, 'Football');
  otherTeamId = await seedTeam(db, school.id, 'Soccer');
  admin = await sessionCookie(db, await seedUser(db, school.id));
  coach = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamId }),
  );
  const athleteUser = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
  athleteId = athleteUser.id;
  athlete = await sessionCookie(db, athleteUser);
  otherAthlete = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: otherTeamId }),
  );
  const other = await seedSchool(db);
  otherAdmin = await sessionCookie(db, await seedUser(db, other.id));
});
afterAll(async () => {
  await t.close();
  await env.close();
});

/** A weekly Monday/Wednesday practice next year, 4 to 6 pm in Chicago, for four weeks. */
const practice = (extra: Record<string, unknown> = {}) => ({
  name: 'Team practice',
  category: 'CARA',
  caraCategory: 'PRACTICE',
  sportTeamId: teamId,
  attendeeTeamIds: [teamId],
  attendeeUserIds: [],
  location: 'Practice field',
  timeZone: 'America/Chicago',
  startDate: `${Y}-10-25`,
  startTime: '16:00',
  endDate: `${Y}-10-25`,
  endTime: '18:00',
  repeat: 'WEEKLY',
  weekdays: ['MONDAY', 'WEDNESDAY'],
  repeatUntil: `${Y}-11-17`,
  ...extra,
});

const RANGE = `from=${Y}-10-01T00:00:00Z&to=${Y}-12-01T00:00:00Z`;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

describe('calendar events', () => {
  let seriesId: string;

  it('refuses a bad event with every problem in the spec wording', async () => {
    const res = await call(
      'POST',
      '/events',
      coach,
      practice({
        startDate: '2020-01-06',
        endDate: '2020-01-06',
        endTime: '15:00',
        repeatUntil: null,
        weekdays: [],
        notes: 'w '.repeat(51),
      }),
    );
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`);
    expect(details).toEqual([
      'notes: Event notes max 50 words.',
      'endTime: Start time must be before end time.',
      'repeatUntil: End repeat date is required for repeating events.',
      'weekdays: Weekdays are required for a weekly repeat.',
    ]);
    const foreignTeam = await call('POST', '/events', coach, practice({ sportTeamId: otherTeamId }));
    expect(foreignTeam.json().error.code).toBe('TEAM_NOT_YOURS');
    const foreignSchool = await call('POST', '/events', otherAdmin, practice());
    expect(foreignSchool.statusCode).toBe(404);
  });

  it("puts a coach's countable series up for approval; the athlete sees it only once approved", async () => {
    const res = await call('POST', '/events', coach, practice());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING', weekdays: ['MONDAY', 'WEDNESDAY'], reminderMinutes: 60 });
    seriesId = res.json().id;
    expect((await call('GET', `/events?${RANGE}`, athlete)).json().items).toEqual([]);
    const coachRes = await call('GET', `/events?${RANGE}`, coach);
    expect(coachRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const coachView = coachRes.json().items;
    expect(coachView).toHaveLength(8);
    expect(coachView[0]).toMatchObject({ status: 'PENDING', canEdit: true });
    // The range route writes its body with JSON.stringify rather than the schema's serializer: each occurrence has
    // exactly the schema's fields, in its order and of its types, so the bytes are the same.
    for (const item of coachView) {
      expect(Object.keys(item)).toEqual(Object.keys(OccurrenceDto.properties));
      expect(Value.Check(OccurrenceDto, item)).toBe(true);
    }

    const forbidden = await call('POST', `/events/${seriesId}/decision`, coach, { decision: 'APPROVE' });
    expect(forbidden.statusCode).toBe(403);
    const noReason = await call('POST', `/events/${seriesId}/decision`, admin, { decision: 'REJECT' });
    expect(noReason.json().error.code).toBe('EVENT_REJECT_REASON_REQUIRED');
    const approved = await call('POST', `/events/${seriesId}/decision`, admin, { decision: 'APPROVE' });
    expect(approved.json().status).toBe('APPROVED');
    const again = await call('POST', `/events/${seriesId}/decision`, admin, { decision: 'REJECT', reason: 'Late' });
    expect(again.statusCode).toBe(409);

    const seen = (await call('GET', `/events?${RANGE}`, athlete)).json().items;
    expect(seen.map((o: { start: string }) => o.start)).toEqual([
      `${Y}-10-25T21:00:00.000Z`,
      `${Y}-10-27T21:00:00.000Z`,
      `${Y}-11-01T21:00:00.000Z`,
      `${Y}-11-03T21:00:00.000Z`,
      // Daylight saving time ends on the first Sunday of November (7 November in 2027): 4 pm stays 4 pm local.
      `${Y}-11-08T22:00:00.000Z`,
      `${Y}-11-10T22:00:00.000Z`,
      `${Y}-11-15T22:00:00.000Z`,
      `${Y}-11-17T22:00:00.000Z`,
    ]);
    expect(seen[0]).toMatchObject({ canEdit: false, sportTeamName: 'Football' });
    const invite = await t.database.db
      .selectFrom('notifications')
      .select(['module', 'status'])
      .where('user_id', '=', athleteId)
      .where('module', '=', 'calendar')
      .execute();
    expect(invite).toEqual([{ module: 'calendar', status: 'invite' }]);
    expect((await call('GET', `/events?${RANGE}`, otherAthlete)).json().items).toEqual([]);
    expect((await call('GET', `/events?${RANGE}`, otherAdmin)).json().items).toEqual([]);
    expect((await call('GET', `/events/${seriesId}`, otherAdmin)).statusCode).toBe(404);
  });

  it('downloads one occurrence as valid iCalendar', async () => {
    const res = await call('GET', `/events/${seriesId}/ics?occurrenceStart=${Y}-11-08T22:00:00.000Z`, athlete);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Team practice');
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(`${Y}-11-08T22:00:00.000Z`);
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe(`${Y}-11-09T00:00:00.000Z`);
    expect(events[0]!.location).toBe('Practice field');
    const notAnOccurrence = await call(
      'GET',
      `/events/${seriesId}/ics?occurrenceStart=${Y}-11-09T22:00:00.000Z`,
      athlete,
    );
    expect(notAnOccurrence.statusCode).toBe(404);
    expect((await call('GET', `/events/${seriesId}/ics`, otherAdmin)).statusCode).toBe(404);
  });

  it('moves one occurrence, then changes this and following, then all of the series', async () => {
    const one = await call('PATCH', `/events/${seriesId}`, coach, {
      ...practice({
        startDate: `${Y}-11-02`,
        endDate: `${Y}-11-02`,
        startTime: '07:00',
        endTime: '09:00',
        repeat: 'NEVER',
        weekdays: [],
        repeatUntil: null,
      }),
      scope: 'THIS',
      occurrenceStart: `${Y}-11-01T21:00:00.000Z`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ seriesId, status: 'APPROVED', startDate: `${Y}-11-02`, startTime: '07:00' });
    let starts = (await call('GET', `/events?${RANGE}`, athlete)).json().items.map((o: { start: string }) => o.start);
    expect(starts).toContain(`${Y}-11-02T12:00:00.000Z`);
    expect(starts).not.toContain(`${Y}-11-01T21:00:00.000Z`);
    expect(starts).toHaveLength(8);

    const following = await call('PATCH', `/events/${seriesId}`, coach, {
      ...practice({
        startDate: `${Y}-11-10`,
        endDate: `${Y}-11-10`,
        startTime: '17:00',
        endTime: '19:00',
        weekdays: ['WEDNESDAY'],
      }),
      scope: 'FOLLOWING',
      occurrenceStart: `${Y}-11-10T22:00:00.000Z`,
    });
    expect(following.statusCode).toBe(200);
    starts = (await call('GET', `/events?${RANGE}`, athlete)).json().items.map((o: { start: string }) => o.start);
    expect(starts.filter((s: string) => s >= `${Y}-11-09`)).toEqual([
      `${Y}-11-10T23:00:00.000Z`,
      `${Y}-11-17T23:00:00.000Z`,
    ]);

    const wrong = await call('PATCH', `/events/${seriesId}`, coach, {
      ...practice(),
      scope: 'THIS',
      occurrenceStart: `${Y}-11-01T20:00:00.000Z`,
    });
    expect(wrong.statusCode).toBe(404);

    const all = await call('PATCH', `/events/${seriesId}`, coach, {
      ...practice({ name: 'Morning practice', repeatUntil: `${Y}-11-05` }),
      scope: 'ALL',
    });
    expect(all.json().name).toBe('Morning practice');
    const cancel = await call(
      'DELETE',
      `/events/${seriesId}?scope=THIS&occurrenceStart=${Y}-10-27T21:00:00.000Z`,
      coach,
    );
    expect(cancel.statusCode).toBe(204);
    const names = (await call('GET', `/events?${RANGE}`, athlete))
      .json()
      .items.map((o: { name: string; start: string }) => `${o.start} ${o.name}`);
    expect(names).toEqual([
      `${Y}-10-25T21:00:00.000Z Morning practice`,
      `${Y}-11-02T12:00:00.000Z Team practice`,
      `${Y}-11-03T21:00:00.000Z Morning practice`,
      `${Y}-11-10T23:00:00.000Z Team practice`,
      `${Y}-11-17T23:00:00.000Z Team practice`,
    ]);
  });

  it('lists series a page at a time, filtered by team, kind, status and dates', async () => {
    const comp = await call(
      'POST',
      '/events',
      admin,
      practice({
        name: 'Home match',
        category: 'HOME_COMPETITION',
        caraCategory: 'COMPETITION',
        repeat: 'NEVER',
        weekdays: [],
        repeatUntil: null,
        startDate: `${Y}-12-04`,
        endDate: `${Y}-12-04`,
      }),
    );
    expect(comp.statusCode, comp.body).toBe(201);
    const all = (await call('GET', '/event-list', admin)).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.items[0]).toMatchObject({ name: 'Home match', status: 'APPROVED' });
    const comps = (await call('GET', '/event-list?kind=COMPETITION', admin)).json();
    expect(comps.items.map((e: { name: string }) => e.name)).toEqual(['Home match']);
    const december = (await call('GET', `/event-list?from=${Y}-12-01&to=${Y}-12-31`, admin)).json();
    expect(december.items.map((e: { name: string }) => e.name)).toEqual(['Home match']);
    const page = (await call('GET', '/event-list?limit=1&offset=1', admin)).json();
    expect(page).toMatchObject({ limit: 1, offset: 1, total: all.total });
    expect(page.items).toHaveLength(1);
    expect((await call('GET', `/event-list?teamId=${otherTeamId}`, admin)).json().items).toEqual([]);
    expect((await call('GET', `/event-list?from=${Y}-12-31&to=${Y}-12-01`, admin)).statusCode).toBe(400);
    expect((await call('GET', '/event-list?status=PENDING', otherAdmin)).json()).toMatchObject({ items: [], total: 0 });
  });

  it('keeps athletes from writing and other schools from touching events', async () => {
    expect((await call('POST', '/events', athlete, practice())).statusCode).toBe(403);
    expect((await call('DELETE', `/events/${seriesId}?scope=ALL`, otherAdmin)).statusCode).toBe(404);
    expect((await call('POST', `/events/${seriesId}/decision`, otherAdmin, { decision: 'APPROVE' })).statusCode).toBe(
      404,
    );
    const adminEvent = await call(
      'POST',
      '/events',
      admin,
      practice({ sportTeamId: otherTeamId, attendeeTeamIds: [otherTeamId] }),
    );
    expect(adminEvent.json().status).toBe('APPROVED');
    const coachSees = (await call('GET', `/events?${RANGE}&teamIds=${otherTeamId}`, coach)).json().items;
    expect(coachSees).toEqual([]);
    const deleted = await call('DELETE', `/events/${seriesId}?scope=ALL`, coach);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/events?${RANGE}`, athlete)).json().items).toEqual([]);
  });

  it('refuses a countable event of several teams on create and on edit, and saves other events of several teams', async () => {
    const both = { sportTeamId: teamId, attendeeTeamIds: [teamId, otherTeamId], repeat: 'NEVER', repeatUntil: null };
    const res = await call('POST', '/events', admin, practice(both));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'CARA_MULTIPLE_TEAMS',
      message: 'Multiple teams block CARA events.',
      details: [{ field: 'attendeeTeamIds', message: 'Multiple teams block CARA events.' }],
    });
    const competition = await call(
      'POST',
      '/events',
      admin,
      practice({ ...both, category: 'HOME_COMPETITION', caraCategory: null }),
    );
    expect(competition.json().error.code).toBe('CARA_MULTIPLE_TEAMS');
    const meeting = await call(
      'POST',
      '/events',
      admin,
      practice({ ...both, name: 'Joint meeting', category: 'ADMINISTRATIVE', caraCategory: null }),
    );
    expect(meeting.statusCode).toBe(201);
    const one = await call('POST', '/events', admin, practice({ repeat: 'NEVER', repeatUntil: null, name: 'Solo' }));
    expect(one.statusCode).toBe(201);
    const edit = await call(
      'PATCH',
      `/events/${one.json().id}`,
      admin,
      practice({ ...both, name: 'Solo', scope: 'ALL' }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.code).toBe('CARA_MULTIPLE_TEAMS');
    for (const id of [meeting.json().id, one.json().id])
      expect((await call('DELETE', `/events/${id}`, admin)).statusCode).toBe(204);
  });
});

describe('cancelling occurrences of a series at once', () => {
  it('keeps an occurrence cut out by another request while this cancellation waits for the series row', async () => {
    const created = await call(
      'POST',
      '/events',
      admin,
      practice({ name: 'Evening practice', sportTeamId: otherTeamId, attendeeTeamIds: [otherTeamId] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const db = t.database.db;
    let cancelling: ReturnType<typeof call> | undefined;
    await db.transaction().execute(async (trx) => {
      // Another cancellation (of 1 November) holds the series while this one, of 27 October, arrives.
      await trx.selectFrom('calendar_events').select('id').where('id', '=', id).forUpdate().execute();
      const pid = await backendPid(trx);
      cancelling = asAnotherClient(() =>
        call('DELETE', `/events/${id}?scope=THIS&occurrenceStart=${Y}-10-27T21:00:00.000Z`, admin),
      );
      await untilBlockedBy(t.database.db, pid, 'the request');
      await trx
        .updateTable('calendar_events')
        .set({ exdates: sql`exdates || jsonb_build_array(${`${Y}-11-01T21:00:00.000Z`}::text)` })
        .where('id', '=', id)
        .execute();
    });
    const cancelled = await cancelling!;
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    const row = await db.selectFrom('calendar_events').select('exdates').where('id', '=', id).executeTakeFirstOrThrow();
    expect([...row.exdates].sort()).toEqual([`${Y}-10-27T21:00:00.000Z`, `${Y}-11-01T21:00:00.000Z`]);
    const starts = (await call('GET', `/events?${RANGE}&teamIds=${otherTeamId}`, admin))
      .json()
      .items.filter((o: { id: string }) => o.id === id)
      .map((o: { start: string }) => o.start);
    expect(starts).not.toContain(`${Y}-10-27T21:00:00.000Z`);
    expect(starts).not.toContain(`${Y}-11-01T21:00:00.000Z`);
    expect(starts).toHaveLength(6);
  });
});

describe('editing a series while an admin decides it or another edit changes its recurrence', () => {
  it('keeps the approval an admin commits while an edit of the whole series waits for the series row', async () => {
    const created = await call('POST', '/events', coach, practice({ name: 'Film session' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().status).toBe('PENDING');
    const id = created.json().id as string;
    const db = t.database.db;
    let editing: ReturnType<typeof call> | undefined;
    await db.transaction().execute(async (trx) => {
      // The admin's approval (as the series' process records it) holds the row while the coach's edit arrives.
      await trx.selectFrom('calendar_events').select('id').where('id', '=', id).forUpdate().execute();
      const pid = await backendPid(trx);
      editing = asAnotherClient(() =>
        call('PATCH', `/events/${id}`, coach, {
          ...practice({ name: 'Film session', location: 'Film room' }),
          scope: 'ALL',
        }),
      );
      await untilBlockedBy(t.database.db, pid, 'the request');
      await trx
        .updateTable('calendar_events')
        .set({ status: 'APPROVED', reject_reason: null })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .execute();
    });
    const edited = await editing!;
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'APPROVED', location: 'Film room' });
    const row = await db
      .selectFrom('calendar_events')
      .select(['status', 'location'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'APPROVED', location: 'Film room' });
  });

  it.each([
    ['cancelled', 'DELETE'],
    ['edited', 'PATCH'],
  ] as const)(
    'cuts a series %s from an occurrence on from the recurrence another edit commits while the cut waits for the row',
    async (_, method) => {
      const created = await call(
        'POST',
        '/events',
        admin,
        practice({ name: `Weights ${method}`, sportTeamId: otherTeamId, attendeeTeamIds: [otherTeamId] }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const db = t.database.db;
      const at = `${Y}-11-08T22:00:00.000Z`;
      const cut = () =>
        method === 'DELETE'
          ? call('DELETE', `/events/${id}?scope=FOLLOWING&occurrenceStart=${at}`, admin)
          : call('PATCH', `/events/${id}`, admin, {
              ...practice({
                name: 'Late weights',
                sportTeamId: otherTeamId,
                attendeeTeamIds: [otherTeamId],
                startDate: `${Y}-11-08`,
                endDate: `${Y}-11-08`,
                startTime: '18:00',
                endTime: '20:00',
              }),
              scope: 'FOLLOWING',
              occurrenceStart: at,
            });
      let cutting: ReturnType<typeof cut> | undefined;
      await db.transaction().execute(async (trx) => {
        // Another edit moves the series to Mondays only while this one cuts it from 8 November on.
        await trx.selectFrom('calendar_events').select('id').where('id', '=', id).forUpdate().execute();
        const pid = await backendPid(trx);
        cutting = asAnotherClient(() => cut());
        await untilBlockedBy(t.database.db, pid, 'the request');
        await trx
          .updateTable('calendar_events')
          .set({ rrule: sql`replace(rrule, 'BYDAY=MO,WE', 'BYDAY=MO')` })
          .where('id', '=', id)
          .execute();
      });
      const res = await cutting!;
      expect(res.statusCode, res.body).toBe(method === 'DELETE' ? 204 : 200);
      const row = await db.selectFrom('calendar_events').select('rrule').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.rrule!.split(';')).toEqual(expect.arrayContaining(['BYDAY=MO', `UNTIL=${Y}1108T155959Z`]));
      const starts = (await call('GET', `/events?${RANGE}&teamIds=${otherTeamId}`, admin))
        .json()
        .items.filter((o: { id: string }) => o.id === id)
        .map((o: { start: string }) => o.start);
      expect(starts).toEqual([`${Y}-10-25T21:00:00.000Z`, `${Y}-11-01T21:00:00.000Z`]);
    },
  );
});

// Issue 36: a name with CR/LF was stored and written raw into the event's ICS, adding properties to the calendar.
describe('event names', () => {
  it('refuses line breaks and control characters in a name or location, and strips invisible characters', async () => {
    for (const name of ['Inj\r\nATTENDEE:mailto:evil@example.com', 'Nul\u0000name', 'C1\u0085name']) {
      const res = await call('POST', '/events', admin, practice({ name, location: 'Field\nURL:http://evil.example' }));
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error.code).toBe('NAME_INVALID_CHARACTERS');
      expect(res.json().error.details).toEqual([
        {
          field: 'name',
          code: 'NAME_INVALID_CHARACTERS',
          message: 'Name must not contain line breaks or control characters.',
        },
        {
          field: 'location',
          code: 'NAME_INVALID_CHARACTERS',
          message: 'Name must not contain line breaks or control characters.',
        },
      ]);
    }
    const res = await call(
      'POST',
      '/events',
      admin,
      practice({ name: '\u202eTrain\u200bing\u2066 day', location: 'Gym\ufeff' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Training day', location: 'Gym' });
    const ics = await call('GET', `/events/${res.json().id as string}/ics`, admin);
    expect(ics.body).toContain('SUMMARY:Training day');
  });
});

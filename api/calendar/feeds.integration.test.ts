import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie } from '../test-support/seed-school';
import { mondayBeforeFallBack } from '../test-support/fixture-year';
import { dayNumber, dayString } from '../../domain/bylaw17/engine';

/**
 * Personal ICS feeds: a signed URL per person that works without a session, lists what that person may see, is
 * valid iCalendar (parsed with ical.js) with the series as RRULE, a cut occurrence as EXDATE and a moved one as
 * an override with RECURRENCE-ID; regenerating revokes the old URL.
 */
let t: TestApp;
let admin: string;
let coach: string;
let athlete: string;
let otherAthlete: string;
let teamId: string;
let otherTeamId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const school = await seedSchool(db);
  teamId = await seedTeam(db, school.id, 'Tennis');
  otherTeamId = await seedTeam(db, school.id, 'Golf');
  admin = await sessionCookie(db, await seedUser(db, school.id));
  coach = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamId }),
  );
  athlete = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId }),
  );
  otherAthlete = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: otherTeamId }),
  );
});
afterAll(async () => t.close());

/**
 * The fixtures are a weekly Monday series from the week before the end of daylight saving time (first Sunday of
 * November) to three weeks after it, in the coming fall: within the feed's window (90 days back, two years ahead).
 * `day(n)` is n days after the Monday before that Sunday; `compact` writes a date as iCalendar does.
 */
const MONDAY = mondayBeforeFallBack();
const day = (n: number) => dayString(dayNumber(MONDAY) + n);
const compact = (n: number) => day(n).replace(/-/g, '');

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: url.startsWith('http') ? new URL(url).pathname : `/api/v1${url}`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

const event = (extra: Record<string, unknown>) => ({
  category: 'ATHLETICS',
  attendeeTeamIds: [],
  attendeeUserIds: [],
  timeZone: 'America/Chicago',
  startTime: '16:00',
  endTime: '18:00',
  repeat: 'NEVER',
  ...extra,
});

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return component.getAllSubcomponents('vevent');
}

describe('personal calendar feed', () => {
  it('serves each person what they may see as valid iCalendar, series and edits included', async () => {
    // A weekly series of the tennis team (admin: approved at once) across the end of daylight saving time.
    const series = await call(
      'POST',
      '/events',
      admin,
      event({
        name: 'Tennis practice',
        sportTeamId: teamId,
        attendeeTeamIds: [teamId],
        startDate: day(-7),
        endDate: day(-7),
        repeat: 'WEEKLY',
        weekdays: ['MONDAY'],
        repeatUntil: day(21),
      }),
    );
    expect(series.statusCode, series.body).toBe(201);
    const id = series.json().id as string;
    // One occurrence moved to Tuesday, another cut out.
    const moved = await call('PATCH', `/events/${id}`, admin, {
      ...event({
        name: 'Tennis practice',
        sportTeamId: teamId,
        attendeeTeamIds: [teamId],
        startDate: day(1),
        endDate: day(1),
      }),
      scope: 'THIS',
      // 4 pm in Chicago is 21:00 UTC before the end of daylight saving time, 22:00 UTC after it.
      occurrenceStart: `${day(0)}T21:00:00.000Z`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      (await call('DELETE', `/events/${id}?scope=THIS&occurrenceStart=${day(14)}T22:00:00.000Z`, admin)).statusCode,
    ).toBe(204);
    await call(
      'POST',
      '/events',
      admin,
      event({
        name: 'Golf qualifier',
        sportTeamId: otherTeamId,
        attendeeTeamIds: [otherTeamId],
        startDate: day(-6),
        endDate: day(-6),
      }),
    );

    expect((await call('GET', '/calendar-feed', athlete)).json().url).toBeNull();
    const created = await call('POST', '/calendar-feed', athlete);
    const url = created.json().url as string;
    expect(url).toMatch(/\/api\/v1\/calendar-feed\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+\.ics$/);

    // No cookie: the signed URL is the credential.
    const feed = await call('GET', url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = parse(feed.body);
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual(['Tennis practice', 'Tennis practice']);
    const [main, override] = events;
    const uid = main!.getFirstPropertyValue('uid');
    expect(override!.getFirstPropertyValue('uid')).toBe(uid);
    expect(String(main!.getFirstPropertyValue('rrule'))).toMatch(/FREQ=WEEKLY;.*BYDAY=MO/);
    expect(feed.body).toMatch(/^RRULE:FREQ=WEEKLY;/m);
    expect(feed.body).toContain(`DTSTART;TZID=America/Chicago:${compact(-7)}T160000`);
    expect(feed.body).toContain(`EXDATE;TZID=America/Chicago:${compact(14)}T160000`);
    // The moved occurrence is an override of its original slot, not an EXDATE.
    expect(feed.body).not.toContain(`EXDATE;TZID=America/Chicago:${compact(0)}T160000`);
    expect(feed.body).toContain(`RECURRENCE-ID;TZID=America/Chicago:${compact(0)}T160000`);
    expect(feed.body).toContain(`DTSTART;TZID=America/Chicago:${compact(1)}T160000`);
    // Expanded by the parser: the cut Monday is gone; the Monday moved to Tuesday is the slot the override replaces.
    const expand = new ICAL.Event(main!).iterator();
    const starts: string[] = [];
    for (let next = expand.next(); next; next = expand.next()) starts.push(next.toString());
    expect(starts.map((s) => s.slice(0, 10))).toEqual([day(-7), day(0), day(7), day(21)]);

    // The other team's athlete sees the golf event only; the admin sees both.
    const golfUrl = (await call('POST', '/calendar-feed', otherAthlete)).json().url as string;
    expect(parse((await call('GET', golfUrl)).body).map((e) => e.getFirstPropertyValue('summary'))).toEqual([
      'Golf qualifier',
    ]);
    const adminUrl = (await call('POST', '/calendar-feed', admin)).json().url as string;
    expect(parse((await call('GET', adminUrl)).body)).toHaveLength(3);
    const foreignAdmin = await sessionCookie(
      t.database.db,
      await seedUser(t.database.db, (await seedSchool(t.database.db)).id),
    );
    const foreignUrl = (await call('POST', '/calendar-feed', foreignAdmin)).json().url as string;
    expect(parse((await call('GET', foreignUrl)).body)).toEqual([]);
    const coachUrl = (await call('POST', '/calendar-feed', coach)).json().url as string;
    expect(parse((await call('GET', coachUrl)).body)).toHaveLength(2);

    // Regenerate: the old URL stops working, the new one works.
    const again = (await call('POST', '/calendar-feed', athlete)).json().url as string;
    expect(again).not.toBe(url);
    expect((await call('GET', url)).statusCode).toBe(404);
    expect((await call('GET', again)).statusCode).toBe(200);
    // A forged token is not found either.
    expect((await call('GET', again.replace(/\.[A-Za-z0-9_-]+\.ics$/, '.forged.ics'))).statusCode).toBe(404);
    expect((await call('DELETE', '/calendar-feed', athlete)).statusCode).toBe(204);
    expect((await call('GET', again)).statusCode).toBe(404);
  });
});

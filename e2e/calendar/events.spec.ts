import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { LONG_FLOW_TIMEOUT, checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';
import { showAgendaWeekOf } from '../support/calendar';

/** The first screen of a test loads its lazy chunk from an app that shares the machine with other work. */
const SLOW_FIRST_PAINT = 30_000;

/** The next Monday at least two days ahead, and the Monday two weeks after it (YYYY-MM-DD, UTC). */
function nextMondays(): { first: string; last: string } {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + 2);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  const first = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 14);
  return { first, last: d.toISOString().slice(0, 10) };
}

test('a coach creates a weekly practice series, an admin approves it, the athlete sees it, the coach moves one', async ({
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 4);
  const { first, last } = nextMondays();
  const coach = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await logInThroughApi(coach, 'coach@demo.edu');
  await coach.goto('/adminCalendar');
  await expect(coach.getByRole('heading', { level: 1 })).toHaveText('Calendar', { timeout: SLOW_FIRST_PAINT });
  await checkScreen(coach, 'calendar-month-coach');

  await coach.getByRole('button', { name: 'New event' }).click();
  const form = coach.getByRole('dialog', { name: 'New event' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Skills practice');
  await form.getByLabel('Start date').fill(first);
  await form.getByLabel('End date').fill(first);
  await form.getByRole('combobox', { name: 'Repeat' }).click();
  await coach.getByRole('option', { name: 'Weekly', exact: true }).click();
  await form.getByRole('button', { name: 'Save event' }).click();
  // The screen asks for what the spec requires before anything is sent.
  await expect(form.getByText('End repeat date is required for repeating events.')).toBeVisible();
  await expect(form.getByText('Weekdays are required for a weekly repeat.')).toBeVisible();
  await form.getByLabel('End repeat').fill(last);
  await form.getByText('Monday', { exact: true }).click();
  await form.getByText('Wednesday', { exact: true }).click();
  await checkScreen(coach, 'calendar-event-form');
  await form.getByRole('button', { name: 'Save event' }).click();
  await expect(coach.getByText('Event saved and sent for approval.')).toBeVisible();

  // The athlete sees nothing until an admin approves.
  const athlete = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await logInThroughApi(athlete, 'athlete@demo.edu');
  const range = `from=${first}T00:00:00Z&to=${last}T23:59:59Z`;
  // The demo's own fall schedule shares the range; only the new series is looked at.
  const ours = async () =>
    (
      (await (await athlete.request.get(`/api/v1/events?${range}`)).json()).items as Array<{
        name: string;
        start: string;
      }>
    ).filter((o) => o.name === 'Skills practice');
  expect(await ours()).toEqual([]);

  const admin = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await logInThroughApi(admin, 'admin@demo.edu');
  await admin.goto('/adminCalendar');
  await admin.getByRole('button', { name: 'Review Skills practice' }).click();
  const review = admin.getByRole('dialog', { name: 'Skills practice' });
  await expect(review.getByText('Approval pending')).toBeVisible();
  await checkScreen(admin, 'calendar-event-review');
  await admin.keyboard.press('Escape');
  await expect(review).toBeHidden();
  // The admin decides from the events list filtered on pending (where the task in My Tasks leads).
  const me = (await (await admin.request.get('/api/v1/auth/me')).json()) as { school: { id: string } };
  await admin.goto(`/eventAndCompetitionListing/${me.school.id}?status=PENDING`);
  await admin.getByRole('button', { name: 'Approve Skills practice' }).click();
  await expect(admin.getByText('Skills practice approved')).toBeVisible();

  await athlete.goto('/adminCalendar');
  await showAgendaWeekOf(athlete, first);
  await expect(athlete.getByText('Skills practice').first()).toBeVisible();
  await checkScreen(athlete, 'calendar-agenda-athlete');
  // Mondays and Wednesdays from the first Monday to the Monday two weeks later: five practices.
  expect(await ours()).toHaveLength(5);

  // The coach moves the first Wednesday to the morning: this event only.
  await coach.reload();
  await showAgendaWeekOf(coach, first);
  await coach.getByText('Skills practice').nth(1).click();
  await coach.getByRole('dialog', { name: 'Skills practice' }).getByRole('button', { name: 'Edit' }).click();
  const edit = coach.getByRole('dialog', { name: 'Edit event' });
  await expect(edit.getByRole('radio', { name: 'This event' })).toBeChecked();
  await edit.getByLabel('Start time').fill('07:00');
  await edit.getByLabel('End time').fill('09:00');
  await edit.getByRole('button', { name: 'Save event' }).click();
  await expect(coach.getByText('Event saved.')).toBeVisible();

  const moved = await ours();
  expect(moved).toHaveLength(5);
  // A new event is in the school's zone (America/Chicago), whatever the browser's: 7 AM there.
  const schoolClock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Chicago',
    hour: '2-digit',
    minute: '2-digit',
  });
  expect(moved.filter((o) => schoolClock.format(new Date(o.start)) === '07:00')).toHaveLength(1);

  // The athlete's private feed (made on the calendar page) follows: the moved Wednesday is an override of its slot.
  await athlete.goto('/adminCalendar');
  await athlete.getByRole('button', { name: 'Subscribe' }).click();
  const subscribe = athlete.getByRole('dialog', { name: 'Subscribe in your calendar app' });
  await subscribe.getByRole('button', { name: 'Create my feed address' }).click();
  const address = subscribe.getByRole('textbox', { name: 'Your feed address' });
  await expect(address).toHaveValue(/\/api\/v1\/calendar-feed\/.+\.ics$/);
  await checkScreen(athlete, 'calendar-feed');
  const feedUrl = new URL(await address.inputValue());
  // Fetched without the session, as a calendar app would.
  const app = await (await browser.newContext({ baseURL: baseUrl() })).request;
  const feed = await (await app.get(feedUrl.pathname)).text();
  const wednesday = new Date(`${first}T00:00:00Z`);
  wednesday.setUTCDate(wednesday.getUTCDate() + 2);
  const day = wednesday.toISOString().slice(0, 10).replace(/-/g, '');
  expect(feed).toContain('SUMMARY:Skills practice');
  expect(feed).toMatch(/RRULE:FREQ=WEEKLY/);
  // Times are written in the event's zone, the school's.
  expect(feed).toMatch(new RegExp(`RECURRENCE-ID;TZID=America/Chicago:${day}T`));
  expect(feed).toMatch(new RegExp(`DTSTART;TZID=America/Chicago:${day}T070000`));
});

test('the events list and the upload screen, on a desk and on a phone', async ({ page }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  await logInThroughApi(page, 'admin@demo.edu');
  const me = (await (await page.request.get('/api/v1/auth/me')).json()) as { school: { id: string } };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/eventAndCompetitionListing/${me.school.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events and competitions', {
      timeout: SLOW_FIRST_PAINT,
    });
    await expect(page.getByTestId('event-row').first()).toBeVisible();
    await checkScreen(page, `calendar-listing-${width}`);
    await page.goto(`/uploadEventOrCompetition/${me.school.id}/false`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upload competitions');
    await page
      .getByTestId('event-upload-dropzone')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'games.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Name,Team,Category,Start date,Start time,End time\nvs. Nowhere,No such team,Home,2020-01-01,18:00,20:00\n',
        ),
      });
    await expect(page.getByText('Checked: nothing was added')).toBeVisible();
    await checkScreen(page, `calendar-upload-problems-${width}`);
  }
});

test('the calendar reads well on a phone', async ({ page }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  await page.setViewportSize({ width: 390, height: 844 });
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/adminCalendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar', { timeout: SLOW_FIRST_PAINT });
  await checkScreen(page, 'calendar-agenda-coach-390');
});

test("an operator reads a school's events and competitions, read only, on a desk and on a phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  // The school's id, as the provider's console links to it.
  const admin = await (await browser.newContext({ baseURL: baseUrl() })).newPage();
  await logInThroughApi(admin, 'admin@demo.edu');
  const school = ((await (await admin.request.get('/api/v1/auth/me')).json()) as { school: { id: string } }).school;
  await admin.context().close();

  await logInThroughApi(page, 'operator@provider.test');
  // The school's profile in the provider console links to it.
  await page.goto(`/school/profile/${school.id}`);
  await page.getByRole('link', { name: 'Events and competitions' }).click({ timeout: SLOW_FIRST_PAINT });
  await expect(page).toHaveURL(new RegExp(`/eventAndCompetitionListing/${school.id}$`));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/eventAndCompetitionListing/${school.id}?kind=COMPETITION`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events and competitions', {
      timeout: SLOW_FIRST_PAINT,
    });
    await expect(page.getByText(/read only/)).toBeVisible();
    const rows = page.getByTestId('event-row');
    await expect(rows.filter({ hasText: /Home game vs/ }).first()).toBeVisible();
    // Nothing to upload, approve or reject from the provider's side.
    await expect(page.getByRole('link', { name: /Upload/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Approve|Reject) / })).toHaveCount(0);
    await checkScreen(page, `calendar-listing-operator-${width}`);
  }
});

test('the calendar shows school time, and says so, in a browser in another time zone', async ({ browser }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT);
  // A browser in Tokyo: a 3:30 PM Central practice would be drawn at 6:30 AM the next day in the browser's zone.
  const page = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'Asia/Tokyo' })).newPage();
  await logInThroughApi(page, 'coach@demo.edu');
  const day = new Date(`${nextMondays().first}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  const tuesday = day.toISOString().slice(0, 10);
  const teams = (await (await page.request.get('/api/v1/calendar/teams')).json()) as {
    items: Array<{ id: string; primary?: boolean }>;
    schoolTimeZone: string;
  };
  expect(teams.schoolTimeZone).toBe('America/Chicago');
  const team = (teams.items.find((t) => t.primary) ?? teams.items[0]!).id;
  const created = await page.request.post('/api/v1/events', {
    data: {
      name: 'Zone check film',
      category: 'OTHER',
      sportTeamId: team,
      attendeeTeamIds: [team],
      attendeeUserIds: [],
      timeZone: 'America/Chicago',
      startDate: tuesday,
      startTime: '15:30',
      endDate: tuesday,
      endTime: '17:00',
      repeat: 'NEVER',
      weekdays: [],
      repeatUntil: null,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  try {
    await page.goto('/adminCalendar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar', { timeout: SLOW_FIRST_PAINT });
    await expect(page.getByText(/^Times in America\/Chicago \(GMT -0[56]:00\)$/)).toBeVisible();
    await showAgendaWeekOf(page, tuesday);
    const row = page.getByRole('row').filter({ hasText: 'Zone check film' });
    await expect(row).toContainText('3:30pm');
    await checkScreen(page, 'calendar-agenda-school-time');
    // A new event starts in the school's zone, not the browser's.
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^America\/Chicago/);
    await form.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await page.request.delete(`/api/v1/events/${id}`);
  }
});

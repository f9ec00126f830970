import { expect as baseExpect, test, type Page } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { addDays } from '../../scripts/demo/demo-dates';
import { nextWeek } from '../support/dates';
import { checkScreen } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

/** The shared machine is slow: lazy screens can take a while. */
const expect = baseExpect.configure({ timeout: 45_000 });

/** The week after next (Monday to Sunday): inside Football's season in the demo, away from the other CARA tests. */
const weekAfterNext = () => nextWeek().map((d) => addDays(d, 7));

async function openCalendar(page: Page) {
  await page.goto('/adminCalendar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Calendar', { timeout: 60_000 });
}

test('a CARA event of several teams cannot be saved: the form says why and its Save is disabled', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInThroughApi(page, 'admin@demo.edu');
  await openCalendar(page);
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByRole('dialog', { name: 'New event' });
  const day = weekAfterNext()[1]!;
  await form.getByRole('textbox', { name: /^Name/ }).fill('Joint practice');
  await form.getByRole('combobox', { name: /^Team/ }).click();
  await page.getByRole('option', { name: 'Football', exact: true }).click();
  await form.getByLabel('Start date').fill(day);
  await form.getByLabel('End date').fill(day);
  const teams = form
    .locator('.mantine-MultiSelect-root', { hasText: 'Attending teams' })
    .locator('.mantine-MultiSelect-input');
  await teams.click();
  await page.getByRole('option', { name: 'Football', exact: true }).click();
  await page.getByRole('option', { name: "Women's Basketball" }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByText('Save is unavailable: Multiple teams block CARA events.')).toBeVisible();
  const save = form.getByRole('button', { name: 'Save event' });
  await expect(save).toBeDisabled();
  await checkScreen(page, 'cara-event-multiple-teams');
  // One team again: the event can be saved.
  await teams.click();
  await page.getByRole('option', { name: "Women's Basketball" }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByText(/Save is unavailable/)).toBeHidden();
  await expect(save).toBeEnabled();
});

test('dragging a countable event to a day it breaks the limits on asks first; Cancel puts it back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const week = weekAfterNext();
  const [tuesday, wednesday] = [week[1]!, week[2]!];
  const adminApi = await apiClientAs('admin@demo.edu');
  const teams = (await (await adminApi.get('/api/v1/calendar/teams')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const football = teams.items.find((t) => t.name === 'Football')!;
  // Five hours from dawn, school time (the grid shows the school's zone): over the daily limit of 4 on whichever
  // day it lands, and within one day, so it is one box on the grid.
  const created = await adminApi.post('/api/v1/events', {
    data: {
      name: 'Dawn double session',
      category: 'CARA',
      caraCategory: 'PRACTICE',
      sportTeamId: football.id,
      attendeeTeamIds: [football.id],
      attendeeUserIds: [],
      timeZone: 'America/Chicago',
      startDate: tuesday,
      startTime: '05:30',
      endDate: tuesday,
      endTime: '10:30',
      repeat: 'NEVER',
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const startDate = async () =>
    ((await (await adminApi.get(`/api/v1/events/${id}`)).json()) as { startDate: string }).startDate;

  const page = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInThroughApi(page, 'admin@demo.edu');
  await openCalendar(page);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const title = page.getByRole('heading', { level: 2 });
  for (let i = 0; i < 6 && (await page.locator(`td.fc-timegrid-col[data-date="${tuesday}"]`).count()) === 0; i++) {
    const shown = (await title.textContent()) ?? '';
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(title).not.toHaveText(shown);
  }
  const event = page.locator('.fc-timegrid-event', { hasText: 'Dawn double session' });
  await expect(event).toBeVisible();

  /** The event's box once it has stopped moving: after Cancel the calendar animates it back to its day. */
  const settledBox = async () => {
    await event.scrollIntoViewIfNeeded();
    let last = await event.boundingBox();
    for (let i = 0; i < 50; i++) {
      await page.waitForTimeout(100);
      const now = await event.boundingBox();
      if (last && now && now.x === last.x && now.y === last.y && now.width === last.width) return now;
      last = now;
    }
    throw new Error('the event never stopped moving');
  };
  const drag = async () => {
    await expect(
      page.locator(`td.fc-timegrid-col[data-date="${tuesday}"] .fc-timegrid-event`, { hasText: 'Dawn double session' }),
    ).toBeVisible();
    const from = await settledBox();
    const to = (await page.locator(`td.fc-timegrid-col[data-date="${wednesday}"]`).boundingBox())!;
    // Grab its left part, halfway down: events at the same time overlap from the right.
    const x = from.x + Math.min(10, from.width / 4);
    const y = from.y + from.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 8, y, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, y, { steps: 12 });
    await page.mouse.up();
  };

  await drag();
  const confirm = page.getByRole('dialog', { name: 'Move Dawn double session?' });
  await expect(confirm.getByText(/Bylaw 17 warnings? \(\d+\)/)).toBeVisible();
  await checkScreen(page, 'cara-move-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await startDate()).toBe(tuesday);

  await drag();
  await confirm.getByRole('button', { name: 'Move anyway' }).click();
  await expect(page.getByText('Moved Dawn double session.')).toBeVisible();
  await expect.poll(startDate).toBe(wednesday);
});

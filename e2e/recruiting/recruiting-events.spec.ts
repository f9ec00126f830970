import { expect as baseExpect, test, type Page } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { showAgendaWeekOf } from '../support/calendar';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

const expect = baseExpect.configure({ timeout: 45_000 });

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a coach plans a recruiting event with a prospect and a host athlete; the admin approves it from My Tasks; it shows on the calendar and the prospect profile', async ({
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 6);
  const tag = uniqueTag();
  const prospect = `Riley E2e${tag}`;
  const eventName = `Visit E2e${tag}`;
  const coachApi = await apiClientAs('coach@demo.edu');
  const created = await coachApi.post('/api/v1/psas', {
    data: { firstName: 'Riley', lastName: `E2e${tag}`, graduationYear: 2028, recruitedPosition: 'Safety' },
  });
  expect(created.ok()).toBeTruthy();
  const psaId = ((await created.json()) as { psa: { id: string } }).psa.id;
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

  const coach = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await logInThroughApi(coach, 'coach@demo.edu');
  await coach.goto('/recruitmentEvents');
  await expect(coach.getByRole('heading', { level: 1, name: 'Recruiting events' })).toBeVisible({ timeout: 60_000 });
  await checkScreen(coach, 'recruiting-events-list');
  await narrow(coach, 'recruiting-events-list-390');

  await coach.getByRole('button', { name: 'New recruiting event' }).first().click();
  const form = coach.getByRole('dialog', { name: 'New recruiting event' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(eventName);
  await form.getByRole('combobox', { name: /^Kind/ }).click();
  await coach.getByRole('option', { name: 'Official Visit', exact: true }).click();
  const team = form.getByRole('combobox', { name: /^Team/ });
  if (!(await team.inputValue())) {
    await team.click();
    await coach.getByRole('option', { name: 'Football', exact: true }).click();
  }
  await form.getByLabel('Start date').fill(day);
  // Four days is over the limit: the server answers in the spec's words, under the field.
  const tooLate = new Date(Date.parse(`${day}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('End date').fill(tooLate);
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByText('Event at most 3 days.')).toBeVisible();
  await form.getByLabel('End date').fill(day);
  await form.getByLabel('Start time').fill('09:00');
  await form.getByLabel('End time').fill('11:00');
  await form.getByRole('textbox', { name: 'Location' }).fill('Stadium');
  await form.getByRole('combobox', { name: /^Prospects/ }).fill(`E2e${tag}`);
  await coach.getByRole('option', { name: new RegExp(prospect) }).click();
  await form.getByRole('combobox', { name: /^Host athletes/ }).click();
  const firstHost = coach.getByRole('option').first();
  const hostName = ((await firstHost.textContent()) ?? '').replace(/\s*\(.*\)$/, '').trim();
  await firstHost.click();
  await coach.keyboard.press('Escape');
  await checkScreen(coach, 'recruiting-event-form');
  await form.getByRole('button', { name: 'Create event' }).click();

  await expect(coach.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await expect(coach.getByText('Approval pending')).toBeVisible();
  await expect(coach.getByRole('list', { name: 'Prospects' }).getByRole('link', { name: prospect })).toBeVisible();
  await expect(coach.getByRole('list', { name: 'Host athletes' })).toContainText(hostName);
  await checkScreen(coach, 'recruiting-event-pending');
  await narrow(coach, 'recruiting-event-pending-390');

  // The admin opens the approval task from My Tasks and approves on the event's page.
  const admin = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await logInThroughApi(admin, 'admin@demo.edu');
  await admin.goto('/task');
  const task = admin.getByRole('link', { name: new RegExp(`Approve recruiting event ${eventName}`) });
  await expect(task).toBeVisible({ timeout: 60_000 });
  await task.click();
  await expect(admin.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await checkScreen(admin, 'recruiting-event-admin');
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(admin.getByText('Approved', { exact: true })).toBeVisible();
  await checkScreen(admin, 'recruiting-event-approved');

  // On the calendar with its Recruiting category, opening the event's own page.
  await admin.goto('/adminCalendar');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Calendar', { timeout: 60_000 });
  await showAgendaWeekOf(admin, day);
  await admin.getByText(eventName).first().click();
  const details = admin.getByRole('dialog', { name: eventName });
  await expect(details.getByText('Recruiting', { exact: true })).toBeVisible();
  await checkScreen(admin, 'recruiting-event-on-calendar');
  await details.getByRole('link', { name: 'Open the recruiting event' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: eventName })).toBeVisible();

  // And on the prospect's profile history.
  await coach.goto(`/psaProfile/${psaId}`);
  await expect(coach.getByTestId('psa-recruiting-event').filter({ hasText: eventName })).toBeVisible();
});

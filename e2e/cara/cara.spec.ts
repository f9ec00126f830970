import { expect as baseExpect, test, type Page } from '@playwright/test';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';
import { baseUrl } from '../support/app-urls';
import { demo, nextWeek } from '../support/dates';
import { ANCHORED_LOG_WEEKS } from '../../scripts/demo/demo-cara';

/** The shared machine is slow: lazy screens and reloads can take a while. */
const expect = baseExpect.configure({ timeout: 45_000 });

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function closeToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) {
    await close.click({ timeout: 2000 }).catch(() => undefined);
  }
}

/**
 * CARA end to end on the demo school (Football keeps weekly logs; the coach submits, the admin reviews): the coach
 * schedules a week over 20 hours and sees the Bylaw 17 warning before saving; submits the log the workflow generated;
 * the admin rejects it with notes; the coach resubmits; the admin approves and downloads the PDF.
 */
test('a coach is warned of a week over 20 hours, submits the log; the admin rejects, then approves and downloads the PDF', async ({
  browser,
}) => {
  // Two people through five screens and a PDF: on the shared machine this takes more than two minutes.
  test.setTimeout(LONG_FLOW_TIMEOUT * 6);
  const coachApi = await apiClientAs('coach@demo.edu');
  const teams = (await (await coachApi.get('/api/v1/calendar/teams')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const football = teams.items.find((t) => t.name === 'Football')!;
  // Monday to Thursday of next week: 4½ hours a day (18 hours), through the calendar's API. The demo keeps the three
  // weeks after its today in Football's season (scripts/demo/demo-calendar.ts).
  const week = nextWeek();
  for (const date of week.slice(0, 4)) {
    const res = await coachApi.post('/api/v1/events', {
      data: {
        name: 'Postseason practice',
        category: 'CARA',
        caraCategory: 'PRACTICE',
        sportTeamId: football.id,
        attendeeTeamIds: [football.id],
        attendeeUserIds: [],
        timeZone: 'America/Chicago',
        startDate: date,
        startTime: '13:00',
        endDate: date,
        endTime: '17:30',
        repeat: 'NEVER',
      },
    });
    expect(res.status()).toBe(201);
  }

  // The coach adds Friday's 5-hour practice and sees the warnings before saving.
  const coach = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await coach.setViewportSize({ width: 1280, height: 800 });
  await logInThroughApi(coach, 'coach@demo.edu');
  await coach.goto('/adminCalendar');
  await expect(coach.getByRole('heading', { level: 1 })).toHaveText('Calendar', { timeout: 60_000 });
  await coach.getByRole('button', { name: 'New event' }).click();
  const form = coach.getByRole('dialog', { name: 'New event' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Friday practice');
  await form.getByLabel('Start date').fill(week[4]!);
  await form.getByLabel('End date').fill(week[4]!);
  await form.getByLabel('Start time').fill('12:00');
  await form.getByLabel('End time').fill('17:00');
  await expect(form.getByText(/Bylaw 17 warnings/)).toBeVisible();
  await expect(
    form.getByText(/Weekly hour limit \(playing season\): [\d.]+ countable hours, limit 20 \([\d.]+ over\)/).first(),
  ).toBeVisible();
  await expect(
    form.getByText(/Daily hour limit \(playing season\): [\d.]+ countable hours, limit 4 \([\d.]+ over\)/).first(),
  ).toBeVisible();
  await checkScreen(coach, 'cara-event-warning');
  // The warnings sit at the foot of the form: a picture of them as the coach sees them.
  await form.getByText(/Bylaw 17 warnings/).scrollIntoViewIfNeeded();
  await coach.screenshot({ path: 'e2e/artifacts/screens/cara-event-warning-panel.png', animations: 'disabled' });
  await form.getByRole('button', { name: 'Cancel' }).click();

  // The coach submits the log the workflow generated for the regular week (9 November as of the demo's anchor day).
  const regularWeek = demo.date(ANCHORED_LOG_WEEKS.regular);
  const logs = (await (await coachApi.get(`/api/v1/cara/logs?teamId=${football.id}`)).json()) as {
    items: Array<{ id: string; periodStart: string; status: string }>;
  };
  const log = logs.items.find((l) => l.periodStart === regularWeek)!;
  expect(log.status).toBe('READY');
  await coach.goto(`/cara/details/${log.id}`);
  await expect(coach.getByRole('heading', { level: 1, name: 'CARA log: Football' })).toBeVisible();
  await checkScreen(coach, 'cara-details-coach');
  await narrow(coach, 'cara-details-coach-390');
  await coach.getByRole('button', { name: 'Submit', exact: true }).click();
  const submit = coach.getByRole('dialog', { name: 'Submit CARA log' });
  await submit.getByRole('textbox', { name: 'Notes' }).fill('Regular week.');
  await submit.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(coach.getByText('Submitted', { exact: true }).first()).toBeVisible();

  // The admin sees it in the assistant, and rejects it with notes.
  const admin = await (await browser.newContext({ baseURL: baseUrl(), timezoneId: 'UTC' })).newPage();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await logInThroughApi(admin, 'admin@demo.edu');
  await admin.goto('/cara/assistant');
  await expect(admin.getByRole('heading', { level: 1, name: 'Compliance assistant' })).toBeVisible();
  await admin.getByText(/^In review \(\d+\)$/).click();
  await checkScreen(admin, 'cara-assistant');
  await narrow(admin, 'cara-assistant-390');
  await admin.goto(`/cara/details/${log.id}`);
  await admin.getByRole('button', { name: 'Reject' }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject CARA log' });
  await reject.getByRole('textbox', { name: /Notes for the coach/ }).fill('Add the film session of Thursday.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Rejected', { exact: true }).first()).toBeVisible();
  // Where it stands: the log is back with the submitters, along the rejected loop.
  const standing = admin.getByTestId('where-it-stands');
  await expect(standing.locator('[data-step-id="submit"]')).toHaveAttribute('data-run-status', 'ACTIVE');
  await expect(standing.locator('[data-step-id="review"]')).toHaveAttribute('data-run-status', 'DONE');
  await expect(standing.getByTestId('edge-label')).toHaveText('rejected · 1 time');
  await closeToasts(admin);
  await checkScreen(admin, 'cara-where-it-stands-rejected');
  await narrow(admin, 'cara-where-it-stands-rejected-390');

  // The coach corrects and resubmits.
  await coach.reload();
  await expect(coach.getByRole('alert').getByText('Add the film session of Thursday.')).toBeVisible();
  await closeToasts(coach);
  await coach.getByRole('button', { name: 'Resubmit' }).click();
  const resubmit = coach.getByRole('dialog', { name: 'Submit CARA log' });
  await resubmit.getByRole('textbox', { name: 'Notes' }).fill('Film session added.');
  await resubmit.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(coach.getByText('Resubmitted', { exact: true }).first()).toBeVisible();

  // The admin approves and downloads the PDF.
  await admin.reload();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('dialog', { name: 'Approve CARA log' }).getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Approved', { exact: true }).first()).toBeVisible();
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`cara-log-${regularWeek}.pdf`);

  // The other screens: logs per team, the dashboard, and the log waiting for review over the 20-hour limit.
  await admin.goto(`/cara/listing`);
  await expect(admin.getByRole('heading', { level: 1, name: 'CARA logs' })).toBeVisible();
  await checkScreen(admin, 'cara-listing');
  await narrow(admin, 'cara-listing-390');
  await admin.goto(`/caraDashboard/${football.id}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'CARA hours: Football' })).toBeVisible();
  await checkScreen(admin, 'cara-dashboard');
  await narrow(admin, 'cara-dashboard-390');
  const busy = logs.items.find((l) => l.periodStart === demo.date(ANCHORED_LOG_WEEKS.busy))!;
  await admin.goto(`/cara/details/${busy.id}`);
  await expect(admin.getByRole('table', { name: 'Violations' })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Approve' })).toBeVisible();
  await checkScreen(admin, 'cara-details-review');
  await narrow(admin, 'cara-details-review-390');

  // The admin dismisses one of its violations from the log with an error reason and a note; the table shows it.
  const violations = admin.getByRole('table', { name: 'Violations' });
  const dismissButtons = violations.getByRole('button', { name: /^Dismiss / });
  const openBefore = await dismissButtons.count();
  expect(openBefore).toBeGreaterThan(0);
  await dismissButtons.first().click();
  const dismiss = admin.getByRole('dialog', { name: 'Dismiss violation' });
  await dismiss.getByRole('combobox', { name: /^Error reason/ }).click();
  await admin.getByRole('option', { name: 'Exemptions overlooked' }).click();
  await dismiss.getByRole('textbox', { name: /^Note/ }).fill('Thanksgiving break: the week is exempt.');
  await checkScreen(admin, 'cara-details-dismiss');
  await dismiss.getByRole('button', { name: 'Dismiss violation' }).click();
  await expect(dismiss).toBeHidden();
  await expect(
    violations.getByText('Exemptions overlooked: Thanksgiving break: the week is exempt.').first(),
  ).toBeVisible();
  await expect(dismissButtons).toHaveCount(openBefore - 1);
});

import { expect as baseExpect, test } from '@playwright/test';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { logInThroughApi } from '../support/session';

/** The shared machine is slow: lazy screens and reloads can take a while. */
const expect = baseExpect.configure({ timeout: 45_000 });

/**
 * The athlete's side of a CARA log: the demo's Football logs were generated with an athlete survey open, so the
 * Football athlete has a task in My Tasks; it leads to the log, where the survey comes first and shows only the
 * athlete's own events. The athlete confirms one event and disputes another (a dispute needs a reason); the answered
 * task leaves My Tasks.
 */
test('an athlete answers the CARA survey from My Tasks: confirms one event, disputes another with a reason', async ({
  page,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 3);
  await logInThroughApi(page, 'athlete@demo.edu');
  await page.goto('/task');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Tasks');
  const task = page.getByRole('link', { name: /^Confirm your hours in the Football CARA log/ }).first();
  await expect(task).toBeVisible();
  const title = (await task.textContent())!;
  await task.click();

  await expect(page.getByRole('heading', { level: 1, name: 'CARA log: Football' })).toBeVisible();
  // Staff-only links stay hidden; the survey leads the page while it is open.
  await expect(page.getByRole('link', { name: 'Hours dashboard' })).toHaveCount(0);
  await expect(page.getByText(/^Confirm each event you attended, or dispute it with a reason, by /)).toBeVisible();
  await checkScreen(page, 'cara-survey-athlete');

  const answers = page.getByRole('radiogroup', { name: /^Answer for / });
  await expect(answers.first()).toBeVisible();
  expect(await answers.count()).toBeGreaterThan(1);
  await answers.nth(0).getByText('Attended', { exact: true }).click();
  await answers.nth(1).getByText('Dispute', { exact: true }).click();
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByText('Give a reason when disputing an event.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason' }).fill('I was at a chemistry exam that afternoon.');
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByText('Your answers are recorded.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Survey answers' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText('Disputed');
  await expect(table).toContainText('I was at a chemistry exam that afternoon.');

  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'cara-survey-athlete-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The answered task has left My Tasks.
  await page.goto('/task');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Tasks');
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

import { expect as baseExpect, test } from '@playwright/test';
import { logInThroughApi } from '../support/session';

/** The shared machine is slow: lazy screens can take a while. */
const expect = baseExpect.configure({ timeout: 45_000 });

// Issue 35: "every person's name on a list links to the profile that the viewer may see".
test('an admin opens an athlete from the disclosure list and a coach from the expense list', async ({ page }) => {
  test.setTimeout(180_000);
  await logInThroughApi(page, 'admin@demo.edu');

  await page.goto('/disclosures');
  const disclosures = page.getByRole('table', { name: 'Disclosures' });
  const athlete = disclosures.getByRole('link').first();
  await expect(athlete).toBeVisible();
  const athleteName = (await athlete.textContent())?.trim() ?? '';
  expect(athleteName).not.toBe('');
  await athlete.click();
  await expect(page).toHaveURL(/\/adminAthleteProfile\//);
  await expect(page.getByRole('heading', { level: 1, name: athleteName })).toBeVisible();

  await page.goto('/expenses');
  const expenses = page.getByRole('table', { name: 'Expenses' });
  const submitter = expenses.getByRole('link').first();
  await expect(submitter).toBeVisible();
  const submitterName = (await submitter.textContent())?.trim() ?? '';
  await submitter.click();
  await expect(page).toHaveURL(/\/staff\?q=/);
  await expect(page.getByRole('table').getByText(submitterName).first()).toBeVisible();
});

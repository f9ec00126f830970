import { expect, test } from '@playwright/test';
import { linkInMail, waitForMail } from '../support/mailbox';
import { inviteThroughApi, NEW_PASSWORD, uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { apiClientAs } from '../support/session';

test('the password screen shows the common-password rule and a strength meter, and refuses Password123!', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await apiClientAs('admin@demo.edu');
  const person = await inviteThroughApi(admin, {
    firstName: 'Morgan',
    lastName: `Guessable${uniqueTag()}`,
    roles: [{ role: 'COACH', titleGroup: 'TRAINER' }],
    emailPrefix: 'rules',
  });
  const mail = await waitForMail(admin, person.email, /invited/i);
  await admin.dispose();
  await page.goto(linkInMail(mail, '/create-password'));

  const form = page.getByRole('form', { name: 'Create password' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  const password = form.getByLabel('New password');
  const confirm = form.getByLabel('Confirm password');
  const rules = form.locator('#password-rules');
  const commonRule = rules.getByRole('listitem').filter({ hasText: 'Not a common or easily guessed password' });
  const strength = page.getByTestId('password-strength');

  // Every composition rule is met, but the word lists know it: the rule stays open and the form refuses it.
  await password.fill('Password123!');
  await confirm.fill('Password123!');
  await expect(strength).toContainText('Too easy to guess', { timeout: 30_000 });
  await expect(commonRule).toContainText('(not yet)');
  await expect(rules.getByRole('listitem').filter({ hasText: '(not yet)' })).toHaveCount(1);
  await form.getByRole('button', { name: 'Create password and continue' }).click();
  await expect(form.getByText('Password is too common or easy to guess. Choose another.')).toBeVisible();
  await checkScreen(page, 'create-password-common');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'create-password-common-narrow');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Padding a short password with spaces does not make it long enough.
  await password.fill(`${' '.repeat(10)}A1!a`);
  await expect(rules.getByRole('listitem').filter({ hasText: 'At least 10 characters' })).toContainText('(not yet)');

  // A hard-to-guess password meets every rule and creates the account.
  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await expect(rules.getByRole('listitem').filter({ hasText: '(not yet)' })).toHaveCount(0);
  await expect(strength).toContainText(/Good|Strong/);
  await checkScreen(page, 'create-password-strong');
  await form.getByRole('button', { name: 'Create password and continue' }).click();
  await expect(page).toHaveURL(/\/coachDashboard$/, { timeout: 30_000 });
});

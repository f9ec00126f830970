import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { openMailInMailbox } from '../support/mailbox';
import { NEW_PASSWORD, uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });

test('a staff member invited in the UI accepts through the mailed link and lands in their portal', async ({
  page,
  browser,
}) => {
  // A whole journey through mail and several screens; on two busy cores it needs more than the default.
  test.setTimeout(LONG_FLOW_TIMEOUT);
  const email = uniqueEmail('coach');
  const firstName = 'Avery';
  const lastName = `Invitee${uniqueTag()}`;

  // The admin invites a coach from the staff directory.
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff directory');
  await checkScreen(page, 'staff-directory');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await dialog.getByLabel(/^First name/).fill(firstName);
  await dialog.getByLabel(/^Last name/).fill(lastName);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByRole('combobox', { name: /^Title group/ }).click();
  await page.getByRole('option', { name: 'Assistant coach' }).click();
  await dialog.getByRole('combobox', { name: /^Sport team/ }).click();
  await page.getByRole('option', { name: "Men's Soccer" }).click();
  await checkScreen(page, 'invite-staff-dialog');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await page.getByRole('search').getByLabel('Search').fill(email);
  const row = page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText("Men's Soccer");

  // The invitee, in a browser of their own, reads the mail in the development mailbox and follows its link.
  const invitee = await browser.newContext({ baseURL: baseUrl() });
  const inbox = await invitee.newPage();
  await openMailInMailbox(inbox, email);
  await expect(inbox.getByTestId('mail-text')).toContainText(`Hi ${firstName},`);
  await checkScreen(inbox, 'dev-mailbox-invitation');
  const link = inbox.getByTestId('mail-link').filter({ hasText: '/create-password?token=' });
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  await link.click();
  await expect(inbox).toHaveURL(/\/create-password\?token=/);
  await expect(inbox.getByText(`Hi ${firstName} ${lastName}, choose a password`)).toBeVisible();
  await expect(inbox.getByText(email)).toBeVisible();
  await checkScreen(inbox, 'create-password');

  const form = inbox.getByRole('form', { name: 'Create password' });
  const password = form.getByLabel('New password');
  const confirm = form.getByLabel('Confirm password');
  const submit = form.getByRole('button', { name: 'Create password and continue' });

  // A password that breaks the policy: the checklist says which rules are unmet and the form refuses it.
  await password.fill('short');
  await confirm.fill('short');
  await submit.click();
  await expect(form.getByText(/^Password must be at least 10 characters/)).toBeVisible();
  const rules = form.locator('#password-rules');
  for (const rule of [
    'At least 10 characters',
    'At least 1 special character',
    'At least 1 number',
    'At least 1 uppercase letter',
  ]) {
    await expect(rules.getByRole('listitem').filter({ hasText: rule })).toContainText('(not yet)');
  }
  await expect(rules.getByRole('listitem').filter({ hasText: 'At least 1 lowercase letter' })).toContainText('(done)');
  await checkScreen(inbox, 'create-password-policy-errors');

  // A good password with a different confirmation.
  await password.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}x`);
  await submit.click();
  await expect(form.getByText('Passwords must match.')).toBeVisible();
  await expect(rules.getByRole('listitem').filter({ hasText: '(not yet)' })).toHaveCount(0);

  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expect(inbox).toHaveURL(/\/coachDashboard$/);
  await expect(inbox.getByRole('heading', { level: 1 })).toHaveText(`Welcome, Coach ${lastName}`);
  await expect(inbox.getByText('Assistant coach')).toBeVisible();

  // The link works once.
  await inbox.goto(href as string);
  await expect(inbox.getByRole('alert')).toHaveText('This invitation has already been redeemed. Please log in.');
  await expect(inbox.getByRole('link', { name: 'Go to log in' })).toBeVisible();
  await checkScreen(inbox, 'create-password-already-redeemed');
  await invitee.close();

  // The admin sees the account as active now.
  await page.reload();
  await page.getByRole('search').getByLabel('Search').fill(email);
  await expect(page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: email })).toContainText(
    'Active',
  );
});

test('an invitation link that was tampered with is refused', async ({ page }) => {
  await page.goto('/create-password?token=not-a-real-token.abc');
  await expect(page.getByRole('alert')).toHaveText('This invitation is invalid or has expired.');
  await expect(page.getByRole('form', { name: 'Create password' })).toHaveCount(0);
  await checkScreen(page, 'create-password-invalid');
});

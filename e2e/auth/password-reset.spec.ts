import { expect, request as playwrightRequest, test } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { openMailInMailbox } from '../support/mailbox';
import { acceptInvitationThroughApi, inviteThroughApi, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughForm } from '../support/session';

test.describe.configure({ mode: 'parallel' });

const FIRST_PASSWORD = 'First-Choice-2026#';
const RESET_PASSWORD = 'Second-Choice-2027%';

test('forgot password: the mailed link sets a new password once', async ({ page }) => {
  // A whole journey through mail and several screens; on two busy cores it needs more than the default.
  test.setTimeout(LONG_FLOW_TIMEOUT);
  // Someone with an account of their own, so no other test's login changes.
  const admin = await apiClientAs('admin@demo.edu');
  const person = await inviteThroughApi(admin, {
    firstName: 'Robin',
    lastName: `Forgetful${uniqueTag()}`,
    roles: [{ role: 'COACH', titleGroup: 'TRAINER' }],
    emailPrefix: 'reset',
  });
  await admin.dispose();
  const setup = await playwrightRequest.newContext({ baseURL: baseUrl() });
  await acceptInvitationThroughApi(setup, person.email, FIRST_PASSWORD);
  await setup.dispose();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await checkScreen(page, 'forgot-password');
  await forgot.getByLabel('Email').fill(person.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('Check your e-mail');

  await openMailInMailbox(page, person.email);
  await expect(page.getByTestId('mail-text')).toContainText('The link works once.');
  const link = page.getByTestId('mail-link').filter({ hasText: '/reset-password?token=' });
  const href = (await link.getAttribute('href')) as string;
  await link.click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const form = page.getByRole('form', { name: 'Reset password' });
  await checkScreen(page, 'reset-password');
  await form.getByLabel('New password').fill(RESET_PASSWORD);
  await form.getByLabel('Confirm password').fill(RESET_PASSWORD);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. You can now log in with it.');
  await checkScreen(page, 'reset-password-done');

  // The old password is gone, the new one works.
  const old = await page.request.post('/api/v1/auth/login', {
    data: { email: person.email, password: FIRST_PASSWORD },
  });
  expect(old.status()).toBe(401);
  await page.getByRole('link', { name: 'Log in' }).click();
  await logInThroughForm(page, person.email, RESET_PASSWORD);
  await expect(page).toHaveURL(/\/coachDashboard$/);

  // The same link a second time is refused, and offers a new one.
  await page.context().clearCookies();
  await page.goto(href);
  await form.getByLabel('New password').fill('Third-Choice-2028&');
  await form.getByLabel('Confirm password').fill('Third-Choice-2028&');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await expect(form.getByRole('alert')).toContainText('This reset link has expired or has already been used.');
  await expect(form.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await checkScreen(page, 'reset-password-used-link');
});

test('asking for a reset never reveals whether an address has an account', async ({ request }) => {
  const known = await request.post('/api/v1/auth/forgot-password', { data: { email: 'vendor@demo.edu' } });
  const unknown = await request.post('/api/v1/auth/forgot-password', {
    data: { email: `nobody.${uniqueTag()}@nowhere.test` },
  });
  expect(known.status()).toBe(202);
  expect(unknown.status()).toBe(202);
  expect(await known.json()).toEqual(await unknown.json());
});

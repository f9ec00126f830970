import { expect as baseExpect, test } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { linkInMail, waitForMail } from '../support/mailbox';
import { uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

/** The shared machine is slow: lazy screens and mail activities can take a while. */
const expect = baseExpect.configure({ timeout: 45_000 });

// Issue 35: the operator's documented fix for a bounced welcome letter. An admin changes an athlete's login e-mail,
// the new address confirms it, and the welcome letter sent again goes to the new address.
test('an admin changes an athlete’s login e-mail, the new address confirms it, and the invitation goes there', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = uniqueTag();
  const oldEmail = uniqueEmail('bounced');
  const newEmail = uniqueEmail('fixed');
  const admin = await apiClientAs('admin@demo.edu');
  const created = await admin.post('/api/v1/athletes', {
    data: { firstName: 'Casey', lastName: `Bounce ${tag}`, email: oldEmail },
  });
  expect(created.status(), await created.text()).toBe(201);
  const athleteId = ((await created.json()) as { athlete: { id: string } }).athlete.id;

  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto(`/adminAthleteProfile/${athleteId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Casey Bounce ${tag}` })).toBeVisible();
  await page.getByRole('button', { name: 'Change login e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: `Change the login e-mail of Casey Bounce ${tag}` });
  await expect(dialog.getByText(`Now: ${oldEmail}`)).toBeVisible();
  await dialog.getByLabel('New login e-mail').fill(newEmail);
  await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(dialog.getByText(`A link to confirm was sent to ${newEmail}.`)).toBeVisible();
  await checkScreen(page, 'athlete-login-email-change');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Until the new address confirms, the login stays the old one.
  await page.reload();
  await expect(page.getByText(oldEmail).first()).toBeVisible();

  // The link reaches the new address only, and confirms it without a session.
  const mail = await waitForMail(admin, newEmail, /Confirm your new .* e-mail address/);
  const link = linkInMail(mail, '/emailConfirmation');
  const stranger = await (await browser.newContext({ baseURL: baseUrl() })).newPage();
  await stranger.goto(link);
  await expect(stranger.getByText(`Your e-mail address is now ${newEmail}. Use it to log in.`)).toBeVisible();
  await checkScreen(stranger, 'email-confirmation');
  // A second use of the same link is refused.
  await stranger.reload();
  await expect(stranger.getByRole('alert')).toBeVisible();

  // The profile shows the new login, and the welcome letter sent again goes to it.
  await page.reload();
  await expect(page.getByText(newEmail).first()).toBeVisible();
  const before = Date.now();
  const resent = await admin.post(`/api/v1/users/${athleteId}/invitation/resend`);
  expect(resent.status(), await resent.text()).toBeLessThan(300);
  const welcome = await waitForMail(admin, newEmail, /./, { after: before });
  expect(welcome.subject).not.toMatch(/Confirm your new/);
  await admin.dispose();
});

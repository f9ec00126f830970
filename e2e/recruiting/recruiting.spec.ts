import { expect as baseExpect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

const expect = baseExpect.configure({ timeout: 45_000 });

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a coach moves a prospect to committed by keyboard and requests the transfer; the admin approves it from My Tasks', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const tag = uniqueTag();
  const email = `prospect-${tag.toLowerCase()}@recruit.example`;
  const name = `Quinn E2e${tag}`;
  const coachApi = await apiClientAs('coach@demo.edu');
  const created = await coachApi.post('/api/v1/psas', {
    data: { firstName: 'Quinn', lastName: `E2e${tag}`, email, graduationYear: 2028, recruitedPosition: 'Safety' },
  });
  expect(created.ok()).toBeTruthy();

  // The coach finds the prospect on the board and moves the card to Committed with the keyboard.
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/recruitingBoard');
  await expect(page.getByRole('heading', { level: 1, name: 'Recruiting board' })).toBeVisible({ timeout: 60_000 });
  const notCommitted = page.getByRole('region', { name: 'Not committed column' });
  const card = notCommitted.getByRole('button', { name: `Move ${name}, Not committed` });
  await expect(card).toBeVisible();
  await checkScreen(page, 'recruiting-board');
  await narrow(page, 'recruiting-board-390');
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  const committed = page.getByRole('region', { name: 'Committed column', exact: true });
  await expect(committed.getByRole('button', { name: `Move ${name}, Committed` })).toBeVisible();
  await expect(page.locator('p[role="status"]').filter({ hasText: `${name} moved to Committed.` })).toBeVisible();
  // The move is stored (a reload shows it where it was dropped).
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Committed column', exact: true }).getByRole('link', { name }),
  ).toBeVisible();

  // The list and the profile; the coach requests the transfer to the Football roster.
  await page.goto('/coach/psaManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'PSA List' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(`E2e${tag}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('combobox', { name: 'Team', exact: true }).click();
  await page.getByRole('option', { name: 'Football', exact: true }).click();
  await page.getByRole('button', { name: 'Request transfer to roster' }).click();
  await expect(page.getByText(/^Waiting for a school admin's approval: the Football roster/)).toBeVisible();
  // Where it stands: requested by the coach, waiting on the school admins.
  const standing = page.getByTestId('where-it-stands');
  await expect(standing.locator('[data-step-id="request"]')).toHaveAttribute('data-run-status', 'DONE');
  await expect(standing.locator('[data-step-id="approve"]')).toHaveAttribute('data-run-status', 'ACTIVE');
  await checkScreen(page, 'recruiting-psa-profile-coach');
  await narrow(page, 'recruiting-psa-profile-coach-390');

  // The admin approves it from My Tasks.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? undefined });
  const adminPage = await adminContext.newPage();
  await logInThroughApi(adminPage, 'admin@demo.edu');
  await adminPage.goto('/task');
  const task = adminPage.getByRole('link', { name: `Approve ${name}'s transfer to the Football roster`, exact: false });
  await expect(task).toBeVisible({ timeout: 60_000 });
  await task.click();
  await expect(adminPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Approve transfer' }).click();
  await expect(adminPage.getByText(/^Added to the Football roster for .*A transfer cannot be undone\.$/)).toBeVisible();
  const approvedStanding = adminPage.getByTestId('where-it-stands');
  await expect(approvedStanding.locator('[data-step-id="approve"]')).toHaveAttribute('data-run-status', 'DONE');
  await expect(approvedStanding.locator('[data-step-id="notify"]')).toHaveAttribute('data-run-status', 'DONE');
  await checkScreen(adminPage, 'recruiting-psa-profile-admin-approved');

  // The athlete is on the roster and the invitation is in the dev mailbox.
  const mail = await waitForMail(adminPage.request, email, /./, { timeout: 30_000 });
  expect(mail.to).toBe(email);
  const adminApi = await apiClientAs('admin@demo.edu');
  const athletes = await adminApi.get('/api/v1/athletes', { params: { q: `E2e${tag}` } });
  expect(athletes.ok()).toBeTruthy();
  expect(JSON.stringify(await athletes.json())).toContain(email);

  // The list and archive screens.
  await adminPage.goto('/admin/psaManagement');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'PSA List' })).toBeVisible();
  await checkScreen(adminPage, 'recruiting-psa-list');
  await narrow(adminPage, 'recruiting-psa-list-390');
  await adminPage.goto('/archived/psas');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Archived PSAs' })).toBeVisible();
  await checkScreen(adminPage, 'recruiting-archived');
  await adminContext.close();

  // The provider's operator sees the school's prospects read-only.
  const opContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? undefined });
  const opPage = await opContext.newPage();
  await logInThroughApi(opPage, 'operator@provider.test');
  const me = await (await coachApi.get('/api/v1/auth/me')).json().catch(() => null);
  const schoolId = (me as { school?: { id?: string } } | null)?.school?.id;
  expect(schoolId).toBeTruthy();
  await opPage.goto(`/school/recruiting/${schoolId}`);
  await expect(opPage.getByRole('heading', { level: 1, name: 'Recruiting' })).toBeVisible();
  await checkScreen(opPage, 'recruiting-operator-list');
  await opPage.getByRole('textbox', { name: 'Search' }).fill(`E2e${tag}`);
  await opPage.getByRole('link', { name }).click();
  await expect(opPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await checkScreen(opPage, 'recruiting-operator-profile');
  await narrow(opPage, 'recruiting-operator-profile-390');
  await opContext.close();
});

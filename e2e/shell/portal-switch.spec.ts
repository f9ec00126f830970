import { expect, test, type Page } from '@playwright/test';
import { sidebarLinks } from '../support/sidebar';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });

/** The portal's home first in the sidebar, and some entries only that portal has. */
async function expectSidebar(page: Page, home: string, has: string[], lacks: string[]): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toHaveAttribute('href', home);
  const hrefs = (await sidebarLinks(page)).map((l) => l.href);
  for (const path of has) expect(hrefs).toContain(path);
  for (const path of lacks) expect(hrefs).not.toContain(path);
}

test('an admin switches to the coach portal and back', async ({ page }) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/');
  await expect(page).toHaveURL(/\/adminHome$/);
  const portal = page.getByRole('group', { name: 'Portal' });
  await expect(portal.getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-pressed', 'true');
  await expectSidebar(page, '/adminHome', ['/disclosures', '/studentAthletes'], ['/coachPaperworks']);

  await portal.getByRole('button', { name: 'Coach' }).click();
  await expect(page).toHaveURL(/\/coachDashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Coach Whitfield');
  await expect(portal.getByRole('button', { name: 'Coach' })).toHaveAttribute('aria-pressed', 'true');
  await expectSidebar(
    page,
    '/coachDashboard',
    ['/coachPaperworks', '/sprySign/home', '/studentAthletes'],
    ['/disclosures', '/adminHome'],
  );
  await expect(page.getByText('Demo State University · Coach portal')).toBeVisible();
  await checkScreen(page, 'admin-in-coach-portal');

  // The portal lives in the server-side session: a reload stays in the coach portal.
  await page.reload();
  await expect(page).toHaveURL(/\/coachDashboard$/);
  await expect(portal.getByRole('button', { name: 'Coach' })).toHaveAttribute('aria-pressed', 'true');

  await portal.getByRole('button', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/adminHome$/);
  await expectSidebar(page, '/adminHome', ['/disclosures', '/studentAthletes'], ['/coachPaperworks']);
  await expect(page.getByText('Demo State University · Admin portal')).toBeVisible();
});

test('a coach has no portal switch', async ({ page }) => {
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/coachDashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Coach Castillo');
  await expect(page.getByRole('group', { name: 'Portal' })).toHaveCount(0);
  // Nor can the API be talked into it.
  const res = await page.request.post('/api/v1/auth/portal', { data: { portal: 'admin' } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.code).toBe('FORBIDDEN');
});

import { expect, test } from '@playwright/test';
import { findNavLink, openNavLink, sidebarLinks } from '../support/sidebar';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });

test('an admin at a school without Connect opening /disclosures lands on /compliance', async ({ page }) => {
  await logInThroughApi(page, 'admin@basic.edu');
  await page.goto('/disclosures');
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compliance');
  await expect(page.getByText('Basic College is on the')).toBeVisible();
  // CARA is in every plan: the page leads to the assistant, the logs and each team's hours dashboard.
  const cara = page.getByRole('region', { name: 'CARA hours (Bylaw 17)' });
  await expect(cara.getByRole('link', { name: 'Compliance assistant' })).toHaveAttribute('href', '/cara/assistant');
  await expect(cara.getByRole('link', { name: 'CARA logs' })).toHaveAttribute('href', '/cara/listing');
  await expect(cara.getByRole('list', { name: 'Hours dashboards' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/caraDashboard\/[0-9a-f-]{36}$/,
  );
  // The sidebar says which screens need the plan, in words for screen readers too.
  await expect(await findNavLink(page, 'All Disclosures (needs the Connect plan)')).toBeVisible();
  await checkScreen(page, 'compliance-without-connect');

  // The same for a sidebar link, not only a typed URL.
  await page.goto('/adminHome');
  await openNavLink(page, /^Sent/);
  await expect(page).toHaveURL(/\/compliance$/);
});

test('a route not built yet is not in the sidebar and, reached by its address, explains itself plainly', async ({
  page,
}) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/adminHome');
  const hrefs = (await sidebarLinks(page)).map((l) => l.href);
  expect(hrefs).not.toContain('/monitoringDashboard');
  expect(hrefs).not.toContain('/3rdParty');
  await page.goto('/monitoringDashboard');
  const notYet = page.getByTestId('not-yet-available');
  await expect(notYet).toBeVisible();
  await expect(notYet.getByRole('heading', { level: 1 })).toHaveText('Monitoring');
  await expect(notYet).toContainText('not available yet');
  // No developer text: no route path, no "coming soon" placeholder.
  await expect(notYet).not.toContainText('/monitoringDashboard');
  await expect(notYet).not.toContainText('Route:');
  await notYet.getByRole('link', { name: 'Go to my home page' }).click();
  await expect(page).toHaveURL(/\/adminHome$/);
  await checkScreen(page, 'not-yet-available');
});

test('a route of another portal shows not-available, with a switch for an admin who also coaches', async ({ page }) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/studentAthleteHome');
  const notAvailable = page.getByTestId('not-available');
  await expect(notAvailable).toBeVisible();
  await expect(notAvailable).toContainText('is not part of the Admin portal');
  await expect(notAvailable.getByRole('button', { name: /Switch to/ })).toHaveCount(0);
  await checkScreen(page, 'not-available');

  await page.goto('/coachDashboard');
  await expect(page.getByTestId('not-available')).toBeVisible();
  await page.getByRole('button', { name: 'Switch to the Coach portal' }).click();
  await expect(page).toHaveURL(/\/coachDashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Coach Whitfield');
});

test('a student-athlete cannot open admin screens', async ({ page }) => {
  await logInThroughApi(page, 'athlete@demo.edu');
  for (const path of ['/adminHome', '/teams', '/auditLog']) {
    await page.goto(path);
    await expect(page.getByTestId('not-available')).toBeVisible();
    await expect(page.getByTestId('not-available')).toContainText('Student-athlete portal');
  }
  await page.getByRole('link', { name: 'Go to my home page' }).click();
  await expect(page).toHaveURL(/\/studentAthleteHome$/);
});

import { expect, test } from '@playwright/test';
import { findHeaderTab, openHeaderTab } from '../support/header-tabs';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });

test('an admin at a school without Connect opening /disclosures lands on /compliance', async ({ page }) => {
  await logInThroughApi(page, 'admin@basic.edu');
  await page.goto('/disclosures');
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compliance');
  await expect(page.getByText('Basic College is on the')).toBeVisible();
  // The header says which tabs need the plan, in words for screen readers too (in the row or its "More" menu).
  await expect(await findHeaderTab(page, 'All Disclosures (needs the Connect plan)')).toBeVisible();
  await page.keyboard.press('Escape');
  await checkScreen(page, 'compliance-without-connect');

  // The same for a tab click, not only a typed URL.
  await page.goto('/adminHome');
  await openHeaderTab(page, /^PSA List/);
  await expect(page).toHaveURL(/\/compliance$/);
});

test('an admin at a Connect school opening a route not built yet sees the coming-soon placeholder', async ({
  page,
}) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/adminHome');
  // The header tab leads to a route the spec names that is not built yet.
  await openHeaderTab(page, 'My Tasks');
  await expect(page).toHaveURL(/\/task$/);
  const placeholder = page.getByTestId('coming-soon');
  await expect(placeholder).toBeVisible();
  await expect(placeholder.getByRole('heading', { level: 1 })).toHaveText('My Tasks');
  await expect(placeholder).toContainText('Coming soon');
  await expect(placeholder).toContainText('/task');
  await checkScreen(page, 'coming-soon');
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

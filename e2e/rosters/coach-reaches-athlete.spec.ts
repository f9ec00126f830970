import { expect as baseExpect, test } from '@playwright/test';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';
import { openNavLink } from '../support/sidebar';

/** The shared machine is slow: lazy screens can take a while. */
const expect = baseExpect.configure({ timeout: 45_000 });

// Issue 35: "A coach cannot reach an athlete's profile". The demo coach heads Football; Jordan Reyes plays on it.
test('a coach reaches an athlete’s profile from the menu’s athlete list, from search and from a roster', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/coachDashboard');

  // The menu's athlete list: the coach's own teams, each name a link to the coach's view of the profile.
  await openNavLink(page, 'Student-athletes');
  await expect(page.getByRole('heading', { level: 1, name: 'Student-athletes' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Student-athletes' });
  await expect(table.getByRole('link', { name: 'Jordan Reyes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add student-athlete' })).toHaveCount(0);
  await checkScreen(page, 'coach-athlete-list');
  await table.getByRole('link', { name: 'Jordan Reyes' }).click();
  await expect(page).toHaveURL(/\/coachAthleteProfile\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Reyes' })).toBeVisible();
  await checkScreen(page, 'coach-athlete-profile');

  // Search finds him by first name, and the hit opens the same profile.
  await page.goto('/coachDashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+K');
  // Spotlight's field is a textbox in Chromium's tree (a searchbox in others).
  const search = page
    .getByRole('searchbox', { name: 'Search screens and records' })
    .or(page.getByRole('textbox', { name: 'Search screens and records' }));
  await search.fill('Jordan');
  const hit = page.getByRole('button', { name: /Jordan Reyes/ }).first();
  await expect(hit).toBeVisible();
  await hit.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Reyes' })).toBeVisible();

  // A roster's names are links too.
  await page.goto('/coachTeamManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Team management' })).toBeVisible({ timeout: 60_000 });
  const football = page.getByRole('region', { name: 'Football' });
  await football.getByRole('button', { name: /^Open .* roster$/ }).click();
  const rosterLink = page.getByRole('link', { name: 'Jordan Reyes' });
  await expect(rosterLink).toBeVisible({ timeout: 60_000 });
  await rosterLink.click();
  await expect(page).toHaveURL(/\/coachAthleteProfile\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Reyes' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { LONG_FLOW_TIMEOUT, checkScreen } from '../support/screens';
import { demo, screenDate } from '../support/dates';
import { logInThroughApi } from '../support/session';

// fixed-date fixture: the dates are written as of the demo anchor day and moved to today by demo.date, as the demo data is.

/** The first screen of a test loads its lazy chunk from an app that shares the machine with other work. */
const SLOW_FIRST_PAINT = 30_000;

test('an admin sees every team’s segments and is told when a new one overlaps', async ({ page }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/inSeasonSportsSegment');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sport segments', { timeout: SLOW_FIRST_PAINT });
  const table = page.getByRole('table', { name: 'Sport segments' });
  await expect(table.getByRole('row', { name: /Football.*Preseason/ })).toBeVisible({ timeout: SLOW_FIRST_PAINT });
  await expect(table.getByRole('row', { name: /Women's Basketball/ }).first()).toBeVisible();
  await checkScreen(page, 'calendar-segments-admin');

  await page.getByRole('button', { name: 'New segment' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New segment' });
  await dialog.getByRole('combobox', { name: 'Team' }).click();
  await page.getByRole('option', { name: "Men's Soccer" }).click();
  // Dates as of the demo's anchor day (a 2026-2027 year), moved with the demo's calendar.
  await dialog.getByLabel('Start date').fill(demo.date('2026-10-01'));
  await dialog.getByLabel('End date').fill(demo.date('2026-10-20'));
  await dialog.getByRole('button', { name: 'Create segment' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Segments of one team cannot overlap.');
  await checkScreen(page, 'calendar-segments-overlap');
  // In season, the school may mark the week before the first contest as exempt; out of season has no contests.
  const firstContest = dialog.getByRole('checkbox', { name: 'The week before the first contest is exempt' });
  await expect(firstContest).not.toBeChecked();

  // Out of season offers only the nonchampionship segment; the spring gap after the postseason is free.
  await dialog.getByRole('combobox', { name: 'Season type' }).click();
  await page.getByRole('option', { name: 'Out of season (nonchampionship)' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Segment type' })).toHaveValue('Nonchampionship segment');
  await expect(firstContest).toHaveCount(0);
  const free = demo.date('2027-05-01');
  await dialog.getByLabel('Start date').fill(free);
  await dialog.getByLabel('End date').fill(demo.date('2027-05-12'));
  await dialog.getByRole('button', { name: 'Create segment' }).click();
  await expect(page.getByText('Segment created.')).toBeVisible();
  await expect(
    table.getByRole('row', { name: new RegExp(`Men's Soccer.*Nonchampionship segment.*${screenDate(free)}`) }),
  ).toBeVisible();
});

test('a coach manages only their own teams’ segments, also on a phone', async ({ page }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/coachInSeasonSportsSegment');
  const table = page.getByRole('table', { name: 'Sport segments' });
  await expect(table.getByRole('row', { name: /Football/ })).toHaveCount(4, { timeout: SLOW_FIRST_PAINT });
  // They also assist Men's Soccer (demo), so its segments are theirs too; no other team's.
  await expect(table.getByRole('row', { name: /Men's Soccer/ }).first()).toBeVisible();
  await expect(table.getByRole('row', { name: /Basketball|Volleyball/ })).toHaveCount(0);
  await checkScreen(page, 'calendar-segments-coach');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'calendar-segments-coach-390');
});

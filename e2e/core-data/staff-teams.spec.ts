import { expect, test } from '@playwright/test';
import { checkScreen } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

/**
 * Issue 15: an admin puts a staff member on several teams, with a title on each, from the staff directory; the
 * directory lists every team of the person. (Elena Fischer, Men's Soccer's team manager, is in no other test.)
 */
test('an admin gives a staff member a second team with its own title', async ({ page }) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/staff');
  const table = page.getByRole('table', { name: 'Staff' });
  const row = table.getByRole('row', { name: /Elena Fischer/ });
  await expect(row).toContainText("Men's Soccer", { timeout: 60_000 });
  // The demo coach coaches two teams, each shown with his title there.
  await expect(table.getByRole('row', { name: /Ray Castillo/ })).toContainText(/Football.*Head coach/);
  await expect(table.getByRole('row', { name: /Ray Castillo/ })).toContainText(/Men's Soccer.*Assistant coach/);

  await page.getByRole('button', { name: 'Edit teams of Elena Fischer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Teams of Elena Fischer' });
  await dialog.getByLabel('Teams', { exact: true }).click();
  await page.getByRole('option', { name: "Women's Volleyball" }).click();
  await page.keyboard.press('Escape');
  const title = dialog.getByLabel("Title on Women's Volleyball");
  await expect(title).toHaveValue('Team manager');
  await title.click();
  await page.getByRole('option', { name: 'Trainer', exact: true }).click();
  await checkScreen(page, 'staff-teams-dialog');
  await dialog.getByRole('button', { name: 'Save teams' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Elena Fischer's teams are saved.")).toBeVisible();
  await expect(row).toContainText(/Women's Volleyball.*Trainer/);
  await checkScreen(page, 'staff-directory-admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'staff-directory-admin-390');

  // The change is in the security log.
  const admin = await apiClientAs('admin@demo.edu');
  const log = await admin.get('/api/v1/audit-events', { params: { limit: 20 } });
  expect(log.ok()).toBeTruthy();
  const actions = ((await log.json()) as { items: Array<{ action: string }> }).items.map((e) => e.action);
  expect(actions).toContain('staff.team_assigned');
  await admin.dispose();
});

import { expect, test } from '@playwright/test';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test('someone who sees several teams switches from one team roster to another', async ({ page }) => {
  await logInThroughApi(page, 'admin@demo.edu');
  const res = await page.request.get('/api/v1/rosters');
  const year = (await res.json()) as {
    academicYear: { id: string };
    teams: { teamId: string; teamName: string }[];
  };
  expect(year.teams.length).toBeGreaterThan(1);
  const [first, second] = year.teams;
  await page.goto(`/individualRoster/${first!.teamId}/${year.academicYear.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${first!.teamName} roster`);
  const team = page.getByRole('combobox', { name: 'Team' });
  await expect(team).toHaveValue(first!.teamName);
  await team.click();
  await page.getByRole('option', { name: second!.teamName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/individualRoster/${second!.teamId}/${year.academicYear.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${second!.teamName} roster`);
  await checkScreen(page, 'roster-team-switch');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'roster-team-switch-390');
});

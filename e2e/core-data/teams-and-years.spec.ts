import { expect, test } from '@playwright/test';
import { demoAcademicYear } from '../../scripts/demo/demo-calendar';
import { uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });

test('an admin creates a sport team', async ({ page }) => {
  const name = `Women's Rowing ${uniqueTag()}`;
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sport teams');
  await expect(page.getByRole('table', { name: 'Sport teams' }).getByRole('row', { name: /Football/ })).toBeVisible();
  await checkScreen(page, 'teams');

  await page.getByRole('button', { name: 'New team' }).click();
  const dialog = page.getByRole('dialog', { name: 'New sport team' });
  // Empty required fields are refused with the catalogue's wording.
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog.getByText('Mandatory fields cannot be empty.')).toHaveCount(2);
  await dialog.getByLabel(/^Team name/).fill(name);
  await dialog.getByLabel(/^Sport/).fill('Rowing');
  await dialog.getByRole('combobox', { name: /^Gender/ }).click();
  await page.getByRole('option', { name: 'Women' }).click();
  await checkScreen(page, 'team-dialog');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Team created.')).toBeVisible();

  const row = page.getByRole('table', { name: 'Sport teams' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Rowing');
  await expect(row).toContainText('Women');
  await expect(row.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
});

test('a team with history is archived, not deleted, and comes back when unarchived (issue 36)', async ({ page }) => {
  const tag = uniqueTag();
  const kept = `Archery ${tag}`;
  const empty = `Typo team ${tag}`;
  const admin = await apiClientAs('admin@demo.edu');
  const team = (await (await admin.post('/api/v1/teams', { data: { name: kept, sport: 'Archery' } })).json()) as {
    id: string;
  };
  const athlete = await admin.post('/api/v1/athletes', {
    data: { firstName: 'Robin', lastName: `Arrow ${tag}`, email: uniqueEmail('archer'), sportTeamId: team.id },
  });
  expect(athlete.status()).toBe(201);
  expect((await admin.post('/api/v1/teams', { data: { name: empty, sport: 'None' } })).status()).toBe(201);
  await admin.dispose();

  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/teams');
  const table = page.getByRole('table', { name: 'Sport teams' });

  // Deleting a team with an athlete is refused, naming what it has; nothing changes.
  await page.getByRole('button', { name: `Delete ${kept}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${kept}?` })
    .getByRole('button', { name: 'Delete team' })
    .click();
  await expect(
    page.getByText(/This team has history, so it cannot be deleted\. Archive it instead\. It has 1 athlete\./),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: kept })).toBeVisible();

  // A team that never had anything can be deleted.
  await page.getByRole('button', { name: `Delete ${empty}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${empty}?` })
    .getByRole('button', { name: 'Delete team' })
    .click();
  await expect(page.getByText(`${empty} deleted.`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: empty })).toHaveCount(0);

  // Archive, with a confirm: it leaves the active list and shows under Archived, with its athlete.
  await page.getByRole('button', { name: `Archive ${kept}` }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${kept}?` });
  await expect(confirm).toContainText('you can unarchive it at any time');
  await checkScreen(page, 'team-archive-confirm');
  await confirm.getByRole('button', { name: 'Archive team' }).click();
  await expect(page.getByText(`${kept} archived.`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: kept })).toHaveCount(0);

  await page
    .locator('label')
    .filter({ hasText: /^Archived$/ })
    .click();
  const archived = page.getByRole('table', { name: 'Archived sport teams' }).getByRole('row').filter({ hasText: kept });
  await expect(archived.getByRole('cell').nth(3)).toHaveText('1');
  await checkScreen(page, 'teams-archived');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'teams-archived-390');
  await page.setViewportSize({ width: 1280, height: 720 });
  await archived.getByRole('button', { name: `Unarchive ${kept}` }).click();
  await expect(page.getByText(`${kept} unarchived.`)).toBeVisible();
  await page
    .locator('label')
    .filter({ hasText: /^Active$/ })
    .click();
  await expect(table.getByRole('row').filter({ hasText: kept })).toBeVisible();
});

test('an admin creates an academic year with its terms', async ({ page }) => {
  // A year nobody else uses in this run; the start year is unique per school.
  const startYear = 2040 + Math.floor(Math.random() * 50);
  // The API names years "<start year>-<end year>"; the UI falls back to an en dash when a year has no name.
  const label = new RegExp(`^${startYear}[-–]${startYear + 1}$`);
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/academicYears');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Academic years');
  const current = demoAcademicYear().startYear;
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^${current}[-–]${current + 1}$`) }),
  ).toBeVisible();
  await checkScreen(page, 'academic-years');

  await page.getByRole('button', { name: 'New academic year' }).click();
  const dialog = page.getByRole('dialog', { name: 'New academic year' });
  const start = dialog.getByRole('textbox', { name: /^Starts in/ });
  await start.fill(String(startYear));
  await start.blur();
  // The suggested fall term follows the start year (the date field shows it as people read it).
  const fall = dialog.getByRole('group', { name: 'Term 1' });
  await expect(fall.getByLabel(/^Start/)).toHaveValue(`Aug 24, ${startYear}`);
  // Replace the suggested summer term with one of our own dates.
  await dialog.getByRole('button', { name: 'Remove term 3' }).click();
  await expect(dialog.getByRole('group', { name: 'Term 3' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add term' }).click();
  const summer = dialog.getByRole('group', { name: 'Term 3' });
  await expect(summer.getByRole('combobox', { name: 'Term' })).toHaveValue('Summer');
  await summer.getByLabel(/^Start/).fill(`${startYear + 1}-06-08`);
  await summer.getByLabel(/^End/).fill(`${startYear + 1}-07-31`);
  await checkScreen(page, 'academic-year-dialog');
  await dialog.getByRole('button', { name: 'Create year' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Academic year created.')).toBeVisible();

  const section = page.getByRole('region', { name: label });
  const terms = section.getByRole('table');
  await expect(terms.getByRole('row')).toHaveCount(4);
  await expect(terms.getByRole('row').nth(1)).toContainText('Fall');
  await expect(terms.getByRole('row').nth(2)).toContainText('Spring');
  await expect(terms.getByRole('row').nth(3)).toContainText('Summer');
});

import { expect, test } from '@playwright/test';
import { demoAcademicYear } from '../../scripts/demo/demo-calendar';
import { uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

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

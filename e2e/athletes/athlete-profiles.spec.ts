import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel', timeout: 3 * LONG_FLOW_TIMEOUT });
// Journeys over several screens on a shared, busy machine: give each step and test room.
test.use({ actionTimeout: 60_000 });
const slow = expect.configure({ timeout: 60_000 });

/** The demo athlete's id and one athlete of a team the demo coach is not on (they coach Football and Men's Soccer). */
async function demoIds(): Promise<{ jordan: string; otherTeam: string }> {
  const admin = await apiClientAs('admin@demo.edu');
  const list = (await (await admin.get('/api/v1/athletes', { params: { limit: 100 } })).json()) as {
    items: Array<{ id: string; studentEmail: string; sportTeamName: string | null }>;
  };
  await admin.dispose();
  return {
    jordan: list.items.find((a) => a.studentEmail === 'athlete@demo.edu')!.id,
    otherTeam: list.items.find(
      (a) => a.sportTeamName && a.sportTeamName !== 'Football' && a.sportTeamName !== "Men's Soccer",
    )!.id,
  };
}

async function atPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an admin opens a profile from the list, edits it, uploads a file and sees the history', async ({ page }) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/studentAthletes');
  await page.getByRole('search', { name: 'Filter student-athletes' }).getByLabel('Search').fill('Reyes');
  await page.getByRole('link', { name: 'Jordan Reyes' }).click();
  await slow(page).toHaveURL(/\/adminAthleteProfile\//);
  await slow(page.getByRole('heading', { level: 1 })).toHaveText('Jordan Reyes');
  await slow(page.getByRole('region', { name: 'Staff notes' })).toBeVisible();
  await checkScreen(page, 'athlete-profile-admin');

  const bio = `Team captain ${Date.now()}`;
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await dialog.getByLabel('Bio').fill(bio);
  await dialog.getByLabel('Positions').fill('Slot receiver');
  await dialog.getByLabel('Positions').press('Enter');
  await checkScreen(page, 'athlete-profile-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await slow(page.getByText('Profile saved.')).toBeVisible();
  await slow(page.getByRole('region', { name: 'Contact and background' })).toContainText(bio);
  await slow(page.getByRole('region', { name: 'Athletics' })).toContainText('Slot receiver');

  const files = page.getByRole('region', { name: 'Files' });
  // Mantine's FileInput is a button over a hidden file input: the input takes the file.
  await files.locator('input[type="file"]').setInputFiles({
    name: 'physical-2026.pdf',
    mimeType: 'application/pdf',
    buffer: readFileSync(new URL('./fixtures/physical.pdf', import.meta.url)),
  });
  await files.getByRole('button', { name: 'Upload' }).click();
  await slow(files.getByRole('link', { name: 'physical-2026.pdf' })).toBeVisible();

  const history = page.getByRole('region', { name: 'History' });
  await slow(history).toContainText('Profile changed');
  await slow(history).toContainText('Bio');
  await slow(history).toContainText('File uploaded');
  await checkScreen(page, 'athlete-profile-admin-after');
  await atPhoneWidth(page, 'athlete-profile-admin-390');
});

test('a coach sees their own athlete read-only except coach fields, and not another team’s', async ({ page }) => {
  const { jordan, otherTeam } = await demoIds();
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto(`/coachAthleteProfile/${jordan}`);
  await slow(page.getByRole('heading', { level: 1 })).toHaveText('Jordan Reyes');
  await slow(page.getByText('Athlete profile · Football')).toBeVisible();
  await slow(page.getByRole('region', { name: 'Academics' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await slow(dialog.getByLabel('Positions')).toBeVisible();
  await slow(dialog.getByLabel('Cumulative GPA')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await checkScreen(page, 'athlete-profile-coach');

  await page.goto(`/coachAthleteProfile/${otherTeam}`);
  await slow(page.getByText('Not found.')).toBeVisible();
});

test('an athlete sees their own profile without staff notes and edits their bio', async ({ page }) => {
  const { jordan, otherTeam } = await demoIds();
  await logInThroughApi(page, 'athlete@demo.edu');
  await page.goto(`/studentProfile/${jordan}`);
  await slow(page.getByRole('heading', { level: 1 })).toHaveText('Jordan Reyes');
  await slow(page.getByText(/^My profile ·/)).toBeVisible();
  await slow(page.getByRole('region', { name: 'Staff notes' })).toHaveCount(0);
  await slow(page.getByRole('region', { name: 'Tags' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await slow(dialog.getByLabel('Roster status')).toHaveCount(0);
  await dialog.getByLabel('Bio').fill('Quarterback, reader, early riser.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await slow(page.getByText('Profile saved.')).toBeVisible();
  await checkScreen(page, 'athlete-profile-athlete');
  await atPhoneWidth(page, 'athlete-profile-athlete-390');

  await page.goto(`/studentProfile/${otherTeam}`);
  await slow(page.getByText('Not found.')).toBeVisible();
});

test('the list remembers the chosen columns and exports what it shows', async ({ page }) => {
  await logInThroughApi(page, 'staffadmin@demo.edu');
  await page.goto('/studentAthletes');
  const table = page.getByRole('table', { name: 'Student-athletes' });
  await slow(table).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const gpa = page.getByRole('group', { name: 'Columns shown' }).getByLabel('Total aid %');
  if (!(await gpa.isChecked())) await gpa.check();
  await page.getByRole('group', { name: 'Columns shown' }).getByLabel('Aid type').check();
  const residency = page.getByRole('group', { name: 'Columns shown' }).getByLabel('Residency');
  if (!(await residency.isChecked())) await residency.check();
  await page.keyboard.press('Escape');
  await slow(table.getByRole('columnheader', { name: 'Total aid %' })).toBeVisible();
  await page.reload();
  await slow(table.getByRole('columnheader', { name: 'Total aid %' })).toBeVisible();
  await slow(table.getByRole('columnheader', { name: 'Aid type' })).toBeVisible();

  await page.getByRole('columnheader', { name: 'Cumulative GPA' }).getByRole('button').click();
  await page.getByRole('combobox', { name: 'Residency' }).click();
  await page.getByRole('option', { name: 'In state' }).click();
  await slow(page).toHaveURL(/residencyStatus=IN_STATE/);
  await checkScreen(page, 'student-athletes-columns');
  await atPhoneWidth(page, 'student-athletes-390');

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toContain('Total aid %');
  expect(header).toContain('Aid type');
  expect(header).not.toContain('SCHOOL_ADMIN');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain('In state');
  expect(csv).not.toMatch(/IN_STATE|NOT_INVITED/);
});

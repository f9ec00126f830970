import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { logInThroughApi } from '../support/session';

const csv = (rows: string[][]) => Buffer.from('\uFEFF' + rows.map((r) => r.join(',')).join('\r\n'));

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('upload-dropzone').locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer,
  });
}

test('an admin uploads a file with a bad row, fixes it, imports, and the new athletes are listed and invited', async ({
  page,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const lastName = `Uploaded${uniqueTag()}`;
  const first = uniqueEmail('upload-a');
  const second = uniqueEmail('upload-b');
  const header = ['First name', 'Last name', 'E-mail', 'Phone', 'Class', 'Residency'];
  const bad = csv([
    header,
    ['Robin', lastName, first, '5125550140', 'Freshman', 'In state'],
    ['Sky', lastName, 'sky-at-nowhere', '555', 'Junior', 'Out of state'],
  ]);
  const fixed = csv([
    header,
    ['Robin', lastName, first, '5125550140', 'Freshman', 'In state'],
    ['Sky', lastName, second, '5125550141', 'Junior', 'Out of state'],
  ]);

  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/studentAthletes');
  await page.getByRole('link', { name: 'Bulk upload' }).click();
  await expect(page).toHaveURL(/\/createBulkStudent$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bulk upload');
  await checkScreen(page, 'athletes-upload-start');

  // The bad row is reported with its number, its column and the catalogue's wording; nothing can be imported yet.
  await chooseFile(page, 'athletes.csv', bad);
  const errors = page.getByRole('table', { name: 'Errors by row' });
  await expect(errors.getByRole('row').filter({ hasText: 'Invalid email.' })).toContainText('3');
  await expect(errors.getByRole('row').filter({ hasText: 'Invalid email.' })).toContainText('E-mail');
  await expect(errors).toContainText('Phone number must have 10 digits.');
  await expect(page.getByText('1 of 2 rows needs fixing', { exact: false })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Import column E-mail as' })).toHaveValue('Email (required)');
  await expect(page.getByRole('button', { name: 'Import 2 student-athletes' })).toBeDisabled();
  await checkScreen(page, 'athletes-upload-errors');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'athletes-upload-errors-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The corrected file passes; the import runs with invitations.
  await chooseFile(page, 'athletes-fixed.csv', fixed);
  await expect(page.getByText('Every row passed the checks: 2 student-athletes can be added.')).toBeVisible();
  await expect(page.getByLabel('Send invitations to the new student-athletes')).toBeChecked();
  await checkScreen(page, 'athletes-upload-ready');
  await page.getByRole('button', { name: 'Import 2 student-athletes' }).click();
  await expect(page.getByText('2 student-athletes added, 2 invitations sent.')).toBeVisible({ timeout: 20_000 });
  await checkScreen(page, 'athletes-upload-done');

  await page.getByRole('link', { name: 'View student-athletes' }).click();
  await page.getByRole('search').getByLabel('Search').fill(lastName);
  const table = page.getByRole('table', { name: 'Student-athletes' });
  await expect(table.getByRole('row').filter({ hasText: first })).toContainText(`Robin ${lastName}`);
  await expect(table.getByRole('row').filter({ hasText: second })).toContainText(`Sky ${lastName}`);
  await expect(table.getByRole('row').filter({ hasText: second })).toContainText('Invite sent');

  const mail = await waitForMail(page.request, second, /invited/i);
  expect(mail.text).toContain('/create-password');
});

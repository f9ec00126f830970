import { expect as baseExpect, test, type Page } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

const expect = baseExpect.configure({ timeout: 30_000 });

const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n'));
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const HEADER = ['Prospect email', 'Date', 'Time', 'Duration (minutes)', 'Notes'];

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByRole('dialog', { name: 'Upload phone calls' })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer });
}

test('a coach uploads phone calls: row errors first, then the calls land in the prospect’s history', async ({
  page,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const tag = uniqueTag();
  const email = `calls-${tag.toLowerCase()}@recruit.example`;
  const coachApi = await apiClientAs('coach@demo.edu');
  const created = await coachApi.post('/api/v1/psas', {
    data: { firstName: 'Casey', lastName: `Calls${tag}`, email },
  });
  expect(created.ok()).toBeTruthy();
  const psaId = ((await created.json()) as { psa: { id: string } }).psa.id;

  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/coach/psaManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'PSA List' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Upload phone calls' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload phone calls' });
  await expect(dialog.getByRole('link', { name: 'Download XLSX template' })).toBeVisible();

  // A file with a bad row: the problems are listed by row and column, and nothing can be stored.
  await chooseFile(
    page,
    'calls.csv',
    csv([
      HEADER,
      [email, daysAgo(3), '16:30', '15', 'Talked'],
      [`nobody-${tag}@x.example`, daysAgo(3), '9:00', '0', ''],
    ]),
  );
  const errors = dialog.getByRole('table', { name: 'Bulk upload errors' });
  await expect(
    errors.getByRole('row', { name: /3 Prospect email No prospect with this email in your school\./ }),
  ).toBeVisible();
  await expect(
    errors.getByRole('row', { name: /3 Duration \(minutes\) Duration must be a positive whole number/ }),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Log phone calls' })).toBeDisabled();
  await checkScreen(page, 'recruiting-phone-call-upload-errors');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'recruiting-phone-call-upload-errors-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The corrected file: checked, then stored.
  await chooseFile(
    page,
    'calls.csv',
    csv([HEADER, [email, daysAgo(3), '16:30', '15', 'Talked about the visit'], [email, daysAgo(2), '9:00', '5', '']]),
  );
  await expect(dialog.getByText('2 phone calls ready to log.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Log phone calls' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '2 phone calls logged.' })).toBeVisible();
  await checkScreen(page, 'recruiting-phone-call-upload-done');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The prospect's history shows both calls with their minutes.
  await page.goto(`/psaProfile/${psaId}`);
  const history = page.getByRole('table', { name: 'Recruiting activity' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByText('Talked about the visit')).toBeVisible();
  await expect(history.getByText(/^15 minutes · Coach: /)).toBeVisible();
  await expect(history.getByText(/^5 minutes · Coach: /)).toBeVisible();
  await checkScreen(page, 'recruiting-phone-calls-profile');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'recruiting-phone-calls-profile-390');
});

import { expect as baseExpect, test, type Page } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { logInThroughApi } from '../support/session';
import { drawSignature } from '../support/signature';

const expect = baseExpect.configure({ timeout: 45_000 });
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

test('a coach files an expense with a receipt and signature, the admin approves it from My Tasks; a coach shares a material', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const tag = uniqueTag();
  const name = `Visit dinner ${tag}`;

  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible({ timeout: 60_000 });
  await checkScreen(page, 'expenses-coach');
  await narrow(page, 'expenses-coach-390');

  await page.getByRole('button', { name: 'New expense' }).first().click();
  const form = page.getByRole('dialog', { name: 'New expense' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Meal', exact: true }).click();
  await form.getByRole('textbox', { name: 'Amount (USD)' }).fill('1000000');
  await form.getByRole('textbox', { name: 'Date of transaction' }).fill(daysAgo(3));
  await form.getByRole('textbox', { name: 'Date of transaction' }).press('Tab');
  // The calendar drop-down is styled (Mantine dates' styles load with the app): small month arrows, a 7-day grid.
  await form.getByRole('textbox', { name: 'Date of transaction' }).click();
  const picker = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: 'Previous month' }) });
  const previous = picker.getByRole('button', { name: 'Previous month' });
  await expect(previous).toBeVisible();
  expect((await previous.boundingBox())!.height).toBeLessThan(48);
  expect((await picker.boundingBox())!.width).toBeLessThan(400);
  await checkScreen(page, 'expenses-new-date-picker');
  await narrow(page, 'expenses-new-date-picker-390');
  await form.getByRole('textbox', { name: 'Name' }).click();
  await expect(picker).toBeHidden();
  await form.locator('input[type="file"]').setInputFiles({
    name: 'dinner-receipt.pdf',
    mimeType: 'application/pdf',
    buffer: PDF_BYTES,
  });
  await expect(form.getByText('1 receipt chosen')).toBeVisible();
  // The stored-file picker: the accepted types, several files, and a named clear button once one is chosen.
  await expect(form.locator('input[type="file"]')).toHaveAttribute('accept', /\.pdf,.*\.pptx/);
  await expect(form.locator('input[type="file"]')).toHaveAttribute('multiple', '');
  await expect(
    form.getByText('Up to 30 files of at most 20 MB: images, PDF, Office documents, CSV or ZIP.'),
  ).toBeVisible();
  await expect(form.getByRole('button', { name: 'Clear the chosen files' })).toBeVisible();
  // Unsigned and over the limit: the server's words, next to the fields.
  await form.getByRole('button', { name: 'Sign and submit' }).click();
  await expect(form.getByText('Amount must be a number between $0 and $999,999.').first()).toBeVisible();
  await expect(form.getByText('Sign the expense before submitting it.').first()).toBeVisible();
  const amount = form.getByRole('textbox', { name: 'Amount (USD)' });
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('64.20');
  // A corrected field drops its old error at once; the one still wrong keeps its own.
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Sign the expense before submitting it.').first()).toBeVisible();
  await drawSignature(page, form.getByRole('img', { name: 'Signature drawing area, empty' }));
  await expect(form.getByRole('img', { name: 'Signature drawing area, signed' })).toBeVisible();
  await checkScreen(page, 'expenses-new');
  await narrow(page, 'expenses-new-390');
  await form.getByRole('button', { name: 'Sign and submit' }).click();

  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByText('Receipts (1 of 30)')).toBeVisible();
  await expect(detail.getByRole('link', { name: 'dinner-receipt.pdf' })).toBeVisible();
  await expect(detail.getByText('Pending', { exact: true })).toBeVisible();
  // A further receipt from the detail: sent as soon as it is chosen, so the picker has nothing to clear.
  await detail.locator('input[type="file"]').setInputFiles({
    name: 'parking-receipt.pdf',
    mimeType: 'application/pdf',
    buffer: PDF_BYTES,
  });
  await expect(detail.getByText('Receipts (2 of 30)')).toBeVisible();
  await expect(detail.getByRole('link', { name: 'parking-receipt.pdf' })).toBeVisible();
  await expect(detail.getByRole('button', { name: /^Clear the chosen/ })).toHaveCount(0);
  await checkScreen(page, 'expenses-detail-coach');
  await narrow(page, 'expenses-detail-coach-390');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('$64.20');

  // The admin finds the approval in My Tasks and approves it.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? undefined });
  const admin = await adminContext.newPage();
  await logInThroughApi(admin, 'admin@demo.edu');
  await admin.goto('/task');
  const task = admin.getByRole('link', { name: new RegExp(`expense "${name}" of \\$64\\.20`) });
  await expect(task).toBeVisible({ timeout: 60_000 });
  await task.click();
  const review = admin.getByRole('dialog', { name });
  await expect(review.getByRole('link', { name: 'dinner-receipt.pdf' })).toBeVisible();
  await expect(review.getByRole('img', { name: /^Signature of / })).toBeVisible();
  await checkScreen(admin, 'expenses-review-admin');
  await review.getByRole('button', { name: 'Approve expense' }).click();
  await expect(review.getByText('Approved', { exact: true }).first()).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(admin.getByRole('heading', { level: 2, name: 'Totals by type' })).toBeVisible();
  await checkScreen(admin, 'expenses-admin');
  await narrow(admin, 'expenses-admin-390');

  // The coach sees it approved.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Approved');

  // A coach shares a material; the admin sees it on their page.
  await page.goto('/coachMaterial');
  await expect(page.getByRole('heading', { level: 1, name: 'Materials' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: `camp-flyer-${tag}.pdf`,
    mimeType: 'application/pdf',
    buffer: PDF_BYTES,
  });
  await page.getByRole('textbox', { name: 'Description' }).fill('Summer camp flyer for visiting prospects');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('link', { name: `camp-flyer-${tag}.pdf` })).toBeVisible();
  await checkScreen(page, 'materials-coach');
  await narrow(page, 'materials-coach-390');

  await admin.goto('/adminMaterial');
  await expect(admin.getByRole('link', { name: `camp-flyer-${tag}.pdf` })).toBeVisible();
  await checkScreen(admin, 'materials-admin');
  // The admin removes it again (a coach could only remove their own).
  await admin.getByRole('button', { name: `Delete camp-flyer-${tag}.pdf` }).click();
  await admin.getByRole('dialog', { name: 'Delete material' }).getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByRole('link', { name: `camp-flyer-${tag}.pdf` })).toHaveCount(0);
  await adminContext.close();
});

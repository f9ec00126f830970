import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 1440, height: 1000 } });

async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    doc.addPage([612, 792]).drawText(`Pre-participation physical, page ${i}`, { x: 60, y: 720, size: 18, font });
  }
  return Buffer.from(await doc.save());
}

test('a short form takes questions from the keyboard and refuses the 11th', async ({ page }) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/createForm/selectFlow');
  await page.getByRole('button', { name: /^Short form/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New short form' });
  await dialog.getByLabel(/^Form name/).fill(`Quick poll ${uniqueTag()}`);
  await dialog.getByRole('button', { name: 'Create and build' }).click();
  await expect(page).toHaveURL(/\/createForm\/shortFormBuilder\?formId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Short form builder');

  // Only questions are offered; palette items are buttons, so Enter adds one at the end.
  await expect(page.getByTestId('palette-heading')).toHaveCount(0);
  const shortText = page.getByRole('button', { name: 'Add Short text' });
  for (let i = 0; i < 10; i++) {
    await shortText.focus();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('canvas-element')).toHaveCount(10);
  await expect(page.getByTestId('question-counter')).toHaveText('10 / 10 questions');
  await shortText.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Short form max 10 questions.' })).toBeVisible();
  await expect(page.getByTestId('canvas-element')).toHaveCount(10);
  await checkScreen(page, 'short-form-builder');

  // Deleting one (after confirming) makes room again.
  await page.getByRole('button', { name: 'Delete Short text' }).first().click();
  await page
    .getByRole('dialog', { name: 'Delete "Short text"?' })
    .getByRole('button', { name: 'Delete element' })
    .click();
  await expect(page.getByTestId('question-counter')).toHaveText('9 / 10 questions');
  await expect(page.getByText('Short form max 10 questions.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form saved.')).toBeVisible();
});

test('a PDF import is checked in the browser, uploaded, and shown page by page beside the fields', async ({ page }) => {
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/createForm/selectFlow');
  await page.getByRole('button', { name: /^Import a PDF/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a PDF form' });
  await dialog.getByLabel(/^Form name/).fill(`Physical ${uniqueTag()}`);
  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await expect(dialog.getByText('This file type is not allowed.')).toBeVisible();
  await file.setInputFiles({ name: 'physical.pdf', mimeType: 'application/pdf', buffer: await makePdf(2) });
  await expect(dialog.getByText('This file type is not allowed.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload and build' }).click();

  await expect(page).toHaveURL(/\/createEditForm\/longFormBuilder\?formId=/);
  const documentPane = page.getByTestId('pdf-document');
  await expect(documentPane).toContainText('physical.pdf');
  await expect(documentPane.getByText('Page 1 of 2')).toBeVisible();
  await expect(documentPane.getByRole('img', { name: 'physical.pdf, page 1 of 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Full name' }).click();
  await page.getByRole('button', { name: 'Add Date of birth' }).click();
  await expect(page.getByTestId('canvas-element')).toHaveCount(2);
  await checkScreen(page, 'pdf-form-builder');
});

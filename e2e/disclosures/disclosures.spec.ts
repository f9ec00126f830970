import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { daysFromNow } from '../support/dates';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

// One after another: live notifications of one test would otherwise pop up over the other's athlete screens.

/** A one-page PDF (the smallest valid document) and the first bytes of a PNG, for the attachment checks. */
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);

const statusBadge = (page: Page, text: string) =>
  page.locator('.mantine-Badge-root', { hasText: new RegExp(`^${text}$`) });

/** Live notifications can toast over the form's buttons; close them first. */
async function closeToasts(page: Page) {
  for (const close of await page.getByRole('button', { name: 'Close notification' }).all()) {
    await close.click({ timeout: 2000 }).catch(() => undefined);
  }
}

async function nextStep(page: Page) {
  await closeToasts(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

test('an athlete discloses a conflicting sponsorship; the admin requests a change; it is resubmitted and approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const title = `Spring cleats ${uniqueTag()}`;
  await logInThroughApi(page, 'athlete@demo.edu');
  await page.goto('/studentDisclosureList');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My disclosures');
  await checkScreen(page, 'disclosures-athlete-list');

  await page.getByRole('button', { name: 'New disclosure' }).click();
  await page.getByRole('menuitem', { name: 'Sponsorship' }).click();
  await expect(page).toHaveURL(/\/createDisclosures\?type=SPONSORSHIP/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New disclosure');

  // Step 1: the deal.
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Company( \*)?$/ }).fill('Rival Sportswear');
  await checkScreen(page, 'disclosures-form-step1');
  await nextStep(page);
  // Step 2: dates and place; a bad link is refused with the catalogue's wording.
  await page.getByRole('textbox', { name: /^Start date/ }).fill(daysFromNow(95));
  await page.getByRole('textbox', { name: /^End date/ }).fill(daysFromNow(125));
  await page.getByRole('textbox', { name: /^Location/ }).fill('Austin, TX');
  await page.getByRole('textbox', { name: /^Link/ }).fill('ftp://rival.example');
  await nextStep(page);
  await expect(page.getByText('Link must be http or https.', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Link/ }).fill('https://rival.example');
  await nextStep(page);
  // Step 3: payment; amounts above $999,999 are refused.
  await page.getByRole('radio', { name: 'Monetary' }).check();
  await page.getByRole('textbox', { name: /^Earning amount/ }).fill('1000000');
  await nextStep(page);
  await expect(page.getByText('Amount must be a number between $0 and $999,999.', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Earning amount/ }).fill('1200');
  await nextStep(page);
  // Step 4: people.
  await page.getByRole('textbox', { name: /^Contact name/ }).fill('Morgan Ellis');
  await page.getByRole('textbox', { name: /^Contact phone/ }).fill('512555');
  await nextStep(page);
  await expect(page.getByText('Phone number must have 10 digits.', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /^Contact phone/ }).fill('5125550151');
  await nextStep(page);
  // Step 5: notes and files. A PNG renamed .pdf passes the browser's check by name but the server reads its first
  // bytes and refuses it; a real PDF is stored (the draft is saved first) and listed with a download link.
  await page.getByRole('textbox', { name: /^Notes/ }).fill('Wear Rival cleats in two shoots.');
  const fileInput = page.getByTestId('attachment-dropzone').locator('input[type="file"]');
  await fileInput.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: PNG_BYTES });
  await expect(page.getByRole('alert').filter({ hasText: 'fake.pdf: This file type is not allowed.' })).toBeVisible();
  await fileInput.setInputFiles({ name: 'rival-contract.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES });
  await expect(page.getByRole('link', { name: 'rival-contract.pdf' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await closeToasts(page);
  await checkScreen(page, 'disclosures-form-attachment');
  await nextStep(page);
  await expect(page.getByLabel('Summary')).toContainText('Rival Sportswear');
  await expect(page.getByLabel('Summary')).toContainText('rival-contract.pdf');
  await checkScreen(page, 'disclosures-form-review');
  await closeToasts(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  await expect(page).toHaveURL(/\/disclosuredetail\?id=/);
  const detailUrl = page.url().replace(baseUrl(), '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(statusBadge(page, 'Pending')).toBeVisible();
  await expect(page.getByText('University: Apparel sponsor competitors')).toBeVisible();

  // The admin finds it in the conflict view and asks for a change.
  const adminContext = await browser.newContext({ baseURL: baseUrl() });
  const admin = await adminContext.newPage();
  await logInThroughApi(admin, 'admin@demo.edu');
  await admin.goto(`/disclosures?view=conflict&q=${encodeURIComponent(title)}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('All Disclosures');
  const row = admin
    .getByRole('table', { name: 'Disclosures' })
    .getByRole('row')
    .filter({ hasText: 'Rival Sportswear' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('University');
  await checkScreen(admin, 'disclosures-admin-conflict-view');
  await row.getByRole('link', { name: /^Open/ }).click();
  await expect(admin.getByText('University: Apparel sponsor competitors')).toBeVisible();
  // The reviewer downloads the athlete's attachment: the same bytes come back.
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'rival-contract.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('rival-contract.pdf');
  const saved = await download.path();
  expect(readFileSync(saved).equals(PDF_BYTES)).toBe(true);
  await checkScreen(admin, 'disclosures-admin-detail');
  await admin.getByRole('button', { name: 'Request change' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Request a change' });
  await dialog
    .getByRole('textbox', { name: /^Reason/ })
    .fill('Rival competes with our apparel sponsor; choose another brand.');
  await dialog.getByRole('button', { name: 'Request change' }).click();
  await expect(dialog).toBeHidden();
  await expect(statusBadge(admin, 'Change Requested')).toBeVisible();

  // The athlete edits and resubmits with a change reason.
  await page.goto(detailUrl);
  await expect(page.getByText('Rival competes with our apparel sponsor; choose another brand.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Edit and resubmit' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resubmit disclosure');
  await page.getByRole('textbox', { name: /^Company( \*)?$/ }).fill('Local Bakery');
  for (let i = 0; i < 5; i++) await nextStep(page);
  await page.getByRole('combobox', { name: /^Change reason/ }).click();
  await page.getByRole('option', { name: 'Disclosure information changed' }).click();
  await closeToasts(page);
  await page.getByRole('button', { name: 'Resubmit', exact: true }).click();
  await expect(page).toHaveURL(/\/disclosuredetail\?id=/);
  await expect(statusBadge(page, 'Pending')).toBeVisible();
  await expect(page.getByText('No conflict found.')).toBeVisible();
  await expect(page.getByText('Change reason: Disclosure information changed')).toBeVisible();

  // The admin approves.
  await admin.reload();
  await expect(statusBadge(admin, 'Pending')).toBeVisible();
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve this disclosure?' });
  await approve.getByRole('textbox', { name: 'Note (optional)' }).fill('Keep every post tagged #ad.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toBeHidden();
  await expect(statusBadge(admin, 'Approved')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Approved')).toBeVisible();
  // The approval's note is a comment to the athlete, not a line of the activity log.
  await expect(page.getByRole('region', { name: 'Comments' }).getByText('Keep every post tagged #ad.')).toBeVisible();
  await expect(page.getByLabel('Activity log').getByText('Keep every post tagged #ad.')).toHaveCount(0);
  await checkScreen(page, 'disclosures-athlete-detail-approved');
  await adminContext.close();
});

test('an admin approves a group of three disclosures at once', async ({ page }) => {
  // Three submissions and three decisions, each through its review process: a busy machine needs more than 30 s.
  test.setTimeout(LONG_FLOW_TIMEOUT);
  const tag = uniqueTag();
  const athlete = await apiClientAs('athlete@demo.edu');
  for (let i = 1; i <= 3; i++) {
    const created = await athlete.post('/api/v1/disclosures', {
      data: {
        type: 'APPEARANCE',
        title: `Group ${tag} ${i}`,
        companyName: `Booth ${tag} ${i}`,
        startDate: daysFromNow(126),
        endDate: daysFromNow(126),
        location: 'Austin, TX',
        paymentType: 'MONETARY',
        amount: 100 * i,
        pointOfContact: { name: 'Casey Booth' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const submitted = await athlete.post(`/api/v1/disclosures/${id}/submit`, { data: {} });
    expect(submitted.status(), await submitted.text()).toBe(200);
  }
  await athlete.dispose();

  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto(`/disclosures?q=${encodeURIComponent(`Group ${tag}`)}`);
  const table = page.getByRole('table', { name: 'Disclosures' });
  // The list waits for the three submissions' review processes on a busy machine: allow it more than the default.
  await expect(table.getByRole('row')).toHaveCount(4, { timeout: 30_000 });
  await page.getByRole('checkbox', { name: 'Select every pending disclosure on this page' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await checkScreen(page, 'disclosures-admin-group-selection');
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByText('3 disclosures approved')).toBeVisible();
  await expect(table.locator('.mantine-Badge-root', { hasText: /^Approved$/ })).toHaveCount(3);
});

test('admins keep conflict flags, see priority tasks and reporting; athletes read the flags', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/adminHome');
  await expect(page.getByRole('heading', { name: 'Priority tasks' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Priority tasks' })
      .or(page.locator('section[aria-labelledby="priority-heading"]')),
  ).toContainText(/\S+ \S+ · \S+/); // a waiting disclosure: its athlete and its deal (which ones depends on earlier tests)
  await checkScreen(page, 'disclosures-admin-home');

  await page.goto('/conflictOfInterest');
  await expect(page.getByRole('table', { name: 'Conflict of interest flags' })).toContainText(
    'Apparel sponsor competitors',
  );
  await page.getByRole('button', { name: 'New flag' }).click();
  const dialog = page.getByRole('dialog', { name: 'New conflict-of-interest flag' });
  await dialog.getByRole('button', { name: 'Save flag' }).click();
  await expect(dialog.getByText('Conflict flag name and category are required.')).toHaveCount(2);
  const name = `Energy drinks ${uniqueTag()}`;
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Category/ }).fill('Energy drinks');
  await dialog.getByRole('textbox', { name: /^Description/ }).fill('x'.repeat(121));
  await dialog.getByRole('button', { name: 'Save flag' }).click();
  await expect(dialog.getByText('Description max 120 characters.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: /^Description/ })
    .fill('Caffeinated drinks the athletics department avoids.');
  await checkScreen(page, 'disclosures-flag-dialog');
  await dialog.getByRole('button', { name: 'Save flag' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Conflict of interest flags' })).toContainText(name);
  await checkScreen(page, 'disclosures-conflict-flags');

  await page.goto('/reporting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reporting');
  await expect(page.getByRole('table', { name: 'By sport: figures' })).toContainText('Football');
  // The date range picker: the first of this month to today; the figures and the CSV link follow it.
  const today = new Date();
  const dayLabel = (d: Date) => `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  await page.getByRole('button', { name: /^Submitted between/ }).click();
  await page.getByRole('button', { name: dayLabel(first), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(today), exact: true }).click();
  await expect(
    page.getByText(
      `Showing disclosures submitted from ${iso(first)} to ${iso(today)}; the CSV export uses the same dates.`,
    ),
  ).toBeVisible();
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute(
    'href',
    `/api/v1/disclosures/export.csv?from=${iso(first)}&to=${iso(today)}`,
  );
  // A preset period (the spec's report periods) replaces the range.
  await page.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(page.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('data-variant', 'filled');
  await expect(page.getByRole('table', { name: 'By status: figures' })).toBeVisible();
  await checkScreen(page, 'disclosures-reporting');
  const csv = await page.request.get((await exportLink.getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Date submitted,Tentative start date,Student');

  await page.goto('/archiveDisclosures');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Archived disclosures');
  await checkScreen(page, 'disclosures-archive');

  const athleteContext = await browser.newContext({ baseURL: baseUrl() });
  const athletePage = await athleteContext.newPage();
  await logInThroughApi(athletePage, 'athlete@demo.edu');
  await athletePage.goto('/conflictOfInterest');
  await expect(athletePage.getByRole('table', { name: 'Conflict of interest flags' })).toContainText('Sports betting');
  await expect(athletePage.getByRole('button', { name: 'New flag' })).toHaveCount(0);
  await checkScreen(athletePage, 'disclosures-athlete-flags');
  await athleteContext.close();
});

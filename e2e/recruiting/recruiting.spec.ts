import { expect as baseExpect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

const expect = baseExpect.configure({ timeout: 45_000 });

/** A small real PDF, so the server's type check by first bytes accepts it. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The invitation the transfer sends (activities/mail/templates/invitation.ts), not any other mail. */
const INVITATION_SUBJECT = /^You're invited to Demo State University$/;

/**
 * Opens the roster screen of the team and year the prospect's transfer named (read from the profile the page shows)
 * and finds the athlete's row there, with their e-mail.
 */
async function expectOnRosterScreen(page: Page, name: string, email: string) {
  const psaId = new URL(page.url()).pathname.split('/').pop()!;
  const profile = await page.request.get(`/api/v1/psas/${psaId}`);
  expect(profile.ok()).toBeTruthy();
  const { transfer } = (await profile.json()) as {
    transfer: { sportTeamId: string; academicYearId: string; teamName: string };
  };
  await page.goto(`/individualRoster/${transfer.sportTeamId}/${transfer.academicYearId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${transfer.teamName} roster`);
  const row = page.getByRole('table', { name: 'Athletes on the roster' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(email);
}

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a coach moves a prospect to committed by keyboard and requests the transfer; the admin approves it from My Tasks', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 3);
  const tag = uniqueTag();
  const email = `prospect-${tag.toLowerCase()}@recruit.example`;
  const name = `Quinn E2e${tag}`;
  const coachApi = await apiClientAs('coach@demo.edu');
  const created = await coachApi.post('/api/v1/psas', {
    data: { firstName: 'Quinn', lastName: `E2e${tag}`, email, graduationYear: 2028, recruitedPosition: 'Safety' },
  });
  expect(created.ok()).toBeTruthy();

  // The coach finds the prospect on the board and moves the card to Committed with the keyboard.
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/recruitingBoard');
  await expect(page.getByRole('heading', { level: 1, name: 'Recruiting board' })).toBeVisible({ timeout: 60_000 });
  const notCommitted = page.getByRole('region', { name: 'Not committed column' });
  const card = notCommitted.getByRole('button', { name: `Move ${name}, Not committed` });
  await expect(card).toBeVisible();
  await checkScreen(page, 'recruiting-board');
  await narrow(page, 'recruiting-board-390');
  await card.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  const committed = page.getByRole('region', { name: 'Committed column', exact: true });
  await expect(committed.getByRole('button', { name: `Move ${name}, Committed` })).toBeVisible();
  await expect(page.locator('p[role="status"]').filter({ hasText: `${name} moved to Committed.` })).toBeVisible();
  // The move is stored (a reload shows it where it was dropped).
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Committed column', exact: true }).getByRole('link', { name }),
  ).toBeVisible();

  // The list and the profile; the coach requests the transfer to the Football roster.
  await page.goto('/coach/psaManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'PSA List' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(`E2e${tag}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Attachments: a wrong type is refused before sending; a transcript uploads, downloads with its bytes, and deletes.
  const attachments = page.getByRole('form', { name: 'Upload an attachment' });
  await expect(page.getByText('No attachments yet.', { exact: false })).toBeVisible();
  await attachments
    .locator('input[type="file"]')
    .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ program') });
  await expect(page.getByRole('alert').filter({ hasText: /^Allowed file types: gif, jpeg/ })).toBeVisible();
  await expect(attachments.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await attachments
    .locator('input[type="file"]')
    .setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: PDF });
  await attachments.getByRole('button', { name: 'Upload' }).click();
  const files = page.getByRole('table', { name: 'Attachments' });
  await expect(files.getByRole('link', { name: 'transcript.pdf' })).toBeVisible();
  await expect(page.getByText('1 file of 20')).toBeVisible();
  await expect(page.getByText('Attachment added')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('link', { name: 'transcript.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('transcript.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
  await checkScreen(page, 'recruiting-psa-attachments');
  await files.getByRole('button', { name: 'Delete transcript.pdf' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete attachment' });
  await expect(confirm).toContainText('Delete transcript.pdf from this prospect?');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No attachments yet.', { exact: false })).toBeVisible();
  await expect(files).toHaveCount(0);
  await attachments
    .locator('input[type="file"]')
    .setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: PDF });
  await attachments.getByRole('button', { name: 'Upload' }).click();
  await expect(files.getByRole('link', { name: 'transcript.pdf' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Team', exact: true }).click();
  await page.getByRole('option', { name: 'Football', exact: true }).click();
  await page.getByRole('button', { name: 'Request transfer to roster' }).click();
  await expect(page.getByText(/^Waiting for a school admin's approval: the Football roster/)).toBeVisible();
  // Where it stands: requested by the coach, waiting on the school admins.
  const standing = page.getByTestId('where-it-stands');
  await expect(standing.locator('[data-step-id="request"]')).toHaveAttribute('data-run-status', 'DONE');
  await expect(standing.locator('[data-step-id="approve"]')).toHaveAttribute('data-run-status', 'ACTIVE');
  await checkScreen(page, 'recruiting-psa-profile-coach');
  await narrow(page, 'recruiting-psa-profile-coach-390');

  // The admin approves it from My Tasks.
  const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? undefined });
  const adminPage = await adminContext.newPage();
  await logInThroughApi(adminPage, 'admin@demo.edu');
  await adminPage.goto('/task');
  const task = adminPage.getByRole('link', { name: `Approve ${name}'s transfer to the Football roster`, exact: false });
  await expect(task).toBeVisible({ timeout: 60_000 });
  await task.click();
  await expect(adminPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await adminPage.getByRole('button', { name: 'Approve transfer' }).click();
  await expect(adminPage.getByText(/^Added to the Football roster for .*A transfer cannot be undone\.$/)).toBeVisible();
  const approvedStanding = adminPage.getByTestId('where-it-stands');
  await expect(approvedStanding.locator('[data-step-id="approve"]')).toHaveAttribute('data-run-status', 'DONE');
  await expect(approvedStanding.locator('[data-step-id="notify"]')).toHaveAttribute('data-run-status', 'DONE');
  await checkScreen(adminPage, 'recruiting-psa-profile-admin-approved');

  // The invitation is in the dev mailbox, and the athlete is on the Football roster's screen.
  const mail = await waitForMail(adminPage.request, email, INVITATION_SUBJECT, { timeout: 30_000 });
  expect(mail.to).toBe(email);
  expect(mail.text).toContain('/create-password');
  await expectOnRosterScreen(adminPage, name, email);

  // The list and archive screens.
  await adminPage.goto('/admin/psaManagement');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'PSA List' })).toBeVisible();
  await checkScreen(adminPage, 'recruiting-psa-list');
  await narrow(adminPage, 'recruiting-psa-list-390');
  await adminPage.goto('/archived/psas');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Archived PSAs' })).toBeVisible();
  await checkScreen(adminPage, 'recruiting-archived');
  await adminContext.close();

  // The provider's operator sees the school's prospects read-only.
  const opContext = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? undefined });
  const opPage = await opContext.newPage();
  await logInThroughApi(opPage, 'operator@provider.test');
  const me = await (await coachApi.get('/api/v1/auth/me')).json().catch(() => null);
  const schoolId = (me as { school?: { id?: string } } | null)?.school?.id;
  expect(schoolId).toBeTruthy();
  await opPage.goto(`/school/recruiting/${schoolId}`);
  await expect(opPage.getByRole('heading', { level: 1, name: 'Recruiting' })).toBeVisible();
  await checkScreen(opPage, 'recruiting-operator-list');
  await opPage.getByRole('textbox', { name: 'Search' }).fill(`E2e${tag}`);
  await opPage.getByRole('link', { name }).click();
  await expect(opPage.getByRole('heading', { level: 1, name })).toBeVisible();
  // The prospect's attachment, read only: its type, size and uploader, downloadable with its bytes; no upload or
  // delete.
  const opFiles = opPage.getByRole('table', { name: 'Attachments' });
  const opRow = opFiles.getByRole('row', { name: /transcript\.pdf/ });
  await expect(opRow).toContainText('PDF');
  await expect(opRow).toContainText(`${PDF.length} B`);
  await expect(opPage.getByText('1 file of 20 · read only')).toBeVisible();
  await expect(opPage.getByRole('form', { name: 'Upload an attachment' })).toHaveCount(0);
  await expect(opFiles.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  const [opDownload] = await Promise.all([
    opPage.waitForEvent('download'),
    opFiles.getByRole('link', { name: 'transcript.pdf' }).click(),
  ]);
  expect(opDownload.suggestedFilename()).toBe('transcript.pdf');
  const opChunks: Buffer[] = [];
  for await (const chunk of await opDownload.createReadStream()) opChunks.push(chunk as Buffer);
  expect(Buffer.concat(opChunks).equals(PDF)).toBe(true);
  await checkScreen(opPage, 'recruiting-operator-profile');
  await narrow(opPage, 'recruiting-operator-profile-390');
  // A prospect without files says so.
  const bare = await coachApi.post('/api/v1/psas', { data: { firstName: 'Bare', lastName: `E2e${tag}` } });
  expect(bare.ok()).toBeTruthy();
  const bareId = ((await bare.json()) as { psa: { id: string } }).psa.id;
  await opPage.goto(`/school/psaProfile/${bareId}`);
  await expect(opPage.getByRole('heading', { level: 1, name: `Bare E2e${tag}` })).toBeVisible();
  await expect(opPage.getByText('The school has attached no files to this prospect.')).toBeVisible();
  await checkScreen(opPage, 'recruiting-operator-profile-no-files');
  await narrow(opPage, 'recruiting-operator-profile-no-files-390');
  await opContext.close();
});

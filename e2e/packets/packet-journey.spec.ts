import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, request as playwrightRequest, test, type Browser, type Locator, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { baseUrl } from '../support/app-urls';
import { waitForMail } from '../support/mailbox';
import { acceptInvitationThroughApi, inviteThroughApi, uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { logInThroughForm } from '../support/session';
import { drawSignature } from '../support/signature';
import { flowNode, stepNodes, waitForStillCanvas } from './designer-drag';
import { createPublishedForm } from './packet-fixtures';

/**
 * A packet's whole life through the UI: an officer builds a two-form packet whose workflow is submitter → approver
 * with signature → external signer, publishes and sends it to three athletes naming the external signer; the athlete
 * fills in and draws a signature; a second admin approves with a signature from Action required; the external signer
 * follows the mailed link in a fresh browser, reads the answers, consents and signs; the officer sees the submission approved and
 * downloads its PDF, which is read back with pdf-lib and pdfjs.
 *
 * Not through the UI (set-up covered by other specs): the two forms are made with the forms API, and two more athletes
 * are invited and accept through the API (the demo squad has not activated its accounts, and only active people can
 * be picked as recipients). The signer's mail is read from the dev mailbox API; its link is then opened as a person
 * would.
 */
test.use({ viewport: { width: 1280, height: 900 }, actionTimeout: 15_000 });

const standardFontDataUrl = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Picks `option` in a Mantine (Multi)Select by typing part of it into the field and clicking the match. */
async function choose(page: Page, field: Locator, typed: string, option: RegExp | string): Promise<void> {
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}

test('a packet goes from the designer through athlete, approver and external signer to a downloaded PDF', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(360_000);
  const tag = uniqueTag();
  const packetName = `Medical clearance ${tag}`;
  const medicalForm = `Medical history ${tag}`;
  const contactForm = `Emergency contact ${tag}`;
  const signer = { email: uniqueEmail('team.doctor'), firstName: 'Grace', lastName: 'Okafor' };
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true, animations: 'disabled' });

  // --- The officer builds the packet ---------------------------------------------------------------------------
  await logInThroughForm(page, 'admin@demo.edu');
  await createPublishedForm(page.request, medicalForm, [
    { id: 'allergies', type: 'shortText', dataLabel: 'allergies', label: 'Allergies', required: true },
    {
      id: 'signature',
      type: 'signature',
      dataLabel: 'athlete_signature',
      label: 'Athlete signature',
      required: true,
      modes: ['drawn'],
    },
  ]);
  const classmates = [];
  for (const firstName of ['Riley', 'Avery']) {
    const person = await inviteThroughApi(page.request, {
      firstName,
      lastName: `Journey${tag}`,
      roles: [{ role: 'STUDENT_ATHLETE' }],
      emailPrefix: firstName.toLowerCase(),
    });
    const stranger = await playwrightRequest.newContext({ baseURL: baseUrl() });
    await acceptInvitationThroughApi(stranger, person.email);
    await stranger.dispose();
    classmates.push(`${firstName} Journey${tag}`);
  }
  await createPublishedForm(page.request, contactForm, [
    { id: 'contact', type: 'shortText', dataLabel: 'contact', label: 'Emergency contact name', required: true },
  ]);

  await page.goto('/packetSettings');
  await expect(page.getByRole('heading', { name: 'New packet' })).toBeVisible();
  await page.getByLabel('Packet name').fill(packetName);
  await page.getByLabel('Description').fill('Yearly medical clearance, signed by the team doctor.');
  const formsField = page.getByRole('combobox', { name: 'Forms' });
  await choose(page, formsField, medicalForm, medicalForm);
  await choose(page, formsField, contactForm, contactForm);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create packet' }).click();
  await expect(page).toHaveURL(/\/packetSettings\?id=[^&]+&tab=workflow/);
  const packetId = new URL(page.url()).searchParams.get('id')!;

  // The designer starts with one submitter step holding every question; add the approver and the signer after it.
  await expect(stepNodes(page)).toHaveCount(1);
  await waitForStillCanvas(page);
  await flowNode(page, 'Fill in and submit').click();
  await expect(page.getByTestId('step-settings')).toBeVisible();
  await page.getByRole('button', { name: 'Add approver with signature step' }).click();
  await expect(stepNodes(page)).toHaveCount(2);
  await waitForStillCanvas(page);
  await flowNode(page, 'Approve and sign').click();
  const settings = page.getByTestId('step-settings');
  await expect(settings.getByLabel('Step name')).toHaveValue('Approve and sign');
  // The approver is one person (the associate AD), not any school admin.
  const roles = settings.getByRole('combobox', { name: 'Roles or groups' });
  await roles.click();
  await roles.press('Backspace');
  await page.keyboard.press('Escape');
  await choose(page, settings.getByRole('combobox', { name: 'People' }), 'Marcus', /Marcus Bell/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add external signer step' }).click();
  await expect(stepNodes(page)).toHaveCount(3);
  await waitForStillCanvas(page);
  await flowNode(page, 'External signature').click();
  await expect(settings.getByLabel('Step name')).toHaveValue('External signature');
  // The signer is named when the packet is sent.
  await settings.getByRole('button', { name: 'Remove external signer 1' }).click();
  await expect(settings.getByText('whoever sends the packet names the external signer')).toBeVisible();
  await expect(page.getByTestId('problem-count')).toHaveText('No problems');
  await page.getByRole('button', { name: 'Save workflow' }).click();
  await expect(page.getByText('Workflow saved')).toBeVisible();
  await checkScreen(page, 'packet-journey-designer', { exclude: ['.react-flow__minimap'] });
  await shot(page, '01-designer');

  await page.getByRole('tab', { name: 'Sender' }).click();
  await page.getByRole('checkbox', { name: 'All school admins' }).check();
  await page.getByRole('button', { name: 'Save senders' }).click();
  await expect(page.getByText('Senders saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Publish' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Packet published')).toBeVisible();
  await page.getByRole('button', { name: 'Send packet' }).click();
  const modal = page.getByRole('dialog', { name: `Send “${packetName}”` });
  await expect(modal).toBeVisible();
  const people = modal.getByRole('combobox', { name: 'People' });
  await choose(page, people, 'Jordan Reyes', /Jordan Reyes/);
  for (const name of classmates) await choose(page, people, name, new RegExp(name));
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'E-mail' }).fill(signer.email);
  await modal.getByRole('textbox', { name: 'First name' }).fill(signer.firstName);
  await modal.getByRole('textbox', { name: 'Last name' }).fill(signer.lastName);
  await checkScreen(page, 'packet-journey-send');
  await shot(page, '02-send');
  await modal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Sent to 3 recipients')).toBeVisible();
  await expect(modal).toBeHidden();

  // --- The athlete fills in and signs --------------------------------------------------------------------------
  const athlete = await freshPage(browser);
  await logInThroughForm(athlete, 'athlete@demo.edu');
  await athlete.goto('/paperworks');
  const mine = athlete.getByRole('table', { name: 'My paperwork' }).getByRole('row').filter({ hasText: packetName });
  await mine.getByRole('button', { name: packetName }).click();
  const panel = athlete.getByTestId('step-action-panel');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await panel.getByLabel('Allergies').fill('Penicillin');
  const pad = panel.getByRole('img', { name: 'Signature drawing area, empty' });
  await drawSignature(athlete, pad);
  await expect(panel.getByRole('img', { name: 'Signature drawing area, signed' })).toBeVisible();
  await checkScreen(athlete, 'packet-journey-athlete-fill');
  await shot(athlete, '03-athlete-fill');
  await panel.getByRole('button', { name: 'Next form' }).click();
  await panel.getByLabel('Emergency contact name').fill('Maria Reyes');
  await panel.getByRole('button', { name: 'Submit' }).click();
  const athleteView = athlete.getByTestId('submission-view');
  await expect(athleteView.getByTestId('submission-status')).toHaveText('Submitted');
  await expect(athleteView.getByText('waiting at “Approve and sign”')).toBeVisible();
  const submissionId = new URL(athlete.url()).searchParams.get('submission')!;
  expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);
  await athlete.context().close();

  // --- The approver approves with a signature from Action required ---------------------------------------------
  const approver = await freshPage(browser);
  await logInThroughForm(approver, 'staffadmin@demo.edu');
  await approver.goto('/sprySign/actionRequired');
  const task = approver
    .getByRole('table', { name: 'Action required' })
    .getByRole('row')
    .filter({ hasText: packetName })
    .filter({ hasText: 'Jordan Reyes' });
  await expect(task).toContainText('Approve and sign');
  await checkScreen(approver, 'packet-journey-action-required');
  await task.getByRole('button', { name: packetName }).click();
  const decide = approver.getByTestId('step-action-panel');
  await decide.getByLabel('Type your full name to sign').fill('Marcus Bell');
  await checkScreen(approver, 'packet-journey-approve');
  await shot(approver, '04-approve');
  await decide.getByTestId('answers-end').scrollIntoViewIfNeeded();
  await expect(decide.getByRole('button', { name: 'Approve and sign' })).not.toHaveAttribute('aria-disabled', 'true');
  await decide.getByRole('button', { name: 'Approve and sign' }).click();
  await approver
    .getByRole('dialog', { name: 'Approve and sign this submission?' })
    .getByRole('button', { name: 'Approve and sign' })
    .click();
  await expect(approver.getByTestId('submission-view').getByText('waiting at “External signature”')).toBeVisible();
  await expect(approver.getByTestId('step-action-panel')).toBeHidden();
  await approver.context().close();

  // --- The external signer follows the mailed link in a fresh browser -----------------------------------------
  const mail = await waitForMail(page.request, signer.email, /review and sign/i);
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((href) =>
    new URL(href).pathname.startsWith('/spry-sign/submit/'),
  );
  expect(link, mail.text).toBeTruthy();
  const outsider = await freshPage(browser);
  await outsider.goto(new URL(link!).pathname);
  await expect(outsider.getByRole('heading', { name: packetName })).toBeVisible();
  // The document comes first: the athlete's answers, then the consent.
  await expect(outsider.getByTestId('signer-document').getByLabel('Allergies')).toHaveValue('Penicillin');
  await outsider.getByRole('button', { name: 'I have read it, continue' }).click();
  await expect(outsider.getByLabel('First name')).toHaveValue(signer.firstName);
  await expect(outsider.getByLabel('Last name')).toHaveValue(signer.lastName);
  await outsider.getByRole('textbox', { name: 'E-mail' }).fill(signer.email);
  await outsider.getByRole('checkbox', { name: /I agree to do business electronically/ }).check();
  await checkScreen(outsider, 'packet-journey-signer-consent');
  await outsider.getByRole('button', { name: 'I agree, continue' }).click();
  await outsider.getByText('Draw', { exact: true }).click();
  await drawSignature(outsider, outsider.getByRole('img', { name: 'Signature drawing area, empty' }));
  await expect(outsider.getByRole('img', { name: 'Signature drawing area, signed' })).toBeVisible();
  await checkScreen(outsider, 'packet-journey-signer-sign');
  await shot(outsider, '05-signer');
  await outsider.getByRole('button', { name: 'Sign and submit' }).click();
  await expect(outsider.getByRole('status').filter({ hasText: 'Signed and submitted' })).toBeVisible();
  await outsider.context().close();

  // --- The officer sees it approved and downloads the PDF ------------------------------------------------------
  await page.goto(`/packetSettings?id=${packetId}&tab=summary`);
  await page.getByRole('link', { name: 'See submissions' }).click();
  await expect(page).toHaveURL(new RegExp(`/seeSubmission/${packetId}`));
  const table = page.getByRole('table', { name: 'Submissions' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const jordan = table.getByRole('row').filter({ hasText: 'Jordan Reyes' });
  // The last step's write lands a moment after the signer's answer: reload until the list shows it.
  await expect(async () => {
    await page.reload();
    await expect(jordan).toContainText('Approved', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(table.getByRole('row').filter({ hasText: 'Pending' })).toHaveCount(2);
  await checkScreen(page, 'packet-journey-submissions');
  await jordan.getByRole('button', { name: 'Jordan Reyes' }).click();
  const view = page.getByTestId('submission-view');
  await expect(view.getByTestId('submission-status')).toHaveText('Approved');
  await expect(view.getByText(/waiting at/)).toHaveCount(0);
  // The live view shows every step done, the signer named at send time on theirs.
  const liveSteps = view.locator('.react-flow__node');
  await expect(liveSteps).toHaveCount(3);
  await expect(liveSteps.filter({ hasText: 'External signature' })).toContainText('Grace Okafor');
  await expect(liveSteps.filter({ hasText: 'Approve and sign' })).toContainText('Approved by Marcus Bell');
  await expect(view.getByRole('button', { name: /Audit trail/ })).toBeVisible();
  await checkScreen(page, 'packet-journey-submission-live', { exclude: ['.react-flow__minimap'] });
  await shot(page, '06-submission-live');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    view.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${packetName} - Jordan Reyes.pdf`);
  await download.saveAs(testInfo.outputPath('submission.pdf'));
  const bytes = new Uint8Array(readFileSync(testInfo.outputPath('submission.pdf')));
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
  expect(pdf.getTitle()).toBe(`${packetName} - Jordan Reyes`);
  expect(pdf.getSubject()).toBe(`Submission ${submissionId}`);
  const pages = await pdfText(bytes);
  const all = pages.join('\n');
  // The certificate follows the forms (it may run over more than one page) and closes the document.
  const certificateStart = pages.findIndex((text) => text.includes('Signing certificate'));
  expect(certificateStart).toBeGreaterThanOrEqual(1);
  expect(pages[pages.length - 1]).toContain(`Page ${pages.length} of ${pages.length}`);
  expect(pages.slice(certificateStart).join(' ')).toMatch(/SIGNED Actor Grace Okafor/);
  for (const expected of [submissionId, packetName, 'Penicillin', 'Maria Reyes', 'Marcus Bell', signer.email]) {
    expect(all, expected).toContain(expected);
  }
  expect(all).toMatch(/[0-9a-f]{64}/);
});

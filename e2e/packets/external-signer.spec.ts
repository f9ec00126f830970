import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { baseUrl } from '../support/app-urls';
import { waitForMail } from '../support/mailbox';
import { uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';
import { createPublishedForm } from './packet-fixtures';

/**
 * The external signer's page, on a phone: an officer sends a packet (athlete fills in and draws a signature → external
 * signer), the athlete submits through the API, and the signer follows the mailed link at 390 px. They read the
 * athlete's answers and the PDF preview, consent, sign by typing their name, and download the signed PDF from the same
 * link; the PDF is read back with pdfjs and must show both signatures (the athlete's drawn image, the signer's name in
 * the embedded handwriting font) with both names, and the copy is mailed to them as well. No step scrolls sideways
 * and every main action is at least 44 px tall.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const OFFICER = 'admin@demo.edu';
const ATHLETE = 'athlete@demo.edu';
const ATHLETE_NAME = 'Jordan Reyes';
const PHONE = { width: 390, height: 844 };

const standardFontDataUrl = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

interface PdfPage {
  text: string;
  images: number;
  /** Text drawn per font (PostScript name without pdf-lib's subset suffix). */
  byFont: Record<string, string>;
}

async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await getDocument({ data: bytes.slice(), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const ops = await page.getOperatorList();
    const byFont: Record<string, string> = {};
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const loaded = page.commonObjs.has(item.fontName)
        ? (page.commonObjs.get(item.fontName) as { name?: string }).name
        : undefined;
      const name = (loaded ?? item.fontName).replace(/-\d+$/, '');
      byFont[name] = `${byFont[name] ?? ''} ${item.str}`.trim();
    }
    pages.push({
      text: content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
      images: ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length,
      byFont,
    });
  }
  await doc.destroy();
  return pages;
}

/** Nothing on the page is wider than the viewport: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

async function expectTallEnough(button: Locator): Promise<void> {
  const box = await button.boundingBox();
  expect(box?.height ?? 0, 'main action height in px').toBeGreaterThanOrEqual(44);
}

/** A drawn signature as the pad would give it: a zig-zag stroke on a transparent PNG. */
async function drawnSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#1a1b1e';
    ctx.beginPath();
    ctx.moveTo(20, 60);
    for (let i = 1; i <= 10; i++) ctx.lineTo(20 + i * 32, i % 2 ? 25 : 95);
    ctx.stroke();
    return canvas.toDataURL('image/png');
  });
}

test('an external signer reads the answers, signs on a phone and downloads the signed PDF with both signatures', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 6);
  const tag = uniqueTag();
  const packetName = `Sports physical ${tag}`;
  const signer = { email: uniqueEmail('physician'), firstName: 'Grace', lastName: 'Okafor' };

  // --- The officer sends the packet (through the API; the designer and send dialog have specs of their own) ----
  await logInThroughApi(page, OFFICER);
  const formId = await createPublishedForm(page.request, `Physical ${tag}`, [
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
  const created = await page.request.post('/api/v1/packets', {
    data: {
      name: packetName,
      description: 'Pre-participation physical, signed by the physician.',
      formIds: [formId],
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
      workflow: {
        steps: [
          {
            id: 'fill',
            kind: 'SUBMITTER',
            name: 'Athlete fills in',
            actors: [{ kind: 'RECIPIENT' }],
            questionIds: [`${formId}:allergies`, `${formId}:signature`],
          },
          { id: 'physician', kind: 'EXTERNAL_SIGNER', name: 'Physician signs', actors: [], questionIds: [] },
        ],
        edges: [{ id: 'e1', from: 'fill', to: 'physician' }],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const packetId = ((await created.json()) as { id: string }).id;
  const published = await page.request.post(`/api/v1/packets/${packetId}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  const athleteApi = await apiClientAs(ATHLETE);
  const athleteId = ((await (await athleteApi.get('/api/v1/auth/me')).json()) as { id: string }).id;
  const sent = await page.request.post(`/api/v1/packets/${packetId}/send`, {
    data: {
      recipients: { userIds: [athleteId], teamIds: [], groups: [] },
      externalSigners: { physician: signer },
      notify: false,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // --- The athlete fills in and signs (through the API) --------------------------------------------------------
  let submissionId = '';
  await expect
    .poll(
      async () => {
        const res = await athleteApi.get('/api/v1/my-paperwork');
        const items = ((await res.json()) as { items: Array<{ id: string; packetName: string }> }).items;
        submissionId = items.find((i) => i.packetName === packetName)?.id ?? '';
        return submissionId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const image = await drawnSignature(page);
  await expect
    .poll(
      async () =>
        (
          await athleteApi.post(`/api/v1/packet-submissions/${submissionId}/actions`, {
            data: {
              stepId: 'fill',
              action: 'SUBMIT',
              answers: { [formId]: { allergies: 'Penicillin and latex', signature: { kind: 'drawn', image } } },
            },
          })
        ).status(),
      { timeout: 20_000 },
    )
    .toBe(200);
  await athleteApi.dispose();

  // --- The signer follows the mailed link on a phone ------------------------------------------------------------
  const mail = await waitForMail(page.request, signer.email, /review and sign/i);
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((href) =>
    new URL(href).pathname.startsWith('/spry-sign/submit/'),
  );
  expect(link, mail.text).toBeTruthy();
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(new URL(link!).pathname);
  // A fresh browser loads the app's code first: allow a busy machine its time.
  await expect(phone.getByRole('heading', { level: 1, name: packetName })).toBeVisible({ timeout: 60_000 });

  // 1. The document first: the athlete's answers, read-only, and the PDF preview.
  await expect(phone.getByTestId('signer-phase')).toHaveText('Step 1 of 3: Read the document');
  const document = phone.getByTestId('signer-document');
  await expect(document.getByLabel('Allergies')).toHaveValue('Penicillin and latex');
  await expect(document.getByLabel('Allergies')).toHaveAttribute('readonly', '');
  await expectNoSidewaysScroll(phone);
  await checkScreen(phone, 'packet-signer-document-390');
  await phone.getByRole('tab', { name: 'PDF preview' }).click();
  await expect(phone.getByRole('region', { name: /\(PDF\): \d+ pages?/ })).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByRole('img', { name: /\(PDF\), page 1 of \d+/ })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await checkScreen(phone, 'packet-signer-pdf-preview-390');
  await phone.setViewportSize({ width: 1280, height: 900 });
  await phone.getByRole('tab', { name: 'Forms and answers' }).click();
  await checkScreen(phone, 'packet-signer-document-1280');
  await phone.setViewportSize(PHONE);
  const readIt = phone.getByRole('button', { name: 'I have read it, continue' });
  await expectTallEnough(readIt);
  await readIt.click();

  // 2. Consent, with the details the link was sent for.
  await expect(phone.getByTestId('signer-phase')).toHaveText('Step 2 of 3: Agree to sign electronically');
  await expect(phone.getByLabel('First name')).toHaveValue(signer.firstName);
  await expect(phone.getByLabel('Last name')).toHaveValue(signer.lastName);
  await phone.getByRole('textbox', { name: 'E-mail' }).fill(signer.email);
  await phone.getByRole('checkbox', { name: /I agree to do business electronically/ }).check();
  await expectNoSidewaysScroll(phone);
  await checkScreen(phone, 'packet-signer-consent-390');
  const agree = phone.getByRole('button', { name: 'I agree, continue' });
  await expectTallEnough(agree);
  await agree.click();

  // 3. The signature, typed: previewed in the handwriting font the PDF uses.
  await expect(phone.getByTestId('signer-phase')).toHaveText('Step 3 of 3: Sign');
  await phone.getByLabel('Type your full name').fill(`${signer.firstName} ${signer.lastName}`);
  await expect(phone.getByRole('img', { name: 'Your signature as it will appear' })).toContainText('Grace Okafor');
  await expectNoSidewaysScroll(phone);
  await checkScreen(phone, 'packet-signer-sign-390');
  const sign = phone.getByRole('button', { name: 'Sign and submit' });
  await expectTallEnough(sign);
  await sign.click();

  // 4. The confirmation, with the signed copy to download from the same link.
  await expect(phone.getByRole('status').filter({ hasText: 'Signed and submitted' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoSidewaysScroll(phone);
  await checkScreen(phone, 'packet-signer-done-390');
  const downloadButton = phone.getByRole('button', { name: 'Download the signed PDF' });
  await expectTallEnough(downloadButton);
  const [download] = await Promise.all([phone.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toBe(`${packetName} - ${ATHLETE_NAME}.pdf`);
  await download.saveAs(testInfo.outputPath('signed.pdf'));

  // The same link, opened again later, still confirms the signature and offers the copy.
  await phone.reload();
  await expect(phone.getByRole('status').filter({ hasText: 'Signed and submitted' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(phone.getByRole('button', { name: 'Download the signed PDF' })).toBeVisible();
  await context.close();

  // The signer gets the copy by e-mail too: their own link, which now opens the signed packet.
  const copyMail = await waitForMail(page.request, signer.email, /your signed copy/i, { timeout: 30_000 });
  const copyLink = (copyMail.text.match(/https?:\/\/\S+/g) ?? []).find((href) =>
    new URL(href).pathname.startsWith('/spry-sign/submit/'),
  );
  expect(copyLink && new URL(copyLink).pathname, copyMail.text).toBe(new URL(link!).pathname);

  // --- The signed PDF shows both signatures, with who, when and the step -----------------------------------------
  const pages = await readPdf(new Uint8Array(readFileSync(testInfo.outputPath('signed.pdf'))));
  const signaturesPage = pages.find((p) => p.text.includes('Signatures (2)'));
  expect(signaturesPage, pages.map((p) => p.text).join('\n---\n')).toBeDefined();
  expect(signaturesPage!.text).toContain(`1. Athlete fills in`);
  expect(signaturesPage!.text).toContain(`${ATHLETE_NAME} <${ATHLETE}>`);
  expect(signaturesPage!.text).toContain('2. Physician signs');
  expect(signaturesPage!.text).toContain(`Grace Okafor <${signer.email}>`);
  // Two marks: the athlete's drawn signature as an image, the signer's typed name in the embedded handwriting font.
  expect(signaturesPage!.images).toBe(1);
  const handwriting = Object.entries(signaturesPage!.byFont).find(([font]) => /DancingScript/.test(font));
  expect(handwriting?.[1]).toBe('Grace Okafor');
  const all = pages.map((p) => p.text).join(' ');
  expect(all).toContain('Penicillin and latex');
  const certificate = pages
    .slice(pages.findIndex((p) => p.text.includes('Signing certificate')))
    .map((p) => p.text)
    .join(' ');
  expect(certificate).toContain('Signers (2)');
  expect(certificate).toContain(`Personal link e-mailed to ${signer.email}`);
  expect(certificate).toMatch(/Version \d{4}-\d{2}-\d{2}, accepted/);
  expect(certificate).toMatch(/Document SHA-256 [0-9a-f]{64}/);
});

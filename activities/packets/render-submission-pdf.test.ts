import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { FormVersion } from '../../form-engine';
import {
  everyElementAnswers,
  everyElementForm,
  largeForm,
  largeFormAnswers,
} from '../../form-engine/testing/sample-forms';
import { hashAnswerSet, renderSubmissionPdf, type SubmissionPdfInput } from './render-submission-pdf';

// fixed-date fixture: the PDF renders the given submission and its generatedAt; no clock is read.

const standardFontDataUrl = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

interface ParsedPage {
  text: string;
  hasImage: boolean;
  /** How many images the page paints. */
  images: number;
  /** The text drawn in each embedded font, by the font's PostScript name (subset prefix dropped). */
  byFont: Record<string, string>;
}

/** Parses a PDF back with pdfjs: each page's text (items joined by spaces) and whether it paints an image. */
async function readPdf(bytes: Uint8Array): Promise<ParsedPage[]> {
  const doc = await getDocument({ data: bytes.slice(), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: ParsedPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    const ops = await page.getOperatorList();
    const byFont: Record<string, string> = {};
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const font = page.commonObjs.has(item.fontName)
        ? (page.commonObjs.get(item.fontName) as { name?: string }).name
        : undefined;
      const name = (font ?? item.fontName).replace(/-\d+$/, '');
      byFont[name] = `${byFont[name] ?? ''} ${item.str}`.trim();
    }
    const images = ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
    pages.push({ text, hasImage: images > 0, images, byFont });
  }
  await doc.destroy();
  return pages;
}

function baseInput(overrides: Partial<SubmissionPdfInput> = {}): SubmissionPdfInput {
  return {
    packetName: 'Fall compliance paperwork',
    schoolName: 'Demo State University',
    submissionId: '3f1e9a52-0000-4000-8000-000000000001',
    recipientName: 'Ana Cruz',
    status: 'Approved',
    voided: false,
    forms: [{ name: 'Athlete medical history', version: everyElementForm(), answers: everyElementAnswers() }],
    events: [
      {
        at: '2026-11-20T14:03:07.000Z',
        actor: 'Ana Cruz (athlete@demo.edu)',
        action: 'Submitted',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
        answersSha256: 'a'.repeat(64),
      },
      {
        at: '2026-11-21T08:15:00.000Z',
        actor: 'Pat Officer (admin@demo.edu)',
        action: 'Approved with signature',
        ip: '198.51.100.23',
        userAgent: 'Mozilla/5.0 (Macintosh) Safari/17.1',
        answersSha256: 'b'.repeat(64),
      },
    ],
    generatedAt: '2026-11-23T09:30:00.000Z',
    ...overrides,
  };
}

// Each test renders and parses whole PDFs with pdfjs: seconds on a busy two-core machine, more than the default 5 s.
describe('renderSubmissionPdf', { timeout: 30_000 }, () => {
  it('lays out every element type with its answer, then a signing certificate', async () => {
    const pages = await readPdf(await renderSubmissionPdf(baseInput()));
    const all = pages.map((page) => page.text).join(' ');
    // Summary page, at least one page for the form, and the certificate page.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const expected of [
      'Fall compliance paperwork',
      'Athlete medical history',
      'Ms. Ana B Cruz', // full name with prefix and middle name
      'Football, Swimming', // sport(s)
      'Second Year', // academic standing label, not the code
      '05/01/2000', // DOB in its display format
      '15/03/2026', // date in DD/MM/YYYY
      '1 Main St',
      'Austin, TX 78701',
      'Medium', // dropdown label
      'Vegetarian',
      'Gluten free', // unticked options of a list are shown too
      'Team bus',
      'report.PDF', // attachment by file name
      '3 of 5 (Bad to Great)',
      'Knee', // matrix rows, columns and cells
      'Severity',
      'ACL 2019',
      'https://hudl.com/video/1',
      'I agree to the athletics code of conduct.',
      'Accepted',
      '08:30',
      'This form is confidential.', // statement
      'Medical history', // heading
      'Drawn signature',
      'Page 1 of',
    ]) {
      expect(all, expected).toContain(expected);
    }
    // The guardian question is shown only to under-18s (a condition): an adult never saw it, so it is left out.
    expect(all).not.toContain('Parent or guardian name');
    expect(all).not.toContain('VOID');
    // The drawn signature is an embedded image on a form page.
    expect(pages.some((page) => page.hasImage)).toBe(true);
  });

  it('lists each event on the certificate with actor, UTC time, IP, user agent and hashes', async () => {
    const input = baseInput();
    const pages = await readPdf(await renderSubmissionPdf(input));
    const certificate = pages[pages.length - 1]!.text;
    expect(certificate).toContain('Signing certificate');
    for (const expected of [
      'Ana Cruz (athlete@demo.edu)',
      'Submitted',
      '2026-11-20 14:03:07 UTC',
      '203.0.113.7',
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      'a'.repeat(64),
      'Pat Officer (admin@demo.edu)',
      'Approved with signature',
      '2026-11-21 08:15:00 UTC',
      '198.51.100.23',
      'b'.repeat(64),
      hashAnswerSet(input.forms),
    ]) {
      expect(certificate, expected).toContain(expected);
    }
  });

  it('hashes the answer set independently of key order', () => {
    const form = everyElementForm();
    const answers = everyElementAnswers();
    const reversed = Object.fromEntries(Object.entries(answers).reverse());
    expect(hashAnswerSet([{ version: form, answers }])).toBe(hashAnswerSet([{ version: form, answers: reversed }]));
    expect(hashAnswerSet([{ version: form, answers }])).not.toBe(
      hashAnswerSet([{ version: form, answers: { ...answers, sid: 'U7654321' } }]),
    );
  });

  it('stamps VOID on every page of a voided submission', async () => {
    const pages = await readPdf(await renderSubmissionPdf(baseInput({ voided: true, status: 'Pending' })));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(page.text).toContain('VOID');
    expect(pages[0]!.text).toContain('Pending (voided)');
  });

  it('renders a typed signature as text and breaks long forms over several pages', async () => {
    const long = largeForm(120);
    const typed: FormVersion = {
      ...everyElementForm(),
      id: 'v-typed',
    };
    const pages = await readPdf(
      await renderSubmissionPdf(
        baseInput({
          forms: [
            {
              name: 'Typed',
              version: typed,
              answers: { ...everyElementAnswers(), sig: { kind: 'typed', text: 'Ana B Cruz' } },
            },
            { name: 'Long questionnaire', version: long, answers: largeFormAnswers(120) },
          ],
        }),
      ),
    );
    const all = pages.map((page) => page.text).join(' ');
    expect(all).toContain('Ana B Cruz');
    expect(all).toContain('Typed signature');
    expect(all).toContain('Question 119');
    expect(all).toContain('Answer 115');
    // 120 questions cannot fit on one page: summary + typed form + several long-form pages + certificate.
    expect(pages.length).toBeGreaterThanOrEqual(6);
    const count = pages.length;
    expect(pages[count - 1]!.text).toContain(`Page ${count} of ${count}`);
  });

  it('never throws on characters the standard fonts cannot encode, or on malformed answers', async () => {
    const form = everyElementForm();
    const bytes = await renderSubmissionPdf(
      baseInput({
        packetName: 'Zgoda rodzica – Łódź 🏈 运动员',
        recipientName: 'Zoë Åström-Nguyễn',
        forms: [
          {
            name: 'Ünïcode ✓ 表格',
            version: form,
            answers: {
              ...everyElementAnswers(),
              about: 'Línea uno\nSecond line with emoji 😀 and Cyrillic Привет and tab\there',
              psa: 'Đorđe Łukasz',
              sig: { kind: 'drawn', image: 'data:image/png;base64,bm90IGEgcG5n' }, // not a PNG
              grid: 'not a matrix',
              name: 42,
            },
          },
        ],
        events: [{ at: 'not a date', actor: 'Jürgen ☃', action: 'Opened' }],
      }),
    );
    const pages = await readPdf(bytes);
    const all = pages.map((page) => page.text).join(' ');
    expect(all).toContain('Zgoda rodzica');
    expect(all).toContain('Lódz'); // ź transliterated, ó kept (WinAnsi)
    expect(all).toContain('Zoë Åström-Nguyen'); // WinAnsi letters kept, others stripped of their accents
    expect(all).toContain('Dorde Lukasz');
    expect(all).toContain('Signature image could not be read');
    expect(all).toContain('not a matrix');
    expect(all).toContain('Not recorded'); // the event without IP or user agent
  });

  it('gives a packet of five forms one certificate after all of them', async () => {
    const forms = Array.from({ length: 5 }, (_, i) => ({
      name: `Form ${i + 1}`,
      version: everyElementForm({ id: `v${i}` }),
      answers: everyElementAnswers(),
    }));
    const pages = await readPdf(await renderSubmissionPdf(baseInput({ forms })));
    expect(pages.filter((page) => page.text.includes('Signing certificate'))).toHaveLength(1);
    for (let i = 1; i <= 5; i++) expect(pages.some((page) => page.text.includes(`Form ${i}`))).toBe(true);
  });
});

/** A tiny valid PNG (a 2x2 black square) standing in for a drawn signature. */
const DRAWN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4nGNgYGD4z8DAwMDAAAAPAAHvXF8eAAAAAElFTkSuQmCC';

function signatures(): NonNullable<SubmissionPdfInput['signatures']> {
  return [
    {
      stepName: 'Athlete fills in',
      source: 'Athlete medical history: Athlete signature',
      signerName: 'Ana Cruz',
      signerEmail: 'athlete@demo.edu',
      at: '2026-11-20T14:03:07.000Z',
      mark: { kind: 'drawn', dataUrl: DRAWN },
      identifiedBy: 'Signed-in account',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      documentSha256: 'a'.repeat(64),
    },
    {
      stepName: 'Team doctor signs',
      source: 'Signed as external signer',
      signerName: 'Grace Okafor',
      signerEmail: 'doctor@clinic.test',
      at: '2026-11-22T10:11:12.000Z',
      mark: { kind: 'typed', text: 'Grace Okafor' },
      identifiedBy: 'Personal link e-mailed to doctor@clinic.test',
      consent: { version: '2026-11-23', at: '2026-11-22T10:09:00.000Z', ip: '192.0.2.44' },
      ip: '192.0.2.44',
      userAgent: 'Mozilla/5.0 (iPhone) Safari/18.0',
      documentSha256: 'd'.repeat(64),
    },
  ];
}

describe('renderSubmissionPdf signatures', { timeout: 30_000 }, () => {
  it('draws every signature on a signatures page: drawn ones as images, typed ones in the handwriting font', async () => {
    const pages = await readPdf(await renderSubmissionPdf(baseInput({ signatures: signatures() })));
    const page = pages.find((p) => p.text.includes('Signatures (2)'));
    expect(page, 'signatures page').toBeDefined();
    for (const expected of [
      '1. Athlete fills in',
      'Athlete medical history: Athlete signature',
      'Ana Cruz <athlete@demo.edu>',
      '2026-11-20 14:03:07 UTC',
      '2. Team doctor signs',
      'Grace Okafor <doctor@clinic.test>',
      '2026-11-22 10:11:12 UTC',
      'Drawn signature',
      'Typed signature',
    ]) {
      expect(page!.text, expected).toContain(expected);
    }
    expect(page!.images).toBe(1);
    // The typed signature is drawn in the embedded Dancing Script, not a standard font.
    const handwriting = Object.entries(page!.byFont).find(([font]) => /DancingScript/.test(font));
    expect(handwriting?.[1]).toBe('Grace Okafor');
  });

  it('lists each signer on the certificate with consent version, IP, user agent and the document hash', async () => {
    const pages = await readPdf(await renderSubmissionPdf(baseInput({ signatures: signatures() })));
    const start = pages.findIndex((p) => p.text.includes('Signing certificate'));
    const certificate = pages
      .slice(start)
      .map((p) => p.text)
      .join(' ');
    expect(certificate).toContain('Signers (2)');
    for (const expected of [
      'Personal link e-mailed to doctor@clinic.test',
      'Version 2026-11-23, accepted 2026-11-22 10:09:00 UTC from 192.0.2.44',
      'Mozilla/5.0 (iPhone) Safari/18.0',
      'd'.repeat(64),
      'Signed-in account',
      'Not asked: signed in to the platform with an account',
      'a'.repeat(64),
    ]) {
      expect(certificate, expected).toContain(expected);
    }
  });

  it('keeps the VOID stamp on the signatures page of a voided submission', async () => {
    const pages = await readPdf(
      await renderSubmissionPdf(baseInput({ voided: true, status: 'Approved', signatures: signatures() })),
    );
    const page = pages.find((p) => p.text.includes('Signatures (2)'));
    expect(page!.text).toContain('VOID');
    for (const p of pages) expect(p.text).toContain('VOID');
  });

  it('embeds the handwriting font only for typed signatures, and falls back for letters it lacks', async () => {
    const drawnOnly = await readPdf(await renderSubmissionPdf(baseInput({ signatures: signatures().slice(0, 1) })));
    expect(drawnOnly.some((p) => Object.keys(p.byFont).some((f) => /DancingScript/.test(f)))).toBe(false);
    const [, typed] = signatures();
    const foreign = await readPdf(
      await renderSubmissionPdf(
        baseInput({ signatures: [{ ...typed!, mark: { kind: 'typed', text: 'Ζωή Παπαδάκη' } }] }),
      ),
    );
    // Greek is not in the font: the signature is still there, in the standard script font, never a blank.
    const page = foreign.find((p) => p.text.includes('Signatures (1)'))!;
    expect(page.text).toContain('Typed signature');
    expect(Object.keys(page.byFont).some((f) => /DancingScript/.test(f))).toBe(false);
  });
});

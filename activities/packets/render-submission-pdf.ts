import { PDFDocument, StandardFonts, type PDFImage } from 'pdf-lib';
import { evaluateConditions, type FormElement, type FormVersion } from '../../form-engine';
import { describeAnswer } from './submission-pdf-answers';
import { embedSignatureFont } from './submission-pdf-fonts';
import { hashAnswers, hashAnswerSet } from './submission-pdf-hash';
import {
  drawSignatures,
  drawSigners,
  needsSignatureFont,
  type EmbedSignature,
  type SubmissionPdfSignature,
} from './submission-pdf-signatures';
import { formatUtc } from './submission-pdf-text';
import { MUTED, SubmissionPdfWriter, type PdfFonts } from './submission-pdf-writer';

export type { SubmissionPdfSignature } from './submission-pdf-signatures';
export { formatUtc } from './submission-pdf-text';

export interface SubmissionPdfEvent {
  /** ISO UTC timestamp. */
  at: string;
  actor: string;
  action: string;
  ip?: string;
  userAgent?: string;
  answersSha256?: string;
}

export interface SubmissionPdfInput {
  packetName: string;
  schoolName: string;
  submissionId: string;
  recipientName: string;
  status: string;
  voided: boolean;
  forms: { name: string; version: FormVersion; answers: Record<string, unknown> }[];
  events: SubmissionPdfEvent[];
  /**
   * Every signature given on the submission, in order: the forms' signature questions and the steps' own signatures
   * (approver with signature, external signer), each with who, when, the step and how the signer was identified.
   */
  signatures?: SubmissionPdfSignature[];
  /** ISO UTC timestamp of the download. */
  generatedAt: string;
}

export { hashAnswerSet } from './submission-pdf-hash';

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * The PDF of one submission (issue 4, "Download a submission as a PDF"): a summary, every form with its answers,
 * and a signing certificate listing the audit events and the SHA-256 of the answers. Pure: everything it shows comes
 * in `input`, so the API route and an activity can both call it. Never throws on odd answers or characters the
 * standard fonts lack; a voided submission is stamped VOID on every page.
 */
export async function renderSubmissionPdf(input: SubmissionPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.packetName} - ${input.recipientName}`);
  doc.setSubject(`Submission ${input.submissionId}`);
  doc.setProducer('Athletics Compliance Platform');
  doc.setCreator('Athletics Compliance Platform');
  const created = new Date(input.generatedAt);
  if (!Number.isNaN(created.getTime())) {
    doc.setCreationDate(created);
    doc.setModificationDate(created);
  }
  const fonts: PdfFonts = {
    regular: doc.embedStandardFont(StandardFonts.Helvetica),
    bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
    italic: doc.embedStandardFont(StandardFonts.HelveticaOblique),
    mono: doc.embedStandardFont(StandardFonts.Courier),
    script: doc.embedStandardFont(StandardFonts.TimesRomanBoldItalic),
    // Embedded only when a typed signature will be drawn: a submission without one stays standard fonts only.
    signature: needsSignatureFont(input) ? await embedSignatureFont(doc) : null,
  };
  const writer = new SubmissionPdfWriter(doc, fonts);
  const images = new Map<string, PDFImage | null>();
  const embedSignature = async (dataUrl: string): Promise<PDFImage | null> => {
    if (!images.has(dataUrl)) {
      const match = PNG_DATA_URL.exec(dataUrl);
      const image = match ? await doc.embedPng(Buffer.from(match[1]!, 'base64')).catch(() => null) : null;
      images.set(dataUrl, image);
    }
    return images.get(dataUrl) ?? null;
  };

  drawSummary(writer, input);
  for (const [index, form] of input.forms.entries()) {
    // The first form follows the summary; every other one starts on a page of its own.
    if (index === 0) writer.space(18);
    else writer.breakPage();
    await drawForm(writer, form, input.generatedAt, embedSignature);
  }
  const signatures = input.signatures ?? [];
  if (signatures.length > 0) {
    writer.newPage();
    await drawSignatures(writer, signatures, embedSignature);
  }
  writer.newPage();
  drawCertificate(writer, input);

  writer.finish({
    header: `${input.schoolName} - ${input.packetName}`,
    footer: `Submission ${input.submissionId} - generated ${formatUtc(input.generatedAt)}`,
    voided: input.voided,
  });
  return doc.save();
}

function drawSummary(writer: SubmissionPdfWriter, input: SubmissionPdfInput): void {
  const { fonts } = writer;
  writer.paragraph(input.packetName, { font: fonts.bold, size: 20 });
  writer.paragraph(input.schoolName, { size: 11, color: MUTED });
  writer.space(8);
  writer.field('Recipient', input.recipientName);
  writer.field('Status', input.voided ? `${input.status} (voided)` : input.status);
  writer.field('Submission', input.submissionId, { font: fonts.mono });
  writer.field('Forms', input.forms.map((form) => form.name).join(', ') || 'None');
  writer.field('Generated', formatUtc(input.generatedAt));
  writer.space(6);
  writer.rule();
}

async function drawForm(
  writer: SubmissionPdfWriter,
  form: SubmissionPdfInput['forms'][number],
  generatedAt: string,
  embedSignature: EmbedSignature,
): Promise<void> {
  const { fonts } = writer;
  writer.paragraph(form.name, { font: fonts.bold, size: 16 });
  writer.paragraph(`Version ${form.version.version}`, { size: 9, color: MUTED });
  writer.rule();
  const visible = visibleElements(form.version, form.answers, generatedAt);
  for (const element of form.version.elements) {
    const answer = form.answers[element.id];
    // An element hidden by the form's conditions was never asked; it is left out unless it somehow has an answer.
    if (visible && !visible.has(element.id) && answer === undefined) continue;
    await drawElement(writer, element, answer, embedSignature);
  }
}

function visibleElements(version: FormVersion, answers: Record<string, unknown>, generatedAt: string) {
  try {
    return evaluateConditions(version, answers, { today: generatedAt.slice(0, 10) }).visible;
  } catch {
    return null; // A definition the engine cannot evaluate: show every element.
  }
}

async function drawElement(
  writer: SubmissionPdfWriter,
  element: FormElement,
  answer: unknown,
  embedSignature: EmbedSignature,
): Promise<void> {
  const { fonts } = writer;
  switch (element.type) {
    case 'heading': {
      const size = element.level === 3 ? 11 : element.level === 2 ? 13 : 15;
      writer.space(6);
      writer.ensure(size * 3);
      writer.paragraph(element.label, { font: fonts.bold, size });
      writer.space(2);
      return;
    }
    case 'statement':
      writer.space(4);
      if (element.label) writer.paragraph(element.label, { font: fonts.bold, size: 10 });
      writer.paragraph(element.text, { size: 10 });
      writer.space(4);
      return;
    case 'divider':
      writer.space(2);
      writer.rule();
      return;
    case 'image':
      writer.space(4);
      if (element.label) writer.paragraph(element.label, { font: fonts.bold, size: 10 });
      writer.paragraph(
        `Image: ${element.image?.name ?? 'not added'}${element.altText ? ` (${element.altText})` : ''}`,
        { font: fonts.italic, size: 9, color: MUTED },
      );
      return;
    default:
      break;
  }
  writer.space(5);
  writer.ensure(40);
  const required = 'required' in element && element.required ? ' *' : '';
  writer.paragraph(`${element.label || element.dataLabel}${required}`, { font: fonts.bold, size: 10 });
  if (element.type === 'legal') writer.paragraph(element.text, { size: 9, indent: 12, color: MUTED });
  const view = describeAnswer(element, answer);
  const indent = 12;
  switch (view.kind) {
    case 'empty':
      writer.paragraph('Not answered', { font: fonts.italic, size: 10, indent, color: MUTED });
      return;
    case 'text':
      for (const line of view.lines) writer.paragraph(line, { size: 10, indent });
      return;
    case 'choices':
      if (view.items.length === 0)
        writer.paragraph('No options', { font: fonts.italic, size: 10, indent, color: MUTED });
      for (const item of view.items) writer.checkbox(item.checked, item.label, indent);
      return;
    case 'table':
      writer.space(3);
      if (view.rows.length === 0) writer.paragraph('No rows', { font: fonts.italic, size: 10, indent, color: MUTED });
      else writer.table(view.header, view.rows, view.widths, indent);
      return;
    case 'drawnSignature': {
      const image = await embedSignature(view.dataUrl);
      if (image) {
        writer.image(image, 220, 80, indent);
        writer.paragraph('Drawn signature', { font: fonts.italic, size: 8, indent, color: MUTED });
      } else {
        writer.paragraph('Signature image could not be read', { font: fonts.italic, size: 10, indent, color: MUTED });
      }
      return;
    }
    case 'typedSignature':
      writer.signatureText(view.text, 22, indent);
      writer.paragraph('Typed signature', { font: fonts.italic, size: 8, indent, color: MUTED });
      return;
  }
}

function drawCertificate(writer: SubmissionPdfWriter, input: SubmissionPdfInput): void {
  const { fonts } = writer;
  writer.paragraph('Signing certificate', { font: fonts.bold, size: 18 });
  writer.paragraph(
    'Every recorded event of this submission, in order. Times are UTC. A SHA-256 is the fingerprint of the answers ' +
      'at that moment: recomputing it from the stored record proves the answers were not changed.',
    { size: 9, color: MUTED },
  );
  writer.space(6);
  writer.field('Packet', input.packetName);
  writer.field('School', input.schoolName);
  writer.field('Recipient', input.recipientName);
  writer.field('Submission', input.submissionId, { font: fonts.mono });
  writer.field('Status', input.voided ? `${input.status} (voided)` : input.status);
  writer.field('Answer set SHA-256', hashAnswerSet(input.forms), { font: fonts.mono, size: 8.5 });
  input.forms.forEach((form, index) => {
    writer.field(`Form ${index + 1}`, form.name);
    writer.field('Form SHA-256', hashAnswers(form.answers), { font: fonts.mono, size: 8.5 });
  });
  drawSigners(writer, input.signatures ?? []);
  writer.space(6);
  writer.rule();
  writer.paragraph(`Events (${input.events.length})`, { font: fonts.bold, size: 12 });
  if (input.events.length === 0) {
    writer.paragraph('No events recorded.', { font: fonts.italic, size: 10, color: MUTED });
  }
  const events = [...input.events].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  events.forEach((event, index) => {
    writer.space(6);
    writer.ensure(80);
    writer.paragraph(`${index + 1}. ${event.action}`, { font: fonts.bold, size: 10 });
    writer.field('Actor', event.actor);
    writer.field('Time (UTC)', formatUtc(event.at));
    writer.field('IP address', event.ip ?? 'Not recorded');
    writer.field('User agent', event.userAgent ?? 'Not recorded');
    writer.field('Content SHA-256', event.answersSha256 ?? 'None', { font: fonts.mono, size: 8.5 });
  });
}

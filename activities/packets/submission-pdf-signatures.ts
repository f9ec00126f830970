import type { PDFImage } from 'pdf-lib';
import type { FormVersion } from '../../form-engine';
import { describeAnswer } from './submission-pdf-answers';
import { formatUtc } from './submission-pdf-text';
import { MUTED, type SubmissionPdfWriter } from './submission-pdf-writer';

/** One signature given on a submission, as the PDF shows it and its certificate attests it. */
export interface SubmissionPdfSignature {
  /** The workflow step the signature was given at. */
  stepName: string;
  /** What was signed: a form's signature question ("Medical history: Athlete signature") or the step itself. */
  source: string;
  signerName: string;
  signerEmail?: string;
  /** ISO UTC timestamp of the signing. */
  at: string;
  mark: { kind: 'drawn'; dataUrl: string } | { kind: 'typed'; text: string };
  /** How the signer was identified: a signed-in account, or the personal link e-mailed to them. */
  identifiedBy: string;
  /** The e-signature consent the signer accepted (external signers), with its version. */
  consent?: { version: string; at: string; ip?: string; userAgent?: string } | null;
  ip?: string;
  userAgent?: string;
  /** SHA-256 of the whole answer set at the moment of signing. */
  documentSha256?: string;
}

export type EmbedSignature = (dataUrl: string) => Promise<PDFImage | null>;

/** Whether anything in the PDF is a typed signature, i.e. whether the handwriting font must be embedded. */
export function needsSignatureFont(input: {
  signatures?: SubmissionPdfSignature[];
  forms: { version: FormVersion; answers: Record<string, unknown> }[];
}): boolean {
  if (input.signatures?.some((s) => s.mark.kind === 'typed')) return true;
  return input.forms.some((form) =>
    form.version.elements.some(
      (element) =>
        element.type === 'signature' && describeAnswer(element, form.answers[element.id]).kind === 'typedSignature',
    ),
  );
}

function signerLabel(signature: SubmissionPdfSignature): string {
  return signature.signerEmail ? `${signature.signerName} <${signature.signerEmail}>` : signature.signerName;
}

/** The signatures page: every signature as it was given (image or handwriting font), with who, when and the step. */
export async function drawSignatures(
  writer: SubmissionPdfWriter,
  signatures: SubmissionPdfSignature[],
  embedSignature: EmbedSignature,
): Promise<void> {
  const { fonts } = writer;
  writer.paragraph(`Signatures (${signatures.length})`, { font: fonts.bold, size: 18 });
  writer.paragraph('Every signature given on this submission, in the order it was given. Times are UTC.', {
    size: 9,
    color: MUTED,
  });
  for (const [index, signature] of signatures.entries()) {
    writer.space(10);
    writer.ensure(150);
    writer.paragraph(`${index + 1}. ${signature.stepName}`, { font: fonts.bold, size: 11 });
    writer.paragraph(signature.source, { size: 9, color: MUTED });
    if (signature.mark.kind === 'drawn') {
      const image = await embedSignature(signature.mark.dataUrl);
      if (image) writer.image(image, 220, 80, 12);
      else writer.paragraph('Signature image could not be read', { font: fonts.italic, size: 10, indent: 12 });
      writer.paragraph('Drawn signature', { font: fonts.italic, size: 8, indent: 12, color: MUTED });
    } else {
      writer.signatureText(signature.mark.text, 24, 12);
      writer.paragraph('Typed signature', { font: fonts.italic, size: 8, indent: 12, color: MUTED });
    }
    writer.space(2);
    writer.field('Signed by', signerLabel(signature));
    writer.field('Signed at', formatUtc(signature.at));
    writer.rule();
  }
}

/** The certificate's signer block: each signer's identification, consent, IP, user agent and document hash. */
export function drawSigners(writer: SubmissionPdfWriter, signatures: SubmissionPdfSignature[]): void {
  const { fonts } = writer;
  writer.space(6);
  writer.rule();
  writer.paragraph(`Signers (${signatures.length})`, { font: fonts.bold, size: 12 });
  if (signatures.length === 0) {
    writer.paragraph('No signatures recorded.', { font: fonts.italic, size: 10, color: MUTED });
    return;
  }
  signatures.forEach((signature, index) => {
    writer.space(6);
    writer.ensure(110);
    writer.paragraph(`${index + 1}. ${signerLabel(signature)}`, { font: fonts.bold, size: 10 });
    writer.field('Step', signature.stepName);
    writer.field('Signed', signature.source);
    writer.field('Time (UTC)', formatUtc(signature.at));
    writer.field('Identified by', signature.identifiedBy);
    writer.field(
      'E-sign consent',
      signature.consent
        ? `Version ${signature.consent.version}, accepted ${formatUtc(signature.consent.at)}` +
            (signature.consent.ip ? ` from ${signature.consent.ip}` : '')
        : 'Not asked: signed in to the platform with an account',
    );
    writer.field('IP address', signature.ip ?? 'Not recorded');
    writer.field('User agent', signature.userAgent ?? 'Not recorded');
    writer.field('Document SHA-256', signature.documentSha256 ?? 'Not recorded', { font: fonts.mono, size: 8.5 });
  });
}

import { pathToFileURL } from 'node:url';
import { renderSubmissionPdf, type SubmissionPdfInput } from '../activities/packets/render-submission-pdf';
import { everyElementAnswers, variedForm, variedFormAnswers } from '../form-engine/testing/sample-forms';
import { percentile, printTable, round, sample, type BenchRow } from './measure';

/**
 * The submission PDF (issue 4): a 5-form submission of 20 elements per form, every element type (drawn signature,
 * matrix, address, lists…) and a 12-event certificate, rendered in this process. Figures only, nothing asserted.
 * Run alone with `npx tsx bench/submission-pdf.bench.ts`.
 */
export function fiveFormSubmission(): SubmissionPdfInput {
  const forms = Array.from({ length: 5 }, (_, i) => ({
    name: `Form ${i + 1}: athlete paperwork`,
    version: { ...variedForm(20, `bench-v${i}`), name: `Form ${i + 1}` },
    answers: variedFormAnswers(20),
  }));
  const events = Array.from({ length: 12 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 20, 9, i * 4)).toISOString(),
    actor: i % 2 ? 'Pat Officer (admin@demo.edu)' : 'Ana Cruz (athlete@demo.edu)',
    action: i % 2 ? 'Approved' : 'Submitted',
    ip: `203.0.113.${i + 1}`,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    answersSha256: 'c'.repeat(64),
  }));
  return {
    packetName: 'Fall compliance paperwork',
    schoolName: 'Demo State University',
    submissionId: '3f1e9a52-0000-4000-8000-000000000001',
    recipientName: 'Ana Cruz',
    status: 'Approved',
    voided: false,
    forms,
    events,
    generatedAt: '2026-11-23T09:30:00.000Z',
  };
}

export async function runSubmissionPdfBench(): Promise<BenchRow[]> {
  const input = fiveFormSubmission();
  let bytes = 0;
  const samples = await sample(30, async () => {
    bytes = (await renderSubmissionPdf(input)).length;
  });
  const voided = await sample(10, () => renderSubmissionPdf({ ...input, voided: true }));
  // The signatures page: an approver's and an athlete's drawn signature and an external signer's typed one, which
  // embeds the handwriting font.
  const drawn = everyElementAnswers().sig as { image?: string } | undefined;
  const signed: SubmissionPdfInput = {
    ...input,
    signatures: ['Athlete fills in', 'Compliance signs', 'Physician signs'].map((stepName, i) => ({
      stepName,
      source: i === 2 ? 'Signed as external signer' : 'Approved with signature',
      signerName: i === 2 ? 'Grace Okafor' : 'Pat Officer',
      at: new Date(Date.UTC(2026, 10, 21, 9, i)).toISOString(),
      mark:
        i === 2 || !drawn?.image
          ? { kind: 'typed' as const, text: 'Grace Okafor' }
          : { kind: 'drawn' as const, dataUrl: drawn.image },
      identifiedBy: i === 2 ? 'Personal link e-mailed to doctor@clinic.test' : 'Signed-in account',
      documentSha256: 'c'.repeat(64),
    })),
  };
  const withSignatures = await sample(10, () => renderSubmissionPdf(signed));
  return [
    {
      name: 'submission PDF, 5 forms x 20 elements, p50',
      value: round(percentile(samples, 50)),
      unit: 'ms',
      goal: '< 300 ms',
    },
    {
      name: 'submission PDF, 5 forms x 20 elements, p95',
      value: round(percentile(samples, 95)),
      unit: 'ms',
      goal: '< 300 ms',
    },
    {
      name: 'submission PDF, voided (stamped), p50',
      value: round(percentile(voided, 50)),
      unit: 'ms',
      goal: '< 300 ms',
    },
    {
      name: 'submission PDF with a signatures page (2 drawn, 1 typed), p50',
      value: round(percentile(withSignatures, 50)),
      unit: 'ms',
      goal: '< 300 ms',
    },
    { name: 'submission PDF size', value: round(bytes / 1024), unit: 'KB', goal: '' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await runSubmissionPdfBench());
}

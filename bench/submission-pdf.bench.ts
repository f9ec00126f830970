import { pathToFileURL } from 'node:url';
import { renderSubmissionPdf, type SubmissionPdfInput } from '../activities/packets/render-submission-pdf';
import { variedForm, variedFormAnswers } from '../form-engine/testing/sample-forms';
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
    { name: 'submission PDF size', value: round(bytes / 1024), unit: 'KB', goal: '' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printTable(await runSubmissionPdfBench());
}

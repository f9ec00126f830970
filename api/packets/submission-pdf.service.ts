import type { FastifyRequest } from 'fastify';
import { renderSubmissionPdf } from '../../activities/packets/render-submission-pdf';
import { SUBMISSION_STATUS_LABELS } from '../../domain/packets';
import type { FormVersion } from '../../form-engine';
import { authOf } from '../plugins/authenticate';
import { loadSubmissionDetail } from './submissions.service';

/**
 * "Download as PDF": the submission as the people allowed to see it see it (same access as its detail, HIPAA reads
 * logged the same way), rendered by the pure renderer with every form, the answers and the signing certificate.
 */
export async function renderSubmissionPdfFor(request: FastifyRequest, submissionId: string) {
  const auth = authOf(request);
  const detail = await loadSubmissionDetail(request, submissionId);
  const bytes = await renderSubmissionPdf({
    packetName: detail.packetName,
    schoolName: auth.school.name,
    submissionId: detail.id,
    recipientName: detail.recipientName,
    status: SUBMISSION_STATUS_LABELS[detail.status],
    voided: detail.status === 'VOIDED',
    forms: detail.forms.map((form) => ({
      name: form.name,
      version: form.definition as unknown as FormVersion,
      answers: detail.answers[form.formId] ?? {},
    })),
    events: detail.events.map((event) => ({
      at: event.at,
      actor: event.actorEmail ? `${event.actorName} <${event.actorEmail}>` : event.actorName,
      action: event.kind,
      ...(event.ip ? { ip: event.ip } : {}),
      ...(event.userAgent ? { userAgent: event.userAgent } : {}),
      ...(event.answersSha256 ? { answersSha256: event.answersSha256 } : {}),
    })),
    generatedAt: new Date().toISOString(),
  });
  const safeName = detail.packetName.replace(/[^A-Za-z0-9 ._-]+/g, '').trim() || 'submission';
  return { bytes: Buffer.from(bytes), filename: `${safeName} - ${detail.recipientName}.pdf` };
}

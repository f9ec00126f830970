import type { Kysely } from 'kysely';
import {
  renderSubmissionPdf,
  type SubmissionPdfEvent,
  type SubmissionPdfSignature,
} from '../../activities/packets/render-submission-pdf';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '../../domain/packets';
import type { FormVersion } from '../../form-engine';
import type { Database } from '../../migrations/database';
import type { Actor } from '../shared/use-case';
import type { PacketDeps } from './packet-deps';
import { loadSubmissionDetail } from './submissions.service';

type Db = Kysely<Database>;

/** What a submission PDF is made of, whoever asks for it (staff with access, or the external signer's link). */
export interface SubmissionPdfSource {
  schoolId: string;
  schoolName: string;
  submissionId: string;
  packetName: string;
  recipientName: string;
  status: SubmissionStatus;
  workflow: PacketWorkflowDefinition;
  forms: Array<{ formId: string; name: string; definition: unknown }>;
  answers: Record<string, Record<string, unknown>>;
}

interface EventRow {
  kind: string;
  step_id: string | null;
  actor_name: string;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: unknown;
  answers_sha256: string | null;
  created_at: Date;
}

const SIGNING_KINDS = new Set(['SUBMITTED', 'RESUBMITTED', 'SIGNED', 'APPROVED']);
const STEP_SIGNATURE_SOURCE: Record<string, string> = {
  SIGNED: 'Signed as external signer',
  APPROVED: 'Approved with signature',
  SUBMITTED: 'Signed on submitting',
  RESUBMITTED: 'Signed on submitting again',
};

function markOf(value: unknown): SubmissionPdfSignature['mark'] | null {
  if (typeof value === 'string' && value.trim()) {
    return value.startsWith('data:image/') ? { kind: 'drawn', dataUrl: value } : { kind: 'typed', text: value };
  }
  if (!value || typeof value !== 'object') return null;
  const answer = value as { kind?: unknown; image?: unknown; text?: unknown };
  if (answer.kind === 'drawn' && typeof answer.image === 'string') return { kind: 'drawn', dataUrl: answer.image };
  if (answer.kind === 'typed' && typeof answer.text === 'string' && answer.text.trim())
    return { kind: 'typed', text: answer.text };
  return null;
}

/**
 * Every signature of a submission, read from the record: the steps' own signatures (in their audit events) and the
 * forms' signature questions (attributed to the last submit of the step that owns the question), each with the
 * signer's identification, IP, user agent, the answers' hash at that moment and, for an external signer, the
 * consent their link recorded.
 */
export async function loadPdfSignatures(db: Db, source: SubmissionPdfSource): Promise<SubmissionPdfSignature[]> {
  const [events, links] = await Promise.all([
    // A signed-in signer's event names the account; its e-mail comes from the account.
    db
      .selectFrom('packet_submission_events as e')
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'e.actor_user_id').onRef('u.school_id', '=', 'e.school_id'))
      .select(['e.kind', 'e.step_id', 'e.actor_name', 'e.ip', 'e.user_agent', 'e.details', 'e.answers_sha256'])
      .select((eb) => [eb.fn.coalesce('e.actor_email', 'u.email').as('actor_email'), 'e.created_at'])
      .where('e.school_id', '=', source.schoolId)
      .where('e.submission_id', '=', source.submissionId)
      .orderBy('e.id')
      .execute() as Promise<EventRow[]>,
    db
      .selectFrom('packet_signer_links')
      .select(['step_id', 'email', 'consent_version', 'consented_at', 'consent_ip', 'consent_user_agent'])
      .where('school_id', '=', source.schoolId)
      .where('submission_id', '=', source.submissionId)
      .where('consented_at', 'is not', null)
      .orderBy('consented_at')
      .execute(),
  ]);
  const stepName = (stepId: string | null, details: Record<string, unknown>) =>
    (typeof details.stepName === 'string' && details.stepName) ||
    source.workflow.steps.find((s) => s.id === stepId)?.name ||
    'Step';
  const signatureOf = (event: EventRow, mark: SubmissionPdfSignature['mark'], what: string): SubmissionPdfSignature => {
    const details = (event.details ?? {}) as Record<string, unknown>;
    const byLink = details.identifiedBy === 'signer link';
    const email = event.actor_email ?? undefined;
    const consent = byLink
      ? links
          .filter(
            (l) =>
              l.step_id === event.step_id &&
              l.email.toLowerCase() === (email ?? '').toLowerCase() &&
              l.consented_at!.getTime() <= event.created_at.getTime(),
          )
          .at(-1)
      : undefined;
    return {
      stepName: stepName(event.step_id, details),
      source: what,
      signerName: event.actor_name || email || 'Unknown',
      ...(email ? { signerEmail: email } : {}),
      at: event.created_at.toISOString(),
      mark,
      identifiedBy: byLink ? `Personal link e-mailed to ${email ?? 'the signer'}` : 'Signed-in account',
      consent: consent
        ? {
            version: consent.consent_version ?? 'unknown',
            at: consent.consented_at!.toISOString(),
            ...(consent.consent_ip ? { ip: consent.consent_ip } : {}),
            ...(consent.consent_user_agent ? { userAgent: consent.consent_user_agent } : {}),
          }
        : null,
      ...(event.ip ? { ip: event.ip } : {}),
      ...(event.user_agent ? { userAgent: event.user_agent } : {}),
      ...(event.answers_sha256 ? { documentSha256: event.answers_sha256 } : {}),
    };
  };

  const out: SubmissionPdfSignature[] = [];
  const submits = events.filter((e) => e.kind === 'SUBMITTED' || e.kind === 'RESUBMITTED');
  for (const form of source.forms) {
    const version = form.definition as FormVersion;
    for (const element of version.elements ?? []) {
      if (element.type !== 'signature') continue;
      const mark = markOf(source.answers[form.formId]?.[element.id]);
      if (!mark) continue;
      const owner = source.workflow.steps.find((s) => s.questionIds.includes(`${form.formId}:${element.id}`));
      const event = (owner ? submits.filter((e) => e.step_id === owner.id) : submits).at(-1);
      if (!event) continue;
      out.push(signatureOf(event, mark, `${form.name}: ${element.label || element.dataLabel}`));
    }
  }
  for (const event of events) {
    if (!SIGNING_KINDS.has(event.kind)) continue;
    const mark = markOf((event.details as Record<string, unknown> | null)?.signature);
    if (mark) out.push(signatureOf(event, mark, STEP_SIGNATURE_SOURCE[event.kind] ?? 'Signed'));
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The PDF of a submission from its record, with every signature and the certificate. */
export async function buildSubmissionPdf(
  db: Db,
  source: SubmissionPdfSource,
  events: SubmissionPdfEvent[],
): Promise<{ bytes: Buffer; filename: string }> {
  const bytes = await renderSubmissionPdf({
    packetName: source.packetName,
    schoolName: source.schoolName,
    submissionId: source.submissionId,
    recipientName: source.recipientName,
    status: SUBMISSION_STATUS_LABELS[source.status],
    voided: source.status === 'VOIDED',
    forms: source.forms.map((form) => ({
      name: form.name,
      version: form.definition as FormVersion,
      answers: source.answers[form.formId] ?? {},
    })),
    events,
    signatures: await loadPdfSignatures(db, source),
    generatedAt: new Date().toISOString(),
  });
  const safeName = source.packetName.replace(/[^A-Za-z0-9 ._-]+/g, '').trim() || 'submission';
  return { bytes: Buffer.from(bytes), filename: `${safeName} - ${source.recipientName}.pdf` };
}

/** The audit trail as the certificate lists it. */
export function toPdfEvents(
  events: Array<{
    at: string;
    kind: string;
    actorName: string;
    actorEmail: string | null;
    ip: string | null;
    userAgent: string | null;
    answersSha256: string | null;
  }>,
): SubmissionPdfEvent[] {
  return events.map((event) => ({
    at: event.at,
    actor: event.actorEmail ? `${event.actorName} <${event.actorEmail}>` : event.actorName,
    action: event.kind,
    ...(event.ip ? { ip: event.ip } : {}),
    ...(event.userAgent ? { userAgent: event.userAgent } : {}),
    ...(event.answersSha256 ? { answersSha256: event.answersSha256 } : {}),
  }));
}

/**
 * "Download as PDF": the submission as the people allowed to see it see it (same access as its detail, HIPAA reads
 * logged the same way), rendered by the pure renderer with every form, the answers, the signatures and the signing
 * certificate.
 */
export async function renderSubmissionPdfFor(deps: PacketDeps, actor: Actor, submissionId: string) {
  const detail = await loadSubmissionDetail(deps, actor, submissionId);
  const school = await deps.db
    .selectFrom('schools')
    .select('name')
    .where('id', '=', actor.schoolId)
    .executeTakeFirstOrThrow();
  return buildSubmissionPdf(
    deps.db,
    {
      schoolId: actor.schoolId,
      schoolName: school.name,
      submissionId: detail.id,
      packetName: detail.packetName,
      recipientName: detail.recipientName,
      status: detail.status,
      workflow: detail.workflow as PacketWorkflowDefinition,
      forms: detail.forms,
      answers: detail.answers,
    },
    toPdfEvents(detail.events),
  );
}

import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { AppError } from '../../domain/errors';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import { ESIGN_CONSENT, packetWorkflowIds, SIGNER_COPY_DAYS } from '../../domain/packets';
import { hashToken, verifyLinkToken } from '../../domain/signed-links';
import { recordAudit } from '../audit/audit.repository';
import { findSchoolToday } from '../forms/school-today';
import { assertPacketAnswerLimits } from '../shared/answer-limits';
import type { RequestMeta } from '../shared/request-meta';
import type { packetSignerCopyWorkflow } from '../../workflows/packets/signer-copy.workflow';
import { requireTemporal, taskQueueOf } from '../shared/workflow-client';
import type { PacketDeps } from './packet-deps';
import { loadFormVersionsById } from './packets.repository';
import { toPacketForm } from './packets.service';
import { buildSubmissionPdf, toPdfEvents } from './submission-pdf.service';
import { executeStepAction, loadAnswers, loadEvents } from './submissions.service';

/**
 * The external signer's pages, reached only with the mailed token (public routes). A link works for signing while it
 * is that signer's turn: not revoked (void, recall, change request), not used, not expired, and the submission's
 * active step and round are the link's. Only the token's SHA-256 is stored. The signer reads the document first (every
 * form as filled so far, and its PDF), then accepts the consent to sign electronically (ESIGN, versioned, recorded
 * with IP and user agent), then signs. Once signed, the same link gives them the signed PDF for SIGNER_COPY_DAYS.
 * Nobody is signed in: each use case takes the request's origin (`requestMeta`) for the record.
 */
async function findLink(deps: PacketDeps, token: string) {
  const { db } = deps;
  const idPart = verifyLinkToken(deps.appSecret, 'external-signer', token);
  if (!idPart) throw new AppError('LINK_NO_LONGER_VALID');
  const link = await db
    .selectFrom('packet_signer_links as l')
    .innerJoin('packet_submissions as s', (j) =>
      j.onRef('s.id', '=', 'l.submission_id').onRef('s.school_id', '=', 'l.school_id'),
    )
    .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
    .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
    .select([
      'l.id',
      'l.nonce',
      'l.school_id',
      'l.submission_id',
      'l.step_id',
      'l.round',
      'l.email',
      'l.first_name',
      'l.last_name',
      'l.expires_at',
      'l.consent_version',
      'l.consented_at',
      'l.used_at',
      'l.revoked_at',
      's.status',
      's.active_step_id',
      's.round as submission_round',
      's.workflow_id',
      'v.name as packet_name',
      'v.forms',
      'v.workflow',
      's.recipient_user_id',
    ])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!link || idPart !== link.nonce) throw new AppError('LINK_NO_LONGER_VALID');
  return link;
}

/** When a signed link stops giving its signer the signed copy. */
function copyUntil(link: { used_at: Date | null }): Date | null {
  return link.used_at ? new Date(link.used_at.getTime() + SIGNER_COPY_DAYS * 86_400_000) : null;
}

/** A link its signer has signed with, still within the copy's retention: for reading and downloading only. */
async function findLinkToReadOrSign(deps: PacketDeps, token: string) {
  const link = await findLink(deps, token);
  const until = copyUntil(link);
  if (until && until.getTime() > deps.now().getTime()) return link;
  return findUsableLink(deps, token, link);
}

async function findUsableLink(deps: PacketDeps, token: string, found?: Awaited<ReturnType<typeof findLink>>) {
  const link = found ?? (await findLink(deps, token));
  if (link.status === 'VOIDED') throw new AppError('PACKET_VOIDED');
  const outOfTurn = link.active_step_id !== link.step_id || link.submission_round !== link.round;
  if (link.revoked_at || link.used_at || link.expires_at.getTime() <= deps.now().getTime() || outOfTurn) {
    throw new AppError('LINK_NO_LONGER_VALID');
  }
  return link;
}
type Link = Awaited<ReturnType<typeof findUsableLink>>;

async function appendSignerEvent(
  deps: PacketDeps,
  origin: RequestMeta,
  link: Link,
  kind: string,
  key: string,
  details: Record<string, unknown> = {},
) {
  await deps.db
    .insertInto('packet_submission_events')
    .values({
      school_id: link.school_id,
      submission_id: link.submission_id,
      kind,
      step_id: link.step_id,
      actor_email: link.email,
      actor_name: `${link.first_name} ${link.last_name}`.trim(),
      ip: origin.ip,
      user_agent: origin.userAgent,
      details: JSON.stringify({ identifiedBy: 'signer link', ...details }),
      idempotency_key: `${link.workflow_id}:${key}`,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

export async function openSignerLink(deps: PacketDeps, origin: RequestMeta, token: string) {
  const link = await findLinkToReadOrSign(deps, token);
  if (!link.used_at) await appendSignerEvent(deps, origin, link, 'OPENED', `opened:${link.id}`);
  const consented = link.consent_version === ESIGN_CONSENT.version && !!link.consented_at;
  const step = (link.workflow as PacketWorkflowDefinition).steps.find((s) => s.id === link.step_id);
  // The document comes first: the signer reads every form as the earlier steps filled it before consenting.
  const [forms, answers] = await Promise.all([
    loadFormVersionsById(deps.db, link.school_id, link.forms),
    loadAnswers(deps.db, deps.appSecret, link.school_id, link.submission_id, {
      userId: null,
      email: link.email,
    }),
  ]);
  return {
    packetName: link.packet_name,
    signerName: `${link.first_name} ${link.last_name}`.trim(),
    stepName: step?.name ?? '',
    stepKind: step?.kind ?? 'EXTERNAL_SIGNER',
    consent: {
      version: ESIGN_CONSENT.version,
      text: ESIGN_CONSENT.text,
      acceptedAt: consented ? link.consented_at!.toISOString() : null,
    },
    forms: forms.map(toPacketForm),
    answers,
    questionIds: step?.questionIds ?? [],
    expiresAt: link.expires_at.toISOString(),
    status: link.status,
    signedAt: link.used_at ? link.used_at.toISOString() : null,
    copyUntil: copyUntil(link)?.toISOString() ?? null,
  };
}

/**
 * The submission's PDF for its external signer: while it is their turn (to read before signing) and, once they have
 * signed, for SIGNER_COPY_DAYS (their signed copy; a packet voided since keeps its VOID stamp). Every download is in
 * the audit log.
 */
export async function renderSignerPdf(deps: PacketDeps, origin: RequestMeta, token: string) {
  const { db } = deps;
  const link = await findLinkToReadOrSign(deps, token);
  const [school, recipient, forms, answers, events] = await Promise.all([
    db.selectFrom('schools').select('name').where('id', '=', link.school_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', link.recipient_user_id)
      .where('school_id', '=', link.school_id)
      .executeTakeFirst(),
    loadFormVersionsById(db, link.school_id, link.forms),
    loadAnswers(db, deps.appSecret, link.school_id, link.submission_id, { userId: null, email: link.email }),
    loadEvents(db, link.school_id, link.submission_id),
  ]);
  await recordAudit(db, {
    schoolId: link.school_id,
    actorUserId: null,
    action: 'packet.signer_pdf.downloaded',
    targetType: 'packet_submission',
    targetId: link.submission_id,
    ip: origin.ip,
    userAgent: origin.userAgent,
    details: { signerEmail: link.email, signed: !!link.used_at },
  });
  return buildSubmissionPdf(
    db,
    {
      schoolId: link.school_id,
      schoolName: school.name,
      submissionId: link.submission_id,
      packetName: link.packet_name,
      recipientName: recipient ? `${recipient.first_name} ${recipient.last_name}`.trim() : 'Recipient',
      status: link.status,
      workflow: link.workflow as PacketWorkflowDefinition,
      forms,
      answers,
    },
    toPdfEvents(events),
  );
}

export async function recordSignerConsent(
  deps: PacketDeps,
  origin: RequestMeta,
  token: string,
  body: { consentVersion: string; email: string; firstName: string; lastName: string },
) {
  const link = await findUsableLink(deps, token);
  if (!body.firstName.trim() || !body.lastName.trim() || !body.email.trim())
    throw new AppError('EXTERNAL_SIGNER_DETAILS');
  if (body.email.trim().toLowerCase() !== link.email.toLowerCase()) {
    throw new AppError('EXTERNAL_SIGNER_DETAILS', [
      { field: 'email', message: 'Use the e-mail address this link was sent to.' },
    ]);
  }
  if (body.consentVersion !== ESIGN_CONSENT.version) {
    throw new AppError('ESIGN_CONSENT_REQUIRED', [
      { field: 'consentVersion', message: 'The consent text has changed; read it again.' },
    ]);
  }
  await deps.db
    .updateTable('packet_signer_links')
    .set({
      consent_version: ESIGN_CONSENT.version,
      consented_at: deps.now(),
      consent_ip: origin.ip,
      consent_user_agent: origin.userAgent,
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
    })
    .where('id', '=', link.id)
    .execute();
  await appendSignerEvent(deps, origin, link, 'CONSENTED', `consent:${link.id}`, {
    consentVersion: ESIGN_CONSENT.version,
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
  });
  return openSignerLink(deps, origin, token);
}

export async function submitAsSigner(
  deps: PacketDeps,
  origin: RequestMeta,
  token: string,
  body: { answers?: Record<string, Record<string, unknown>>; signature: string },
) {
  assertPacketAnswerLimits(body.answers);
  const link = await findUsableLink(deps, token);
  if (link.consent_version !== ESIGN_CONSENT.version || !link.consented_at)
    throw new AppError('ESIGN_CONSENT_REQUIRED');
  const today = await findSchoolToday(deps.db, link.school_id, deps.now());
  const state = await executeStepAction(
    requireTemporal(deps),
    link.workflow_id,
    {
      stepId: link.step_id,
      action: 'SUBMIT',
      actor: {
        email: link.email,
        linkId: link.id,
        name: `${link.first_name} ${link.last_name}`.trim(),
        ip: origin.ip,
        userAgent: origin.userAgent,
      },
      today,
      signature: body.signature,
      ...(body.answers ? { answers: body.answers } : {}),
    },
    deps.db,
  );
  await startSignerCopy(deps, link);
  return { status: state.status };
}

/**
 * Starts the process that mails the signer their signed copy. The signature is recorded whatever happens here: a
 * failure to start is logged (the copy stays downloadable from the link), and a second start finds the first.
 */
async function startSignerCopy(deps: PacketDeps, link: Link): Promise<void> {
  try {
    await requireTemporal(deps).workflow.start<typeof packetSignerCopyWorkflow>('packetSignerCopyWorkflow', {
      workflowId: packetWorkflowIds.signerCopy(link.id),
      taskQueue: taskQueueOf(deps),
      args: [{ schoolId: link.school_id, linkId: link.id, submissionId: link.submission_id }],
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    deps.log?.warn?.({ err, linkId: link.id }, 'the signed copy mail could not be started');
  }
}

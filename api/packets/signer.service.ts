import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import { ESIGN_CONSENT } from '../../domain/packets';
import { hashToken, verifyLinkToken } from '../../domain/signed-links';
import { findSchoolToday } from '../forms/school-today';
import { assertPacketAnswerLimits } from '../shared/answer-limits';
import { requestMeta } from '../shared/request-meta';
import { requireTemporal } from '../shared/workflow-client';
import { loadFormVersionsById } from './packets.repository';
import { executeStepAction, loadAnswers } from './submissions.service';

/**
 * The external signer's pages, reached only with the mailed token (public routes). A link works while it is that
 * signer's turn: not revoked (void, recall, change request), not used, not expired, and the submission's active
 * step and round are the link's. Only the token's SHA-256 is stored. Consent to sign electronically (ESIGN,
 * versioned) is recorded with IP and user agent before the packet is shown.
 */
async function findUsableLink(request: FastifyRequest, token: string) {
  const deps = request.server.deps;
  const { db } = deps.database;
  const idPart = verifyLinkToken(deps.config.appSecret, 'external-signer', token);
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
    ])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!link || idPart !== link.nonce) throw new AppError('LINK_NO_LONGER_VALID');
  if (link.status === 'VOIDED') throw new AppError('PACKET_VOIDED');
  const outOfTurn = link.active_step_id !== link.step_id || link.submission_round !== link.round;
  if (link.revoked_at || link.used_at || link.expires_at.getTime() <= Date.now() || outOfTurn) {
    throw new AppError('LINK_NO_LONGER_VALID');
  }
  return link;
}
type Link = Awaited<ReturnType<typeof findUsableLink>>;

async function appendSignerEvent(
  request: FastifyRequest,
  link: Link,
  kind: string,
  key: string,
  details: Record<string, unknown> = {},
) {
  const meta = requestMeta(request);
  await request.server.deps.database.db
    .insertInto('packet_submission_events')
    .values({
      school_id: link.school_id,
      submission_id: link.submission_id,
      kind,
      step_id: link.step_id,
      actor_email: link.email,
      actor_name: `${link.first_name} ${link.last_name}`.trim(),
      ip: meta.ip,
      user_agent: meta.userAgent,
      details: JSON.stringify({ identifiedBy: 'signer link', ...details }),
      idempotency_key: `${link.workflow_id}:${key}`,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

export async function openSignerLink(request: FastifyRequest, token: string) {
  const deps = request.server.deps;
  const link = await findUsableLink(request, token);
  await appendSignerEvent(request, link, 'OPENED', `opened:${link.id}`);
  const consented = link.consent_version === ESIGN_CONSENT.version && !!link.consented_at;
  const step = (link.workflow as PacketWorkflowDefinition).steps.find((s) => s.id === link.step_id);
  const forms = consented ? await loadFormVersionsById(deps.database.db, link.school_id, link.forms) : [];
  const answers = consented
    ? await loadAnswers(deps.database.db, deps.config.appSecret, link.school_id, link.submission_id, {
        userId: null,
        email: link.email,
      })
    : {};
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
    forms: forms.map((f) => ({
      formId: f.formId,
      formVersionId: f.formVersionId,
      name: f.name,
      version: f.version,
      definition: f.definition as unknown as Record<string, unknown>,
    })),
    answers,
    questionIds: step?.questionIds ?? [],
    expiresAt: link.expires_at.toISOString(),
  };
}

export async function recordSignerConsent(
  request: FastifyRequest,
  token: string,
  body: { consentVersion: string; email: string; firstName: string; lastName: string },
) {
  const link = await findUsableLink(request, token);
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
  const meta = requestMeta(request);
  await request.server.deps.database.db
    .updateTable('packet_signer_links')
    .set({
      consent_version: ESIGN_CONSENT.version,
      consented_at: new Date(),
      consent_ip: meta.ip,
      consent_user_agent: meta.userAgent,
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
    })
    .where('id', '=', link.id)
    .execute();
  await appendSignerEvent(request, link, 'CONSENTED', `consent:${link.id}`, {
    consentVersion: ESIGN_CONSENT.version,
    firstName: body.firstName.trim(),
    lastName: body.lastName.trim(),
  });
  return openSignerLink(request, token);
}

export async function submitAsSigner(
  request: FastifyRequest,
  token: string,
  body: { answers?: Record<string, Record<string, unknown>>; signature: string },
) {
  const deps = request.server.deps;
  assertPacketAnswerLimits(body.answers);
  const link = await findUsableLink(request, token);
  if (link.consent_version !== ESIGN_CONSENT.version || !link.consented_at)
    throw new AppError('ESIGN_CONSENT_REQUIRED');
  const meta = requestMeta(request);
  const today = await findSchoolToday(deps.database.db, link.school_id);
  const state = await executeStepAction(requireTemporal(deps), link.workflow_id, {
    stepId: link.step_id,
    action: 'SUBMIT',
    actor: {
      email: link.email,
      linkId: link.id,
      name: `${link.first_name} ${link.last_name}`.trim(),
      ip: meta.ip,
      userAgent: meta.userAgent,
    },
    today,
    signature: body.signature,
    ...(body.answers ? { answers: body.answers } : {}),
  });
  return { status: state.status };
}

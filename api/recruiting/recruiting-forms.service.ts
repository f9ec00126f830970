import { randomUUID } from 'node:crypto';
import { AppError, ERRORS } from '../../domain/errors';
import {
  judgeRecruitingFormLink,
  linkExpiryFrom,
  expiredLinkWaitMessage,
  mayReissueLink,
  parseRecruitingFormLinkId,
  RECRUITING_FORM_RULES,
  recruitingFormLinkWorkflowId,
  recruitingFormStatus,
  type RecruitingFormLinkId,
} from '../../domain/recruiting-forms';
import { hashToken, verifyLinkToken } from '../../domain/signed-links';
import { compileForm, type FormVersion } from '../../form-engine';
import { signRecruitingFormToken } from '../../activities/shared/links';
import { recruitingFormLinkWorkflow } from '../../workflows/recruiting/recruiting-form-link.workflow';
import { recordAudit } from '../audit/audit.repository';
import { createForm } from '../forms/forms.service';
import { archiveForm } from '../forms/forms.repository';
import { findSchoolToday } from '../forms/school-today';
import { insertNotification } from '../notifications/notifications.repository';
import { assertFormAnswerLimits } from '../shared/answer-limits';
import type { RequestMeta } from '../shared/request-meta';
import { requireTemporal, taskQueueOf } from '../shared/workflow-client';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { insertPsaEvent } from './psas.repository';
import type { RecruitingFormDeps } from './recruiting-form-deps';
import {
  findRecipients,
  findRecruitingTemplate,
  findSendDetail,
  findSendSender,
  insertRecruitingFormSends,
  listRecruitingTemplates,
  listSends,
  lockSendForLink,
  markFormVersionAnswered,
  touchPsaLastContact,
  updateRecruitingFormSend,
  type SendFilter,
} from './recruiting-forms.repository';

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The school's recruiting templates, newest first, with how their sends stand. */
export async function listRecruitingFormTemplates(deps: CoreDeps, actor: Actor) {
  const rows = await listRecruitingTemplates(deps.db, actor.schoolId);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      version: r.version,
      elementCount: Number(r.element_count),
      createdBy: r.created_by_name,
      updatedAt: r.updated_at.toISOString(),
      counts: { sent: r.sent, opened: r.opened, submitted: r.submitted, expired: r.expired },
    })),
  };
}

/** A new recruiting template: an empty long form of the engine, marked as recruiting. */
export async function createRecruitingTemplate(deps: CoreDeps, actor: Actor, name: string) {
  const detail = await createForm(deps, actor, { name, kind: 'LONG' }, 'RECRUITING');
  return { id: detail.id, name: detail.name };
}

export async function archiveRecruitingTemplate(deps: CoreDeps, actor: Actor, formId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await findRecruitingTemplate(trx, actor.schoolId, formId))) throw new AppError('NOT_FOUND');
    await archiveForm(trx, actor.schoolId, formId);
    await auditBy(trx, actor, { action: 'recruiting_form.template_archived', targetType: 'form', targetId: formId });
  });
}

/** Starts the mail of one link; the workflow id makes a retried call mail it once. */
async function startLinkMail(deps: CoreDeps, link: RecruitingFormLinkId): Promise<void> {
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.start(recruitingFormLinkWorkflow, {
      workflowId: recruitingFormLinkWorkflowId(link.sendId, link.generation),
      taskQueue: taskQueueOf(deps),
      args: [link],
    });
  } catch (err) {
    if ((err as { name?: string }).name !== 'WorkflowExecutionAlreadyStartedError') throw err;
  }
}

/**
 * Sends the template's published version to each chosen prospect (at most 20): one row and one signed, expiring,
 * single-prospect link each, mailed by a workflow. Every prospect must belong to the school, be active and have an
 * e-mail, or nothing is sent.
 */
export async function sendRecruitingForm(
  deps: RecruitingFormDeps,
  actor: Actor,
  formId: string,
  psaIds: readonly string[],
) {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const unique = [...new Set(psaIds)];
  if (unique.length === 0) throw new AppError('RECRUITING_FORM_NO_RECIPIENTS');
  if (unique.length > RECRUITING_FORM_RULES.maxRecipientsPerSend) {
    throw new AppError('RECRUITING_FORM_TOO_MANY_RECIPIENTS');
  }
  requireTemporal(deps);
  const template = await findRecruitingTemplate(db, schoolId, formId);
  if (!template) throw new AppError('NOT_FOUND');
  if (template.status !== 'PUBLISHED') throw new AppError('RECRUITING_FORM_NOT_PUBLISHED');
  const psas = await findRecipients(db, schoolId, unique);
  const byId = new Map(psas.map((p) => [p.id, p]));
  const missing = unique.filter((id) => {
    const p = byId.get(id);
    return !p || p.state_status === 'ARCHIVED' || p.merged_into_id !== null;
  });
  if (missing.length > 0) {
    throw new AppError(
      'NOT_FOUND',
      missing.map((id) => ({ field: 'psaIds', message: `Prospect ${id} is not an active prospect of this school.` })),
    );
  }
  const withoutEmail = psas.filter((p) => !p.email?.trim());
  if (withoutEmail.length > 0) {
    throw new AppError(
      'RECRUITING_FORM_PSA_NO_EMAIL',
      withoutEmail.map((p) => ({ field: 'psaIds', message: `${fullName(p.first_name, p.last_name)} has no email.` })),
    );
  }
  const now = deps.now();
  const links: RecruitingFormLinkId[] = unique.map(() => ({ schoolId, sendId: randomUUID(), generation: 1 }));
  await db.transaction().execute(async (trx) => {
    await insertRecruitingFormSends(
      trx,
      links.map((link, i) => ({
        id: link.sendId,
        school_id: schoolId,
        form_id: formId,
        form_version_id: template.version_id,
        psa_id: unique[i]!,
        email: byId.get(unique[i]!)!.email!.trim(),
        token_hash: hashToken(signRecruitingFormToken(deps.appSecret, link)),
        expires_at: linkExpiryFrom(now),
        link_issued_at: now,
        sent_by: actor.userId,
        sent_at: now,
      })),
    );
    for (const [i, link] of links.entries()) {
      await insertPsaEvent(trx, {
        schoolId,
        psaId: unique[i]!,
        actorUserId: actor.userId,
        action: 'formSent',
        details: { formName: template.name, sendId: link.sendId },
      });
    }
    await auditBy(trx, actor, {
      action: 'recruiting_form.sent',
      targetType: 'form',
      targetId: formId,
      details: { version: template.version, recipients: unique.length, sendIds: links.map((l) => l.sendId) },
    });
  });
  // After the commit: a workflow that reads the row must find it. A start that fails leaves the row (status "Sent")
  // and the error; staff can send again.
  for (const link of links) await startLinkMail(deps, link);
  return { sent: links.length, sendIds: links.map((l) => l.sendId) };
}

export function toSendDto(
  row: {
    id: string;
    form_id: string;
    form_name: string;
    psa_id: string;
    first_name: string;
    last_name: string;
    email: string;
    sent_at: Date;
    opened_at: Date | null;
    submitted_at: Date | null;
    expires_at: Date;
    link_generation: number;
    sent_by_name: string | null;
  },
  now: Date,
) {
  const status = recruitingFormStatus(
    {
      submittedAt: row.submitted_at,
      openedAt: row.opened_at,
      expiresAt: row.expires_at,
      linkGeneration: row.link_generation,
    },
    now,
  );
  return {
    id: row.id,
    templateId: row.form_id,
    templateName: row.form_name,
    psaId: row.psa_id,
    psaName: fullName(row.first_name, row.last_name),
    email: row.email,
    status,
    sentAt: row.sent_at.toISOString(),
    openedAt: row.opened_at?.toISOString() ?? null,
    submittedAt: row.submitted_at?.toISOString() ?? null,
    expiresAt: row.expires_at.toISOString(),
    sentBy: row.sent_by_name,
  };
}

export async function listRecruitingFormSends(deps: CoreDeps, actor: Actor, filter: SendFilter) {
  const { rows, total } = await listSends(deps.db, actor.schoolId, filter);
  const now = deps.now();
  return { items: rows.map((r) => toSendDto(r, now)), total, limit: filter.limit, offset: filter.offset };
}

export async function getRecruitingFormSend(deps: CoreDeps, actor: Actor, sendId: string) {
  const row = await findSendDetail(deps.db, actor.schoolId, sendId);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...toSendDto(row, deps.now()),
    definition: row.definition as unknown as Record<string, unknown>,
    answers: (row.answers as Record<string, unknown> | null) ?? null,
  };
}

// ---- the prospect's public link ----

/** The id a token carries when its MAC is ours; anything else is "Form not found" (no hint what was wrong). */
function readToken(deps: RecruitingFormDeps, token: string): RecruitingFormLinkId {
  const idText = verifyLinkToken(deps.appSecret, 'recruiting-form', token);
  const link = idText ? parseRecruitingFormLinkId(idText) : null;
  if (!link) throw new AppError('RECRUITING_FORM_NOT_FOUND');
  return link;
}

type LockedSend = NonNullable<Awaited<ReturnType<typeof lockSendForLink>>>;
type LinkOutcome<T> =
  { kind: 'ok'; value: T } | { kind: 'submitted' } | { kind: 'expired'; reissued: number | null; message: string };

/**
 * Runs `work` on the send of a live link, inside a transaction holding its row. A submitted form refuses every
 * link; a dead link (past its expiry or replaced) mails a fresh one, at most once per cooldown, and answers with the
 * catalogue's "expired" message. The refusal is thrown after the commit, so the fresh link is kept.
 */
async function withLiveLink<T>(
  deps: RecruitingFormDeps,
  origin: RequestMeta,
  token: string,
  work: (trx: Parameters<typeof lockSendForLink>[0], send: LockedSend) => Promise<T>,
): Promise<T> {
  const { db } = deps;
  const link = readToken(deps, token);
  const now = deps.now();
  const outcome = await db.transaction().execute(async (trx): Promise<LinkOutcome<T>> => {
    const send = await lockSendForLink(trx, link.schoolId, link.sendId);
    if (!send) throw new AppError('RECRUITING_FORM_NOT_FOUND');
    const current = link.generation === send.link_generation;
    // The current link must also be the one stored; an older one is simply expired.
    if (current && send.token_hash !== hashToken(token)) throw new AppError('RECRUITING_FORM_NOT_FOUND');
    if (link.generation > send.link_generation) throw new AppError('RECRUITING_FORM_NOT_FOUND');
    const state = {
      submittedAt: send.submitted_at,
      openedAt: send.opened_at,
      expiresAt: send.expires_at,
      linkGeneration: send.link_generation,
    };
    const verdict = judgeRecruitingFormLink(state, link.generation, now);
    if (verdict === 'SUBMITTED') return { kind: 'submitted' };
    if (verdict === 'EXPIRED') {
      const issued = { linkIssuedAt: send.link_issued_at, reissueCount: send.reissue_count };
      if (!mayReissueLink(issued, now)) {
        return { kind: 'expired', reissued: null, message: expiredLinkWaitMessage(issued, now) };
      }
      const fresh: RecruitingFormLinkId = { ...link, generation: send.link_generation + 1 };
      await updateRecruitingFormSend(trx, send, {
        link_generation: fresh.generation,
        token_hash: hashToken(signRecruitingFormToken(deps.appSecret, fresh)),
        expires_at: linkExpiryFrom(now),
        link_issued_at: now,
        reissue_count: send.reissue_count + 1,
      });
      await recordAudit(trx, {
        schoolId: send.school_id,
        action: 'recruiting_form.link_reissued',
        targetType: 'recruiting_form_send',
        targetId: send.id,
        ...origin,
        details: { generation: fresh.generation, expiredGeneration: link.generation },
      });
      return { kind: 'expired', reissued: fresh.generation, message: ERRORS.RECRUITING_FORM_LINK_EXPIRED.message };
    }
    return { kind: 'ok', value: await work(trx, send) };
  });
  if (outcome.kind === 'submitted') throw new AppError('RECRUITING_FORM_ALREADY_SUBMITTED');
  if (outcome.kind === 'expired') {
    if (outcome.reissued !== null) {
      await startLinkMail(deps, { ...link, generation: outcome.reissued }).catch((err: unknown) => {
        deps.log?.error({ err }, 'recruiting form link mail could not start');
      });
    }
    throw new AppError('RECRUITING_FORM_LINK_EXPIRED', undefined, outcome.message);
  }
  return outcome.value;
}

/** What the prospect's page shows; the first open is recorded (status "Opened"). */
export async function openRecruitingFormLink(deps: RecruitingFormDeps, origin: RequestMeta, token: string) {
  const send = await withLiveLink(deps, origin, token, async (trx, send) => {
    if (!send.opened_at) {
      await updateRecruitingFormSend(trx, send, { opened_at: deps.now() });
      await recordAudit(trx, {
        schoolId: send.school_id,
        action: 'recruiting_form.opened',
        targetType: 'recruiting_form_send',
        targetId: send.id,
        ...origin,
      });
    }
    return send;
  });
  return {
    formName: send.form_name,
    schoolName: send.school_name,
    prospectFirstName: send.first_name,
    expiresAt: send.expires_at.toISOString(),
    today: await findSchoolToday(deps.db, send.school_id),
    definition: send.definition as unknown as Record<string, unknown>,
  };
}

/**
 * Stores the prospect's answers once: the form engine validates them against the version that was sent (its
 * messages go back as details), then the send is marked submitted, the version is marked answered (frozen), the
 * prospect's history and the sender's notifications learn of it.
 */
export async function submitRecruitingForm(
  deps: RecruitingFormDeps,
  origin: RequestMeta,
  token: string,
  answers: Record<string, unknown>,
) {
  assertFormAnswerLimits(answers);
  return withLiveLink(deps, origin, token, async (trx, send) => {
    // Read inside the link's transaction: the root handle would wait for a second connection this one holds up.
    const today = await findSchoolToday(trx, send.school_id);
    // The engine's own messages, per element, as VALIDATION_FAILED details.
    const stored = compileForm(send.definition as unknown as FormVersion).assertValid(answers, { today });
    const now = deps.now();
    await updateRecruitingFormSend(trx, send, {
      submitted_at: now,
      opened_at: send.opened_at ?? now,
      answers: JSON.stringify(stored),
      submitted_ip: origin.ip,
      submitted_user_agent: origin.userAgent?.slice(0, 500) ?? null,
    });
    await markFormVersionAnswered(trx, send.school_id, send.form_version_id);
    await insertPsaEvent(trx, {
      schoolId: send.school_id,
      psaId: send.psa_id,
      actorUserId: null,
      action: 'formSubmitted',
      details: { formName: send.form_name, sendId: send.id },
      key: `recruiting-form-submitted:${send.id}`,
    });
    await touchPsaLastContact(trx, send.school_id, send.psa_id, now);
    await recordAudit(trx, {
      schoolId: send.school_id,
      action: 'recruiting_form.submitted',
      targetType: 'recruiting_form_send',
      targetId: send.id,
      ...origin,
      details: { formId: send.form_id, psaId: send.psa_id, identifiedBy: 'recruiting form link' },
    });
    const sender = await findSendSender(trx, send.id);
    if (sender) {
      await insertNotification(trx, {
        schoolId: send.school_id,
        userId: sender,
        payload: {
          module: 'recruiting',
          status: 'submitted',
          title: 'Recruiting form submitted',
          body: `${send.first_name} submitted "${send.form_name}".`,
          formId: send.form_id,
          featureData: { psaId: send.psa_id, isRecruitment: true },
        },
        dedupeKey: `recruiting-form-submitted:${send.id}`,
      });
    }
    return { submittedAt: now.toISOString() };
  });
}

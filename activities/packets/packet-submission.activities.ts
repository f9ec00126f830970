import { forEachConcurrently } from '../../domain/concurrency';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppConfig } from '../../api/config';
import { insertNotification } from '../../api/notifications/notifications.repository';
import { answersKey, encryptAnswers, sha256Of } from '../../api/packets/answer-crypto';
import { cancelWorkflowTasks, ensureTasks } from '../../api/tasks/tasks.repository';
import type { NotificationPayload } from '../../domain/notifications';
import type { ActorSlot, StepRunState } from '../../domain/packet-workflow';
import type { ActingPerson, StepAction, SubmissionStatus, VoidSubmissionInput } from '../../domain/packets';
import { COMPLIANCE_STAFF } from '../../domain/permissions';
import { hashToken, signLinkToken } from '../../domain/signed-links';
import { EVENTS_CHANNEL } from '../../migrations/connect';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { renderHtml, renderText, type MailFrame } from '../mail/templates/layout';

/**
 * The submission workflow's side effects: every transition written to PostgreSQL (submission row, answers, the
 * append-only audit trail, tasks, signer links), notifications (module paperwork) and e-mails through the outbox.
 * Every activity is idempotent: keys derive from the workflow id and the phase / actor / event, so a retry or a
 * worker killed mid-activity writes each row and sends each mail once.
 */
export interface PacketActivityDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

interface SubmissionRef {
  schoolId: string;
  submissionId: string;
  /** The submission workflow's id; taken from the activity context when omitted (the workflow's own activities). */
  workflowId?: string;
}

/** The pool, or the transaction a step's writes share. */
type Executor = Kysely<Database> | Transaction<Database>;

/** A mail decided inside a transaction, sent through the outbox once the transaction has committed. */
interface PendingMail {
  to: string;
  frame: MailFrame;
  subject: string;
  raw: string;
}

const EVENT_KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

function workflowId(ref?: SubmissionRef): string {
  if (ref?.workflowId) return ref.workflowId;
  const id = Context.current().info.workflowExecution?.workflowId;
  if (!id) throw new Error('Packet activities run inside the submission workflow');
  return id;
}

/** A side-effect key for mails and notifications: readable when it can be, hashed when it holds e-mails or '#'. */
function eventKey(raw: string): string {
  return EVENT_KEY.test(raw) ? raw : `k${createHash('sha256').update(raw).digest('hex').slice(0, 60)}`;
}

function sideKey(ref: SubmissionRef, scope: 'mail' | 'notification', raw: string): string {
  return `${scope}:${workflowId(ref)}:${eventKey(raw)}`;
}

export function taskStepId(phaseKey: string, slotKey: string): string {
  return `${phaseKey}@${slotKey}`;
}

/** `<128 random bits>.<HMAC>`: short enough for a URL path segment, rebuilt from the stored nonce for reminders. */
export function signerToken(appSecret: string, link: { nonce: string }): string {
  return signLinkToken(appSecret, 'external-signer', link.nonce);
}

/** One step opened for its actors (tasks, notifications, signer links, mails); `recordSent` on a new submission. */
/** Mails sent at once after a send's batch has opened its first steps. */
const MAILS_IN_FLIGHT = 8;

export interface OpenPhaseInput extends SubmissionRef {
  sentPacketId: string;
  packetName: string;
  recipientUserId: string;
  phaseKey: string;
  stepId: string;
  stepName: string;
  stepKind: string;
  slots: ActorSlot[];
  round: number;
  status: SubmissionStatus;
  steps: StepRunState[];
  expiresAt: string;
  notify: boolean;
  changeRequest: { comment: string; questionIds: string[] } | null;
  recordSent?: boolean;
  /** Actions the workflow has taken but not yet written (ACTION_WITH_NEXT_WRITE_PATCH): written first, in order. */
  actions?: StepActionRecord[];
}

export interface StepActionRecord extends SubmissionRef {
  hipaa: boolean;
  eventKey: string;
  phaseKey: string;
  slotKey: string;
  stepId: string;
  stepName: string;
  stepKind: string;
  action: StepAction;
  resubmission: boolean;
  actor: ActingPerson;
  answers: Array<{ formId: string; formVersionId: string; answers: Record<string, unknown> }>;
  allAnswers: Record<string, Record<string, unknown>>;
  signature?: string;
  reason?: string;
  comment?: string;
  questionIds?: string[];
}

/**
 * What a recipient without an account yet must do before the packet's button works (issue 35): the send invited
 * them (api/packets/send-packet.service.ts), and the invitation's "Create your password" comes in its own e-mail.
 */
export function accountSteps(status: string, schoolName: string): string[] {
  if (status === 'ACTIVE') return [];
  return [
    `You do not have an account yet. First open the invitation from ${schoolName} sent to this address ` +
      `("You're invited to ${schoolName}"), choose "Create your password" and set one; then come back to this ` +
      'e-mail and open the packet.',
  ];
}

function eventKindOf(input: StepActionRecord): string {
  if (input.action === 'SUBMIT')
    return input.stepKind === 'EXTERNAL_SIGNER' ? 'SIGNED' : input.resubmission ? 'RESUBMITTED' : 'SUBMITTED';
  if (input.action === 'APPROVE') return 'APPROVED';
  if (input.action === 'REJECT') return 'REJECTED';
  if (input.action === 'REQUEST_CHANGE') return 'CHANGE_REQUESTED';
  return 'ACKNOWLEDGED';
}

/** Where a submission's workflow stands, as the submission row records it. */
interface SubmissionState {
  status: SubmissionStatus;
  steps: StepRunState[];
  activeStepId: string | null;
  activeStepName: string | null;
  round: number;
  changeRequest: { comment: string; questionIds: string[] } | null;
}

/** The submission row's columns for a state. */
function submissionState(state: SubmissionState) {
  return {
    status: state.status,
    steps: JSON.stringify(state.steps),
    active_step_id: state.activeStepId,
    active_step_name: state.activeStepName,
    round: state.round,
    change_request: state.changeRequest ? JSON.stringify(state.changeRequest) : null,
    updated_at: new Date(),
  };
}

export function createPacketSubmissionActivities(deps: PacketActivityDeps) {
  const { db, config, mailer } = deps;
  const key = answersKey(config.appSecret);

  function eventRow(
    ref: SubmissionRef,
    event: {
      key: string;
      kind: string;
      stepId?: string | null;
      actor?: ActingPerson | null;
      details?: Record<string, unknown>;
      answersSha256?: string | null;
    },
  ) {
    return {
      school_id: ref.schoolId,
      submission_id: ref.submissionId,
      kind: event.kind,
      step_id: event.stepId ?? null,
      actor_user_id: event.actor?.userId ?? null,
      actor_email: event.actor?.email ?? null,
      actor_name: event.actor?.name ?? 'System',
      ip: event.actor?.ip ?? null,
      user_agent: event.actor?.userAgent ?? null,
      details: JSON.stringify(event.details ?? {}),
      answers_sha256: event.answersSha256 ?? null,
      idempotency_key: `${workflowId(ref)}:${event.key}`,
    };
  }

  async function appendEvent(
    ref: SubmissionRef,
    event: Parameters<typeof eventRow>[1],
    q: Executor = db,
  ): Promise<void> {
    await q
      .insertInto('packet_submission_events')
      .values(eventRow(ref, event))
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  }

  function contextQuery(schoolId: string, q: Executor = db) {
    return q
      .selectFrom('packet_submissions as s')
      .innerJoin('sent_packets as sp', (j) =>
        j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
      )
      .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
      .innerJoin('users as r', 'r.id', 's.recipient_user_id')
      .innerJoin('schools as sc', 'sc.id', 's.school_id')
      .leftJoin('users as sender', 'sender.id', 'sp.sent_by')
      .select([
        's.id',
        's.sent_packet_id',
        's.status',
        's.round',
        's.active_step_id',
        's.expired_at',
        'sp.packet_id',
        'sp.sent_by',
        'sp.message',
        'sp.notify',
        'v.name as packet_name',
        'r.id as recipient_id',
        'r.email as recipient_email',
        'r.first_name as recipient_first',
        'r.last_name as recipient_last',
        'sender.first_name as sender_first',
        'sender.last_name as sender_last',
        'sc.name as school_name',
      ])
      .where('s.school_id', '=', schoolId);
  }

  async function loadContext(ref: SubmissionRef, q: Executor = db) {
    return contextQuery(ref.schoolId, q).where('s.id', '=', ref.submissionId).executeTakeFirstOrThrow();
  }
  type Ctx = Awaited<ReturnType<typeof loadContext>>;

  async function notify(
    ref: SubmissionRef,
    ctx: Ctx,
    userId: string,
    status: string,
    title: string,
    raw: string,
    q: Executor = db,
  ) {
    const payload: NotificationPayload = {
      module: 'paperwork',
      status,
      title,
      sentPacketId: ctx.sent_packet_id,
      formId: ctx.packet_id,
      featureData: {},
    };
    await insertNotification(q, {
      schoolId: ref.schoolId,
      userId,
      payload,
      dedupeKey: sideKey(ref, 'notification', `${raw}:${userId}`),
    });
  }

  async function mail(ref: SubmissionRef, to: string, frame: MailFrame, subject: string, raw: string) {
    await deliverOutboxMail(db, mailer, {
      idempotencyKey: sideKey(ref, 'mail', raw),
      schoolId: ref.schoolId,
      message: { to, subject, text: renderText(frame), html: renderHtml(frame) },
    });
    await appendEvent(ref, { key: `mail:${raw}`, kind: 'EMAILED', details: { to, subject } });
  }

  const submissionUrl = (submissionId: string) =>
    `${config.publicUrl}/sprySign/actionRequired?submission=${submissionId}`;

  /** The active holders of a role, or of the compliance permission for compliance staff (school admins with it). */
  async function usersWithRole(schoolId: string, role: string, q: Executor = db) {
    let query = q
      .selectFrom('user_roles as ur')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .select(['u.id', 'u.email', 'u.first_name', 'u.status'])
      .where('ur.school_id', '=', schoolId)
      .where('u.status', '=', 'ACTIVE');
    query =
      role === COMPLIANCE_STAFF
        ? query.where('ur.role', '=', 'SCHOOL_ADMIN').where('ur.compliance', '=', true)
        : query.where('ur.role', '=', role);
    return query.limit(200).execute();
  }

  /** The signer link of one external actor for one turn: created once (a retry finds it), token rebuilt from id + nonce. */
  async function ensureSignerLink(
    ref: SubmissionRef,
    stepId: string,
    round: number,
    slot: ActorSlot,
    expiresAt: string,
    q: Executor,
  ) {
    const id = randomUUID();
    const nonce = randomBytes(16).toString('base64url');
    await q
      .insertInto('packet_signer_links')
      .values({
        id,
        school_id: ref.schoolId,
        submission_id: ref.submissionId,
        step_id: stepId,
        round,
        email: slot.email!,
        first_name: slot.firstName ?? '',
        last_name: slot.lastName ?? '',
        nonce,
        token_hash: hashToken(signerToken(config.appSecret, { nonce })),
        expires_at: expiresAt,
      })
      .onConflict((oc) => oc.columns(['submission_id', 'step_id', 'round', 'email']).doNothing())
      .execute();
    const link = await q
      .selectFrom('packet_signer_links')
      .select(['id', 'nonce', 'revoked_at'])
      .where('submission_id', '=', ref.submissionId)
      .where('step_id', '=', stepId)
      .where('round', '=', round)
      .where('email', '=', slot.email!)
      .executeTakeFirstOrThrow();
    return {
      ...link,
      url: `${config.publicUrl}/spry-sign/submit/${encodeURIComponent(signerToken(config.appSecret, link))}`,
    };
  }

  /**
   * Notifies the people behind one actor slot and decides their mails: the rows are written with `q` (the caller's
   * transaction), the mails are returned for the caller to send through the outbox once those rows are committed.
   */
  async function reachSlot(
    q: Executor,
    ref: SubmissionRef,
    ctx: Ctx,
    slot: ActorSlot,
    opts: {
      phaseKey: string;
      stepId: string;
      stepName: string;
      round: number;
      expiresAt: string | null;
      status: string;
      raw: string;
      heading: string;
      intro: string;
    },
  ): Promise<PendingMail[]> {
    const subject = `${ctx.packet_name}: ${opts.heading}`;
    if (slot.kind === 'EXTERNAL') {
      const link = await ensureSignerLink(
        ref,
        opts.stepId,
        opts.round,
        slot,
        opts.expiresAt ?? new Date(Date.now() + 7 * 86_400_000).toISOString(),
        q,
      );
      if (link.revoked_at) return [];
      const frame: MailFrame = {
        heading: opts.heading,
        paragraphs: [
          `Hi ${slot.firstName ?? ''},`.trim(),
          opts.intro,
          `${ctx.school_name} asks you to review and sign "${ctx.packet_name}".`,
        ],
        action: { label: 'Open and sign', url: link.url },
        footer: [
          'This link is personal: do not forward it. It stops working once you have signed, or when the packet is voided or expires.',
        ],
      };
      return [{ to: slot.email!, frame, subject, raw: `${opts.raw}:${slot.key}` }];
    }
    const people =
      slot.kind === 'USER'
        ? await q
            .selectFrom('users')
            .select(['id', 'email', 'first_name', 'status'])
            .where('id', '=', slot.userId!)
            .where('school_id', '=', ref.schoolId)
            .execute()
        : await usersWithRole(ref.schoolId, slot.role!, q);
    const mails: PendingMail[] = [];
    for (const person of people) {
      await notify(ref, ctx, person.id, opts.status, subject, `${opts.raw}:${slot.key}`, q);
      if (!ctx.notify) continue;
      const frame: MailFrame = {
        heading: opts.heading,
        paragraphs: [
          `Hi ${person.first_name},`,
          opts.intro,
          ...(ctx.message ? [ctx.message] : []),
          ...accountSteps(person.status, ctx.school_name),
        ],
        action: { label: 'Open the packet', url: submissionUrl(ref.submissionId) },
        footer: [`Sent by ${ctx.school_name}.`],
      };
      mails.push({ to: person.email, frame, subject, raw: `${opts.raw}:${slot.key}:${person.id}` });
    }
    return mails;
  }

  async function sendMails(ref: SubmissionRef, mails: PendingMail[]): Promise<void> {
    for (const m of mails) await mail(ref, m.to, m.frame, m.subject, m.raw);
  }

  /** The rows of one opened step, written with the caller's transaction; returns the mails to send after commit. */
  async function writePhase(
    trx: Transaction<Database>,
    input: OpenPhaseInput,
    ctx: Ctx,
    opts: { onlyIfUnopened?: boolean } = {},
  ): Promise<PendingMail[]> {
    const wfId = workflowId(input);
    const fresh = input.round === 0 && input.stepKind === 'SUBMITTER';
    const heading =
      input.changeRequest && input.stepKind === 'SUBMITTER'
        ? 'Changes requested'
        : input.stepKind === 'SUBMITTER'
          ? 'Please fill in and submit'
          : input.stepKind === 'EXTERNAL_SIGNER'
            ? 'Please review and sign'
            : 'Please review';
    const intro =
      input.changeRequest && input.stepKind === 'SUBMITTER'
        ? `Comment: ${input.changeRequest.comment}`
        : `It is your turn at "${input.stepName}".`;
    if (input.recordSent) await appendEvent(input, { key: 'sent', kind: 'SENT' }, trx);
    let row = trx
      .updateTable('packet_submissions')
      .set(submissionState({ ...input, activeStepId: input.stepId, activeStepName: input.stepName }))
      .where('id', '=', input.submissionId)
      .where('school_id', '=', input.schoolId);
    // A retried batch must not move back a submission whose workflow has since moved on.
    if (opts.onlyIfUnopened) {
      row = row.where('active_step_id', 'is', null).where('round', '=', 0).where('status', '=', 'PENDING');
    }
    await row.execute();
    await ensureTasks(
      trx,
      input.schoolId,
      input.slots.map((slot) => ({
        workflowId: wfId,
        module: 'packet-submission',
        entityId: input.submissionId,
        stepId: taskStepId(input.phaseKey, slot.key),
        stepName: input.stepName,
        assigneeUserId: slot.userId ?? null,
        assigneeRole: slot.role ?? null,
        assigneeEmail: slot.email ?? null,
        title: `${input.packetName}: ${input.stepName}`,
        url: slot.kind === 'EXTERNAL' ? null : `/sprySign/actionRequired?submission=${input.submissionId}`,
        dueAt: new Date(input.expiresAt),
      })),
    );
    const pending: PendingMail[] = [];
    for (const slot of input.slots) {
      pending.push(
        ...(await reachSlot(trx, input, ctx, slot, {
          phaseKey: input.phaseKey,
          stepId: input.stepId,
          stepName: input.stepName,
          round: input.round,
          expiresAt: input.expiresAt,
          status: fresh ? 'init' : input.changeRequest ? 'comment' : 'assigned',
          raw: `open:${input.phaseKey}`,
          heading,
          intro,
        })),
      );
    }
    return pending;
  }

  /**
   * The first steps of many new submissions of one school in a few statements instead of several per submission:
   * one insert of the SENT events, one update of the submission rows, one insert of the tasks and of the
   * notifications (with their realtime pings). The rows, values and keys are exactly those writePhase writes for each
   * (so a retry, or a workflow opening its own step, finds them and adds nothing); only phases whose actors are
   * platform users come here (a signer link is written per link). Returns each phase's mails for after the commit.
   */
  async function writeFirstPhases(
    trx: Transaction<Database>,
    schoolId: string,
    phases: OpenPhaseInput[],
    contexts: Map<string, Ctx>,
  ): Promise<Array<{ phase: OpenPhaseInput; mails: PendingMail[] }>> {
    if (phases.length === 0) return [];
    const sent = phases.filter((p) => p.recordSent);
    if (sent.length > 0) {
      await trx
        .insertInto('packet_submission_events')
        .values(sent.map((p) => eventRow(p, { key: 'sent', kind: 'SENT' })))
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
    }
    // Only a submission still unopened: a retried batch must not move back one whose workflow has since moved on.
    const values = sql.join(
      phases.map((p) => {
        const state = submissionState({ ...p, activeStepId: p.stepId, activeStepName: p.stepName });
        return sql`(${p.submissionId}::uuid, ${state.status}, ${state.steps}::jsonb, ${state.active_step_id}, ${state.active_step_name}, ${state.round}::int, ${state.change_request}::jsonb)`;
      }),
    );
    await sql`
      update packet_submissions as s
      set status = v.status, steps = v.steps, active_step_id = v.active_step_id, active_step_name = v.active_step_name,
        round = v.round, change_request = v.change_request, updated_at = now()
      from (values ${values}) as v(id, status, steps, active_step_id, active_step_name, round, change_request)
      where s.id = v.id and s.school_id = ${schoolId}
        and s.active_step_id is null and s.round = 0 and s.status = 'PENDING'
    `.execute(trx);
    await ensureTasks(
      trx,
      schoolId,
      phases.flatMap((p) =>
        p.slots.map((slot) => ({
          workflowId: workflowId(p),
          module: 'packet-submission',
          entityId: p.submissionId,
          stepId: taskStepId(p.phaseKey, slot.key),
          stepName: p.stepName,
          assigneeUserId: slot.userId ?? null,
          assigneeRole: slot.role ?? null,
          assigneeEmail: slot.email ?? null,
          title: `${p.packetName}: ${p.stepName}`,
          url: `/sprySign/actionRequired?submission=${p.submissionId}`,
          dueAt: new Date(p.expiresAt),
        })),
      ),
    );
    // The people behind the slots: named users in one query, each role's holders once.
    const userIds = [...new Set(phases.flatMap((p) => p.slots.filter((s) => s.kind === 'USER').map((s) => s.userId!)))];
    const users = new Map<string, { id: string; email: string; first_name: string; status: string }>();
    if (userIds.length > 0) {
      const rows = await trx
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'status'])
        .where('school_id', '=', schoolId)
        .where('id', 'in', userIds)
        .execute();
      for (const r of rows) users.set(r.id, r);
    }
    const roleHolders = new Map<string, Array<{ id: string; email: string; first_name: string; status: string }>>();
    for (const role of new Set(phases.flatMap((p) => p.slots.filter((s) => s.kind === 'ROLE').map((s) => s.role!)))) {
      roleHolders.set(role, await usersWithRole(schoolId, role, trx));
    }
    const notifications: Array<{ userId: string; payload: NotificationPayload; dedupeKey: string }> = [];
    const out: Array<{ phase: OpenPhaseInput; mails: PendingMail[] }> = [];
    for (const p of phases) {
      const ctx = contexts.get(p.submissionId)!;
      const status = p.stepKind === 'SUBMITTER' ? 'init' : 'assigned';
      const heading = p.stepKind === 'SUBMITTER' ? 'Please fill in and submit' : 'Please review';
      const mails: PendingMail[] = [];
      for (const slot of p.slots) {
        const people =
          slot.kind === 'USER' ? [users.get(slot.userId!)].filter((u) => !!u) : (roleHolders.get(slot.role!) ?? []);
        const raw = `open:${p.phaseKey}:${slot.key}`;
        for (const person of people) {
          notifications.push({
            userId: person.id,
            payload: {
              module: 'paperwork',
              status,
              title: `${ctx.packet_name}: ${heading}`,
              sentPacketId: ctx.sent_packet_id,
              formId: ctx.packet_id,
              featureData: {},
            },
            dedupeKey: sideKey(p, 'notification', `${raw}:${person.id}`),
          });
          if (!ctx.notify) continue;
          const frame: MailFrame = {
            heading,
            paragraphs: [
              `Hi ${person.first_name},`,
              `It is your turn at "${p.stepName}".`,
              ...(ctx.message ? [ctx.message] : []),
              ...accountSteps(person.status, ctx.school_name),
            ],
            action: { label: 'Open the packet', url: submissionUrl(p.submissionId) },
            footer: [`Sent by ${ctx.school_name}.`],
          };
          mails.push({
            to: person.email,
            frame,
            subject: `${ctx.packet_name}: ${heading}`,
            raw: `${raw}:${person.id}`,
          });
        }
      }
      out.push({ phase: p, mails });
    }
    for (let i = 0; i < notifications.length; i += 500) {
      const chunk = notifications.slice(i, i + 500);
      const made = await trx
        .insertInto('notifications')
        .values(
          chunk.map((n) => ({
            school_id: schoolId,
            user_id: n.userId,
            module: n.payload.module,
            status: n.payload.status,
            title: n.payload.title,
            body: n.payload.body ?? null,
            payload: JSON.stringify(n.payload),
            dedupe_key: n.dedupeKey,
          })),
        )
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', 'user_id'])
        .execute();
      if (made.length > 0) {
        const pings = made.map((m) =>
          JSON.stringify({ type: 'notification', schoolId, userId: m.user_id, notificationId: m.id }),
        );
        await sql`select pg_notify(${EVENTS_CHANNEL}, ping) from unnest(${pings}::text[]) as ping`.execute(trx);
      }
    }
    return out;
  }

  /**
   * One action's rows, written with `q` (the transaction of the write that carries it): the answers of each form it
   * filled (with that form version's `has_answers`), then in one statement its event, the actor's task done and the
   * packet's last activity. `touchSubmission` when no write of the submission row follows (the step still waits on
   * others). Every row is keyed, so a retry writes nothing twice.
   */
  async function writeStepAction(
    q: Executor,
    input: StepActionRecord,
    opts: { touchSubmission: boolean },
  ): Promise<{ answersSha256: string }> {
    const now = new Date();
    for (const form of input.answers) {
      const stored = input.hipaa ? encryptAnswers(key, form.answers) : form.answers;
      const values = {
        answers: JSON.stringify(stored),
        encrypted: input.hipaa,
        sha256: sha256Of(form.answers),
        updated_at: now,
      };
      await q
        .with('version_answered', (w) =>
          w
            .updateTable('form_versions')
            .set({ has_answers: true })
            .where('school_id', '=', input.schoolId)
            .where('id', '=', form.formVersionId)
            .where('has_answers', '=', false)
            .returning('id'),
        )
        .insertInto('packet_answers')
        .values({
          submission_id: input.submissionId,
          school_id: input.schoolId,
          form_id: form.formId,
          form_version_id: form.formVersionId,
          ...values,
        })
        .onConflict((oc) => oc.columns(['submission_id', 'form_id']).doUpdateSet(values))
        .execute();
    }
    const answersSha256 = sha256Of(input.allAnswers);
    const details: Record<string, unknown> = { stepName: input.stepName, action: input.action };
    if (input.reason) details.reason = input.reason;
    if (input.comment) details.comment = input.comment;
    if (input.questionIds) details.questionIds = input.questionIds;
    if (input.signature) {
      details.signature = input.signature;
      details.signatureSha256 = createHash('sha256').update(input.signature).digest('hex');
    }
    if (input.actor.linkId) details.identifiedBy = 'signer link';
    else details.identifiedBy = 'session';
    const wfId = workflowId(input);
    await q
      .with('task_done', (w) =>
        w
          .updateTable('tasks')
          .set({ status: 'DONE', completed_at: now, completed_by: input.actor.userId ?? null })
          .where('school_id', '=', input.schoolId)
          .where('workflow_id', '=', wfId)
          .where('step_id', '=', taskStepId(input.phaseKey, input.slotKey))
          .where('status', '=', 'OPEN')
          .returning('id'),
      )
      .with('packet_touched', (w) =>
        w
          .updateTable('packets')
          .set({ last_activity_at: now, ...(input.action === 'SUBMIT' ? { has_submissions: true } : {}) })
          .where('school_id', '=', input.schoolId)
          .where('id', '=', (sub) =>
            sub
              .selectFrom('packet_submissions as s')
              .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
              .select('sp.packet_id')
              .where('s.id', '=', input.submissionId)
              .where('s.school_id', '=', input.schoolId),
          )
          .returning('id'),
      )
      .insertInto('packet_submission_events')
      .values(
        eventRow(input, {
          key: `act:${input.eventKey}`,
          kind: eventKindOf(input),
          stepId: input.stepId,
          actor: input.actor,
          details,
          answersSha256,
        }),
      )
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
    if (input.actor.linkId) {
      await q
        .updateTable('packet_signer_links')
        .set({ used_at: now })
        .where('id', '=', input.actor.linkId)
        .where('used_at', 'is', null)
        .execute();
    }
    if (opts.touchSubmission) {
      await q
        .updateTable('packet_submissions')
        .set({ updated_at: now })
        .where('id', '=', input.submissionId)
        .where('school_id', '=', input.schoolId)
        .execute();
    }
    if (input.action === 'REJECT' || input.action === 'REQUEST_CHANGE') {
      const ctx = await loadContext(input, q);
      const status = input.action === 'REJECT' ? 'rejected' : 'comment';
      const title =
        input.action === 'REJECT' ? `${ctx.packet_name} was rejected` : `${ctx.packet_name}: changes requested`;
      await notify(input, ctx, ctx.recipient_id, status, title, `act:${input.eventKey}`, q);
    }
    return { answersSha256 };
  }

  /**
   * Writes each action in the order taken, with `q`; every write is keyed, so a retried activity adds nothing.
   * `touchSubmission` when the caller writes no submission row after them.
   */
  async function writeActions(
    q: Executor,
    actions: StepActionRecord[] | undefined,
    opts: { touchSubmission: boolean },
  ): Promise<void> {
    for (const action of actions ?? []) await writeStepAction(q, action, opts);
  }

  return {
    async startSubmission(input: SubmissionRef & { steps: StepRunState[] }): Promise<void> {
      await db
        .updateTable('packet_submissions')
        .set({ steps: JSON.stringify(input.steps), updated_at: new Date() })
        .where('id', '=', input.submissionId)
        .where('school_id', '=', input.schoolId)
        .where('status', '=', 'PENDING')
        .where('round', '=', 0)
        .where('active_step_id', 'is', null)
        .execute();
      await appendEvent(input, { key: 'sent', kind: 'SENT' });
    },

    /**
     * Opens one step for its actors: the submission row, each actor's task and notification (and signer link) in one
     * transaction, then their mails through the outbox. The first phase of a new submission also records the SENT
     * event (`recordSent`), so a send costs each workflow one activity before it waits on people. The actions that
     * moved the submission on are written first, in the same transaction: one commit for the whole move.
     */
    async openPhase(input: OpenPhaseInput): Promise<void> {
      const ctx = await loadContext(input);
      const mails = await db.transaction().execute(async (trx) => {
        await writeActions(trx, input.actions, { touchSubmission: false });
        return writePhase(trx, input, ctx);
      });
      await sendMails(input, mails);
    },

    /**
     * Opens the first step of many new submissions of one send at once (the packet-send workflow, before it starts
     * their workflows): one context query and one transaction for the whole batch, then the mails. The rows and keys
     * are exactly those each workflow's own openPhase would write, so a retry, or a workflow opening its step itself,
     * finds them and adds nothing.
     */
    async openFirstPhases(input: { schoolId: string; phases: OpenPhaseInput[] }): Promise<void> {
      if (input.phases.length === 0) return;
      const rows = await contextQuery(input.schoolId)
        .where(
          's.id',
          'in',
          input.phases.map((p) => p.submissionId),
        )
        .execute();
      const contexts = new Map(rows.map((r) => [r.id, r]));
      // Only a submission nobody has acted on yet: not opened, or opened by an earlier attempt of this batch (whose
      // mails may still be owed). One whose workflow has moved on or ended is left to its workflow.
      const phases = input.phases.filter((p) => {
        const row = contexts.get(p.submissionId);
        return (
          p.schoolId === input.schoolId &&
          !!row &&
          row.status === 'PENDING' &&
          row.round === 0 &&
          row.expired_at === null &&
          (row.active_step_id === null || row.active_step_id === p.stepId)
        );
      });
      // Steps whose actors are all platform users are written together; a signer link is written one by one.
      const together = phases.filter((p) => p.slots.every((slot) => slot.kind !== 'EXTERNAL'));
      const alone = phases.filter((p) => !together.includes(p));
      const mails = await db.transaction().execute(async (trx) => {
        const all = await writeFirstPhases(trx, input.schoolId, together, contexts);
        for (const phase of alone) {
          const ctx = contexts.get(phase.submissionId)!;
          all.push({ phase, mails: await writePhase(trx, phase, ctx, { onlyIfUnopened: true }) });
        }
        return all;
      });
      // The tasks are listed; the mails go out a few at a time (each is keyed in the outbox, so a retry sends none twice).
      const context = Context.current();
      await forEachConcurrently(mails, MAILS_IN_FLIGHT, async ({ phase, mails: pending }) => {
        await sendMails(phase, pending);
        context.heartbeat();
      });
    },

    async recordStepAction(input: StepActionRecord): Promise<{ answersSha256: string }> {
      return db.transaction().execute((trx) => writeStepAction(trx, input, { touchSubmission: true }));
    },

    /** Actions the workflow took and carries to its next write, when that write is not one of its own (see below). */
    async recordStepActions(input: { actions: StepActionRecord[] }): Promise<void> {
      await db.transaction().execute((trx) => writeActions(trx, input.actions, { touchSubmission: true }));
    },

    async updateSubmission(
      input: SubmissionRef &
        SubmissionState & {
          event?: { kind: string; key: string; stepId?: string; details?: Record<string, unknown> };
          actions?: StepActionRecord[];
        },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await writeActions(trx, input.actions, { touchSubmission: false });
        await trx
          .updateTable('packet_submissions')
          .set(submissionState(input))
          .where('id', '=', input.submissionId)
          .where('school_id', '=', input.schoolId)
          .execute();
        if (input.event) {
          await appendEvent(
            input,
            {
              key: input.event.key,
              kind: input.event.kind,
              stepId: input.event.stepId ?? null,
              details: input.event.details ?? {},
            },
            trx,
          );
        }
      });
    },

    async cancelPhaseTasks(input: SubmissionRef & { phaseKey: string; slotKeys: string[] }): Promise<void> {
      for (const slotKey of input.slotKeys) {
        await cancelWorkflowTasks(db, input.schoolId, {
          workflowId: workflowId(),
          stepId: taskStepId(input.phaseKey, slotKey),
        });
      }
      const [stepId, round] = input.phaseKey.split('#');
      await db
        .updateTable('packet_signer_links')
        .set({ revoked_at: new Date() })
        .where('submission_id', '=', input.submissionId)
        .where('step_id', '=', stepId!)
        .where('round', '=', Number(round))
        .where('revoked_at', 'is', null)
        .execute();
    },

    async remindPhase(
      input: SubmissionRef & {
        phaseKey: string;
        slots: ActorSlot[];
        packetName: string;
        eventKey: string;
        manual: boolean;
      },
    ): Promise<void> {
      const ctx = await loadContext(input);
      const [stepId, round] = input.phaseKey.split('#');
      for (const slot of input.slots) {
        const mails = await reachSlot(db, input, ctx, slot, {
          phaseKey: input.phaseKey,
          stepId: stepId!,
          stepName: '',
          round: Number(round),
          expiresAt: null,
          status: 'reminder',
          raw: input.eventKey,
          heading: 'Reminder: waiting for you',
          intro: `"${input.packetName}" is still waiting for you.`,
        });
        await sendMails(input, mails);
      }
      await appendEvent(input, {
        key: `remind:${input.eventKey}`,
        kind: 'REMINDER_SENT',
        stepId: stepId ?? null,
        details: { manual: input.manual, to: input.slots.map((s) => s.label) },
      });
    },

    async notifyReceivers(
      input: SubmissionRef & { phaseKey: string; stepName: string; slots: ActorSlot[]; packetName: string },
    ): Promise<void> {
      const ctx = await loadContext(input);
      for (const slot of input.slots) {
        const people =
          slot.kind === 'EXTERNAL'
            ? [{ email: slot.email!, first_name: slot.firstName ?? '' }]
            : slot.kind === 'USER'
              ? await db
                  .selectFrom('users')
                  .select(['email', 'first_name'])
                  .where('id', '=', slot.userId!)
                  .where('school_id', '=', input.schoolId)
                  .execute()
              : await usersWithRole(input.schoolId, slot.role!);
        for (const person of people) {
          const frame: MailFrame = {
            heading: `${input.packetName}: ${input.stepName}`,
            paragraphs: [
              `Hi ${person.first_name},`,
              `"${input.packetName}" for ${ctx.recipient_first} ${ctx.recipient_last} has reached "${input.stepName}".`,
            ],
            action: { label: 'Open the platform', url: config.publicUrl },
            footer: ["You receive this e-mail because you are named in the packet's workflow."],
          };
          await mail(
            input,
            person.email,
            frame,
            `${input.packetName}: ${input.stepName}`,
            `receiver:${input.phaseKey}:${person.email}`,
          );
        }
      }
    },

    async finishSubmission(
      input: SubmissionRef & {
        outcome: 'COMPLETED' | 'VOIDED' | 'EXPIRED' | 'REJECTED';
        status: SubmissionStatus;
        steps: StepRunState[];
        packetName: string;
        void?: VoidSubmissionInput;
        actions?: StepActionRecord[];
      },
    ): Promise<void> {
      // The actions that ended it first: their tasks are done before the ending cancels what is left open. One
      // transaction for all of it: the ending commits whole or not at all.
      await db.transaction().execute(async (trx) => {
        await writeActions(trx, input.actions, { touchSubmission: false });
        const now = new Date();
        await trx
          .updateTable('packet_submissions')
          .set({
            status: input.status,
            steps: JSON.stringify(input.steps),
            active_step_id: null,
            active_step_name: null,
            updated_at: now,
            ...(input.outcome === 'COMPLETED' || input.outcome === 'REJECTED' ? { completed_at: now } : {}),
            // A completed submission has no open change request (its last step may be the resubmission itself).
            ...(input.outcome === 'COMPLETED' ? { change_request: null } : {}),
            ...(input.outcome === 'EXPIRED' ? { expired_at: now } : {}),
            ...(input.outcome === 'VOIDED' ? { voided_at: now, void_reason: input.void?.reason ?? null } : {}),
          })
          .where('id', '=', input.submissionId)
          .where('school_id', '=', input.schoolId)
          .execute();
        await cancelWorkflowTasks(trx, input.schoolId, { workflowId: workflowId() });
        await trx
          .updateTable('packet_signer_links')
          .set({ revoked_at: now })
          .where('submission_id', '=', input.submissionId)
          .where('revoked_at', 'is', null)
          .execute();
        const voidActor: ActingPerson | null = input.void
          ? {
              ...(input.void.byUserId ? { userId: input.void.byUserId } : {}),
              name: input.void.byName,
              ip: input.void.ip ?? null,
              userAgent: input.void.userAgent ?? null,
            }
          : null;
        await appendEvent(
          input,
          {
            key: `finish:${input.outcome}`,
            kind: input.outcome,
            actor: voidActor,
            details: { status: input.status, ...(input.void ? { reason: input.void.reason } : {}) },
          },
          trx,
        );
        const ctx = await loadContext(input, trx);
        const note: Record<typeof input.outcome, [string, string] | null> = {
          COMPLETED: ['accepted', `${input.packetName} is complete`],
          VOIDED: ['rejected', `${input.packetName} was voided by the sender`],
          EXPIRED: ['rejected', `${input.packetName} expired`],
          REJECTED: null,
        };
        const entry = note[input.outcome];
        if (entry) await notify(input, ctx, ctx.recipient_id, entry[0], entry[1], `finish:${input.outcome}`, trx);
        if (ctx.sent_by && input.outcome !== 'VOIDED') {
          await notify(
            input,
            ctx,
            ctx.sent_by,
            input.outcome === 'COMPLETED' ? 'accepted' : 'rejected',
            `${input.packetName} for ${ctx.recipient_first} ${ctx.recipient_last}: ${input.status.toLowerCase().replace(/_/g, ' ')}`,
            `finish-sender:${input.outcome}`,
            trx,
          );
        }
      });
    },
  };
}

export type PacketSubmissionActivities = ReturnType<typeof createPacketSubmissionActivities>;

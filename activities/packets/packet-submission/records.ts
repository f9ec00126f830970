import { createHash } from 'node:crypto';
import { Context } from '@temporalio/activity';
import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../../api/config';
import type { ActingPerson, StepAction, SubmissionStatus } from '../../../domain/packets';
import type { ActorSlot, StepRunState } from '../../../domain/packet-workflow';
import { signLinkToken } from '../../../domain/signed-links';
import type { Database } from '../../../migrations/database';
import type { Mailer } from '../../mail/mailer';

/**
 * What every group of the submission workflow's activities shares: the inputs, the keys rows and side effects are
 * written under, the submission's trail of events and row state, and the context a step's mails are written from.
 */
export interface PacketActivityDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

export interface SubmissionRef {
  schoolId: string;
  submissionId: string;
  /** The submission workflow's id; taken from the activity context when omitted (the workflow's own activities). */
  workflowId?: string;
}

/** The pool, or the transaction a step's writes share. */
export type Executor = Kysely<Database> | Transaction<Database>;

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

const EVENT_KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

export function workflowId(ref?: SubmissionRef): string {
  if (ref?.workflowId) return ref.workflowId;
  const id = Context.current().info.workflowExecution?.workflowId;
  if (!id) throw new Error('Packet activities run inside the submission workflow');
  return id;
}

/** A side-effect key for mails and notifications: readable when it can be, hashed when it holds e-mails or '#'. */
function eventKey(raw: string): string {
  return EVENT_KEY.test(raw) ? raw : `k${createHash('sha256').update(raw).digest('hex').slice(0, 60)}`;
}

export function sideKey(ref: SubmissionRef, scope: 'mail' | 'notification', raw: string): string {
  return `${scope}:${workflowId(ref)}:${eventKey(raw)}`;
}

export function taskStepId(phaseKey: string, slotKey: string): string {
  return `${phaseKey}@${slotKey}`;
}

/** `<128 random bits>.<HMAC>`: short enough for a URL path segment, rebuilt from the stored nonce for reminders. */
export function signerToken(appSecret: string, link: { nonce: string }): string {
  return signLinkToken(appSecret, 'external-signer', link.nonce);
}

/** Where a submission's workflow stands, as the submission row records it. */
export interface SubmissionState {
  status: SubmissionStatus;
  steps: StepRunState[];
  activeStepId: string | null;
  activeStepName: string | null;
  round: number;
  changeRequest: { comment: string; questionIds: string[] } | null;
}

/** The submission row's columns for a state. */
export function submissionState(state: SubmissionState) {
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

/** One event of the submission's append-only trail, keyed by the workflow and the event. */
export interface TrailEvent {
  key: string;
  kind: string;
  stepId?: string | null;
  actor?: ActingPerson | null;
  details?: Record<string, unknown>;
  answersSha256?: string | null;
}

export function eventRow(ref: SubmissionRef, event: TrailEvent) {
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

export async function appendEvent(q: Executor, ref: SubmissionRef, event: TrailEvent): Promise<void> {
  await q
    .insertInto('packet_submission_events')
    .values(eventRow(ref, event))
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/** The submissions of a school with their send, packet version, recipient, sender and school. */
export function contextQuery(q: Executor, schoolId: string) {
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

export async function loadContext(q: Executor, ref: SubmissionRef) {
  return contextQuery(q, ref.schoolId).where('s.id', '=', ref.submissionId).executeTakeFirstOrThrow();
}

export type SubmissionContext = Awaited<ReturnType<typeof loadContext>>;

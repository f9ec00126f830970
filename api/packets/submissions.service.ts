import type { Client } from '@temporalio/client';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { AppError, ERRORS } from '../../domain/errors';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import { PACKET_LIMITS, type SubmissionStatus, type VoidSubmissionInput } from '../../domain/packets';
import { taskGroupsOf } from '../../domain/permissions';
import { countWords } from '../../form-engine';
import type { Database } from '../../migrations/database';
import {
  actOnStepUpdate,
  resendSubmissionSignal,
  STEP_NOT_REACHED,
  submissionStateQuery,
  voidSubmissionSignal,
  type ActingPerson,
  type PacketSubmissionState,
  type StepActionInput,
} from '../../workflows/packets/packet-submission.workflow';
import { recordAudit } from '../audit/audit.repository';
import { todayIn } from '../forms/school-today';
import { containsPattern } from '../shared/like-pattern';
import { requireTemporal, updateErrorMapper, updateFailureType } from '../shared/workflow-client';
import type { Actor, CoreDeps } from '../shared/use-case';
import { assertPacketAnswerLimits } from '../shared/answer-limits';
import { answersKey, decryptAnswers } from './answer-crypto';
import { loadFormVersionsById } from './packets.repository';
import type {
  ActionRequiredItem,
  SentPacket,
  StepActionBody,
  SubmissionActed,
  SubmissionDetail,
  SubmissionListItem,
} from './packets.schemas';
import type { PacketDeps } from './packet-deps';
import { isSchoolAdmin, toPacketForm } from './packets.service';
import { fullName } from '../shared/people-names';

/**
 * Sent packets and their submissions: lists from PostgreSQL (never by querying workflows one by one), the detail with
 * live step states, and the actions, which all go through the submission workflow (Update for acting, Signals for
 * void and resend). Who may see a submission: its recipient, anyone with a task on it, the sender, the packet's owner
 * and editors, and school admins.
 */
type Db = Kysely<Database>;

function submissionsQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('packet_submissions as s')
    .innerJoin('sent_packets as sp', (j) =>
      j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
    )
    .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
    .innerJoin('packets as p', 'p.id', 'sp.packet_id')
    .innerJoin('users as r', 'r.id', 's.recipient_user_id')
    .where('s.school_id', '=', schoolId)
    .select([
      's.id',
      's.sent_packet_id',
      's.recipient_user_id',
      's.workflow_id',
      's.status',
      's.active_step_id',
      's.active_step_name',
      's.steps',
      's.change_request',
      's.round',
      's.created_at',
      's.updated_at',
      's.completed_at',
      'sp.packet_id',
      'sp.sent_by',
      'sp.sent_at',
      'sp.message',
      'sp.expires_at',
      'sp.visibility',
      'sp.external_signers',
      'v.name as packet_name',
      'v.forms',
      'v.workflow',
      'v.hipaa',
      'p.owner_id',
      'p.editor_ids',
      fullName('r').as('recipient_name'),
      sql<boolean>`exists (select 1 from user_roles ur where ur.user_id = s.recipient_user_id and ur.school_id = s.school_id and ur.role = 'STUDENT_ATHLETE')`.as(
        'recipient_is_athlete',
      ),
    ]);
}
type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissionsQuery>['executeTakeFirstOrThrow']>>;

function toListItem(row: SubmissionRow): SubmissionListItem {
  return {
    id: row.id,
    sentPacketId: row.sent_packet_id,
    packetId: row.packet_id,
    packetName: row.packet_name,
    recipientId: row.recipient_user_id,
    recipientName: row.recipient_name,
    recipientKind: row.recipient_is_athlete ? 'athlete' : 'staff',
    status: row.status,
    activeStepId: row.active_step_id,
    activeStepName: row.active_step_name,
    sentAt: row.sent_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    expiresAt: row.expires_at.toISOString(),
  };
}

function canManage(actor: Actor, row: { sent_by: string | null; owner_id: string | null; editor_ids: string[] }) {
  return (
    row.sent_by === actor.userId ||
    row.owner_id === actor.userId ||
    row.editor_ids.includes(actor.userId) ||
    isSchoolAdmin(actor)
  );
}

/** The groups the user's tasks may be addressed to (their roles, and compliance staff when they hold it). */
function roleNames(actor: Actor): string[] {
  return taskGroupsOf(actor.grants ?? []);
}

type TasksExpression = ExpressionBuilder<Database & { t: Database['tasks'] }, 't'>;

/** The tasks (`tasks as t`) that are the actor's: addressed to them, or to nobody in one of their groups. */
function addressedTo(actor: Actor) {
  const roles = roleNames(actor);
  return (eb: TasksExpression) =>
    eb.or([
      eb('t.assignee_user_id', '=', actor.userId),
      ...(roles.length > 0 ? [eb.and([eb('t.assignee_user_id', 'is', null), eb('t.assignee_role', 'in', roles)])] : []),
    ]);
}

async function hasTask(db: Db, actor: Actor, workflowId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tasks as t')
    .select('t.id')
    .where('t.school_id', '=', actor.schoolId)
    .where('t.workflow_id', '=', workflowId)
    .where(addressedTo(actor))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

async function loadVisibleSubmission(db: Db, actor: Actor, submissionId: string): Promise<SubmissionRow> {
  const row = await submissionsQuery(db, actor.schoolId).where('s.id', '=', submissionId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.recipient_user_id === actor.userId || canManage(actor, row)) return row;
  if (await hasTask(db, actor, row.workflow_id)) return row;
  throw new AppError('NOT_FOUND');
}

/** The open task step of the signed-in user on this submission, parsed from `${stepId}#${round}@${slot}`. */
async function findMyStep(db: Db, actor: Actor, row: SubmissionRow): Promise<SubmissionDetail['myStep']> {
  if (!row.active_step_id) return null;
  const tasks = await db
    .selectFrom('tasks as t')
    .select(['t.step_id'])
    .where('t.school_id', '=', actor.schoolId)
    .where('t.workflow_id', '=', row.workflow_id)
    .where('t.status', '=', 'OPEN')
    .where(addressedTo(actor))
    .execute();
  const prefix = `${row.active_step_id}#${row.round}@`;
  if (!tasks.some((t) => t.step_id.startsWith(prefix))) return null;
  const step = (row.workflow as PacketWorkflowDefinition).steps.find((s) => s.id === row.active_step_id);
  if (!step) return null;
  return { stepId: step.id, kind: step.kind, questionIds: step.questionIds };
}

export async function loadAnswers(
  db: Db,
  appSecret: string,
  schoolId: string,
  submissionId: string,
  reader: { userId: string | null; email?: string | null } | null,
): Promise<Record<string, Record<string, unknown>>> {
  const rows = await db
    .selectFrom('packet_answers')
    .select(['form_id', 'answers', 'encrypted'])
    .where('school_id', '=', schoolId)
    .where('submission_id', '=', submissionId)
    .execute();
  const out: Record<string, Record<string, unknown>> = {};
  let decrypted = false;
  for (const row of rows) {
    if (row.encrypted) {
      out[row.form_id] = decryptAnswers(answersKey(appSecret), row.answers as unknown as { enc: string });
      decrypted = true;
    } else {
      out[row.form_id] = row.answers;
    }
  }
  // HIPAA: every read of encrypted answers is logged.
  if (decrypted) {
    await recordAudit(db, {
      schoolId,
      actorUserId: reader?.userId ?? null,
      action: 'packet.answers.read',
      targetType: 'packet_submission',
      targetId: submissionId,
      details: reader?.email ? { signerEmail: reader.email } : {},
    });
  }
  return out;
}

export async function loadEvents(db: Db, schoolId: string, submissionId: string) {
  const rows = await db
    .selectFrom('packet_submission_events')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute();
  return rows.map((e) => {
    const details = { ...(e.details as Record<string, unknown>) };
    // The drawn signature image stays in the record (and the PDF); the list carries only its hash.
    if (typeof details.signature === 'string') details.signature = '[signature]';
    return {
      id: String(e.id),
      kind: e.kind,
      stepId: e.step_id,
      actorName: e.actor_name,
      actorEmail: e.actor_email,
      at: e.created_at.toISOString(),
      ip: e.ip,
      userAgent: e.user_agent,
      details,
      answersSha256: e.answers_sha256,
    };
  });
}

/**
 * The workflow as this submission runs it: an external signer step left open in the designer shows the signer the
 * sender named (the same filling the send does for the workflow's input).
 */
function withNamedSigners(
  workflow: PacketWorkflowDefinition,
  signers: Record<string, { email: string; firstName: string; lastName: string }> | null,
): PacketWorkflowDefinition {
  return {
    ...workflow,
    steps: workflow.steps.map((step) => {
      const named = signers?.[step.id];
      if (step.kind !== 'EXTERNAL_SIGNER' || !named) return step;
      const signer = {
        kind: 'EXTERNAL' as const,
        email: named.email.trim().toLowerCase(),
        firstName: named.firstName.trim(),
        lastName: named.lastName.trim(),
      };
      return { ...step, actors: [signer] };
    }),
  };
}

export async function loadSubmissionDetail(
  deps: PacketDeps,
  actor: Actor,
  submissionId: string,
): Promise<SubmissionDetail> {
  const { db } = deps;
  const row = await loadVisibleSubmission(db, actor, submissionId);
  const [forms, answers, events, myStep] = await Promise.all([
    loadFormVersionsById(db, actor.schoolId, row.forms),
    loadAnswers(db, deps.appSecret, actor.schoolId, submissionId, { userId: actor.userId }),
    loadEvents(db, actor.schoolId, submissionId),
    findMyStep(db, actor, row),
  ]);
  return {
    ...toListItem(row),
    hipaa: row.hipaa,
    message: row.message,
    forms: forms.map(toPacketForm),
    workflow: withNamedSigners(row.workflow, row.external_signers),
    steps: row.steps,
    answers,
    events,
    myStep,
    canVoid:
      canManage(actor, row) &&
      !['APPROVED', 'AUTO_APPROVED', 'REJECTED', 'VOIDED', 'NOT_APPLICABLE'].includes(row.status),
    changeRequest: row.change_request ?? null,
  };
}

/** The workflow's Update failure carries a catalogue code as its type; the API answers with it. */
const mapActionError = updateErrorMapper('catalogue', 'SUBMISSION_CLOSED', { keepDetails: true });

export function toActionError(err: unknown): AppError {
  if (updateFailureType(err) === STEP_NOT_REACHED) return new StepNotReachedError();
  return mapActionError(err);
}

/** How long an action waits for a workflow whose rows are a step ahead of its recorded history (see below). */
export const CATCH_UP_WAIT_MS = 30_000;

/**
 * Asks the submission's workflow to take the action. The workflow writes its rows in local activities, committed just
 * before the server records the workflow task that ran them (`recordsWithin` in the workflow). When a worker dies in
 * between, the database already lists the next step while the retried workflow task has not yet replayed into it,
 * and the workflow refuses an action on that step as not active. So a refusal as STEP_NOT_ACTIVE while the
 * submission's row names that very step as active means the workflow is catching up: the action is asked again until
 * it is taken, refused for another reason, or `CATCH_UP_WAIT_MS` has passed.
 */
export async function executeStepAction(
  temporal: Client,
  workflowId: string,
  input: StepActionInput,
  db?: Kysely<Database>,
): Promise<PacketSubmissionState> {
  const until = Date.now() + CATCH_UP_WAIT_MS;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await temporal.workflow.getHandle(workflowId).executeUpdate(actOnStepUpdate, { args: [input] });
    } catch (err) {
      const error = toActionError(err);
      if (!isStepNotReached(error) || !db || Date.now() + wait > until) throw error;
      if (!(await isActiveStepInDatabase(db, workflowId, input.stepId))) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * The workflow's refusal of a step other than its active one (`STEP_NOT_REACHED`), answered as STEP_NOT_ACTIVE. An
 * action that does not fit the active step (approving a step that is filled in, say) is refused as STEP_NOT_ACTIVE
 * directly, with wording of its own, and is final.
 */
export class StepNotReachedError extends AppError {
  constructor() {
    super('STEP_NOT_ACTIVE');
  }
}

function isStepNotReached(error: AppError): boolean {
  return error instanceof StepNotReachedError;
}

async function isActiveStepInDatabase(db: Kysely<Database>, workflowId: string, stepId: string): Promise<boolean> {
  const row = await db
    .selectFrom('packet_submissions')
    .select('active_step_id')
    .where('workflow_id', '=', workflowId)
    .executeTakeFirst();
  return row?.active_step_id === stepId;
}

/**
 * A decline needs its reason and a change request its comment (the reason the submitter reads), refused here with
 * the field named before the workflow is asked; the workflow's validator keeps its own check for other callers.
 */
export function checkDecisionReason(body: Pick<StepActionBody, 'action' | 'reason' | 'comment'>): void {
  const field = body.action === 'REJECT' ? 'reason' : body.action === 'REQUEST_CHANGE' ? 'comment' : null;
  if (field && countWords(body[field] ?? '') === 0) {
    throw new AppError('REASON_REQUIRED', [{ field, message: ERRORS.REASON_REQUIRED.message }]);
  }
}

export async function actOnSubmission(
  deps: CoreDeps,
  actor: Actor,
  submissionId: string,
  body: StepActionBody,
): Promise<SubmissionActed> {
  const { db } = deps;
  assertPacketAnswerLimits(body.answers);
  const row = await loadVisibleSubmission(db, actor, submissionId);
  checkDecisionReason(body);
  if (body.action === 'REJECT' && countWords(body.reason ?? '') > PACKET_LIMITS.reasonMaxWords) {
    throw new AppError('REASON_TOO_LONG');
  }
  if (body.action === 'REQUEST_CHANGE' && countWords(body.comment ?? '') > PACKET_LIMITS.commentMaxWords) {
    throw new AppError('COMMENT_TOO_LONG');
  }
  const temporal = requireTemporal(deps);
  const acting: ActingPerson = {
    userId: actor.userId,
    roles: roleNames(actor),
    name: actorName(actor),
    ip: actor.ip,
    userAgent: actor.userAgent,
  };
  const today = todayIn(actor.timeZone, deps.now());
  const state = await executeStepAction(
    temporal,
    row.workflow_id,
    {
      stepId: body.stepId,
      action: body.action as StepActionInput['action'],
      actor: acting,
      today,
      ...(body.answers ? { answers: body.answers } : {}),
      ...(body.signature ? { signature: body.signature } : {}),
      ...(body.reason ? { reason: body.reason } : {}),
      ...(body.comment ? { comment: body.comment } : {}),
      ...(body.questionIds ? { questionIds: body.questionIds } : {}),
    },
    db,
  );
  return {
    id: submissionId,
    status: state.status,
    activeStepId: state.activeStepId,
    steps: state.steps,
    ended: state.ended,
  };
}

/** Waits (briefly) until the workflow has written an ending, so the answer shows it. */
async function waitForEnd(temporal: Client, workflowId: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const state = await temporal.workflow.getHandle(workflowId).query(submissionStateQuery);
      if (state.ended) return;
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The actor's name as the submission's record shows it. */
function actorName(actor: Pick<Actor, 'firstName' | 'lastName'>): string {
  return `${actor.firstName} ${actor.lastName}`.trim();
}

/** Who voids and why, as the submission workflow records it. */
export function voidInfoOf(actor: Actor, reason: string): VoidSubmissionInput {
  return { reason, byUserId: actor.userId, byName: actorName(actor), ip: actor.ip, userAgent: actor.userAgent };
}

export function checkReason(reason: string): string {
  const words = countWords(reason);
  if (words === 0) throw new AppError('REASON_REQUIRED');
  if (words > PACKET_LIMITS.reasonMaxWords) throw new AppError('REASON_TOO_LONG');
  return reason.trim();
}

export async function voidSubmission(deps: PacketDeps, actor: Actor, submissionId: string, reason: string) {
  const { db } = deps;
  const row = await loadVisibleSubmission(db, actor, submissionId);
  if (!canManage(actor, row)) throw new AppError('FORBIDDEN');
  const text = checkReason(reason);
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.getHandle(row.workflow_id).signal(voidSubmissionSignal, voidInfoOf(actor, text));
  } catch (err) {
    throw toActionError(err);
  }
  await waitForEnd(temporal, row.workflow_id);
  return loadSubmissionDetail(deps, actor, submissionId);
}

export async function resendSubmission(deps: CoreDeps, actor: Actor, submissionId: string) {
  const row = await loadVisibleSubmission(deps.db, actor, submissionId);
  if (!canManage(actor, row)) throw new AppError('FORBIDDEN');
  try {
    await requireTemporal(deps).workflow.getHandle(row.workflow_id).signal(resendSubmissionSignal);
  } catch (err) {
    throw toActionError(err);
  }
}

export async function listSubmissionsOfSent(
  deps: CoreDeps,
  actor: Actor,
  sentPacketId: string,
  query: { status?: SubmissionStatus; q?: string; limit: number; offset: number },
) {
  const { db } = deps;
  const sent = await db
    .selectFrom('sent_packets as sp')
    .innerJoin('packets as p', 'p.id', 'sp.packet_id')
    .select(['sp.sent_by', 'p.owner_id', 'p.editor_ids'])
    .where('sp.school_id', '=', actor.schoolId)
    .where('sp.id', '=', sentPacketId)
    .executeTakeFirst();
  if (!sent || !canManage(actor, sent)) throw new AppError('NOT_FOUND');
  let q = submissionsQuery(db, actor.schoolId).where('s.sent_packet_id', '=', sentPacketId);
  if (query.status) q = q.where('s.status', '=', query.status);
  if (query.q?.trim()) {
    const pattern = containsPattern(query.q);
    q = q.where(fullName('r'), 'ilike', pattern);
  }
  const [rows, count] = await Promise.all([
    q.orderBy('r.last_name').orderBy('r.first_name').orderBy('s.id').limit(query.limit).offset(query.offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toListItem), total: Number(count.n), limit: query.limit, offset: query.offset };
}

/**
 * The Sent screen's rows (spec "Sent form row: id, name, category, sentBy, sentAt, updatedAt, lastActivity,
 * totalForms") with each send's progress. School admins see every send of the school (or only theirs with
 * `mine`); others see what they sent and the sends of packets they own or edit.
 *
 * Two steps keep it fast on a large school: first the page's ids (the filters and the order; per-send submission
 * counts are aggregated in one grouped pass only when the state filter or the order needs them, and the audit
 * trail only for the last-activity order), then the row details for those ids alone.
 */
export async function listSentPackets(
  deps: CoreDeps,
  actor: Actor,
  query: {
    packetId?: string;
    q?: string;
    mine?: boolean;
    state?: 'ACTIVE' | 'COMPLETED' | 'VOIDED';
    sort?: 'sentAt' | 'name' | 'lastActivity' | 'progress';
    dir?: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ items: SentPacket[]; total: number; limit: number; offset: number }> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const counts = db
    .selectFrom('packet_submissions as s')
    .select([
      's.sent_packet_id',
      sql<number>`count(*) filter (where s.status in ('APPROVED','AUTO_APPROVED'))`.as('completed'),
      sql<number>`count(*) filter (where s.status in ('PENDING','SUBMITTED','RESUBMITTED','CHANGE_REQUESTED') and s.expired_at is null)`.as(
        'open',
      ),
      sql<Date>`max(s.updated_at)`.as('updated'),
    ])
    .where('s.school_id', '=', schoolId)
    .groupBy('s.sent_packet_id')
    .as('a');
  const events = db
    .selectFrom('packet_submission_events as e')
    .innerJoin('packet_submissions as s', (j) =>
      j.onRef('s.id', '=', 'e.submission_id').onRef('s.school_id', '=', 'e.school_id'),
    )
    .select(['s.sent_packet_id', sql<Date>`max(e.created_at)`.as('at')])
    .where('e.school_id', '=', schoolId)
    .groupBy('s.sent_packet_id')
    .as('ev');
  const needsCounts = !!query.state || query.sort === 'progress' || query.sort === 'lastActivity';
  let q = db
    .selectFrom('sent_packets as sp')
    .innerJoin('packet_versions as v', (j) =>
      j.onRef('v.id', '=', 'sp.packet_version_id').onRef('v.school_id', '=', 'sp.school_id'),
    )
    .innerJoin('packets as p', (j) => j.onRef('p.id', '=', 'sp.packet_id').onRef('p.school_id', '=', 'sp.school_id'))
    .leftJoin(counts, (j) => (needsCounts ? j.onRef('a.sent_packet_id', '=', 'sp.id') : j.on(sql<boolean>`false`)))
    .leftJoin(events, (j) =>
      query.sort === 'lastActivity' ? j.onRef('ev.sent_packet_id', '=', 'sp.id') : j.on(sql<boolean>`false`),
    )
    .where('sp.school_id', '=', schoolId);
  if (!isSchoolAdmin(actor)) {
    q = q.where((eb) =>
      eb.or([
        eb('sp.sent_by', '=', actor.userId),
        eb('p.owner_id', '=', actor.userId),
        sql<boolean>`p.editor_ids ? ${actor.userId}`,
      ]),
    );
  } else if (query.mine) {
    q = q.where('sp.sent_by', '=', actor.userId);
  }
  if (query.packetId) q = q.where('sp.packet_id', '=', query.packetId);
  if (query.q?.trim()) q = q.where('v.name', 'ilike', containsPattern(query.q));
  if (query.state === 'VOIDED') q = q.where('sp.voided_at', 'is not', null);
  if (query.state === 'ACTIVE') q = q.where('sp.voided_at', 'is', null).where(sql<boolean>`coalesce(a.open, 0) > 0`);
  if (query.state === 'COMPLETED') q = q.where('sp.voided_at', 'is', null).where(sql<boolean>`coalesce(a.open, 0) = 0`);
  const dir = query.dir === 'asc' ? sql`asc` : sql`desc`;
  const order =
    query.sort === 'name'
      ? sql`lower(v.name) ${dir}`
      : query.sort === 'lastActivity'
        ? sql`greatest(sp.sent_at, sp.voided_at, a.updated, ev.at) ${dir}`
        : query.sort === 'progress'
          ? sql`(coalesce(a.completed, 0)::float / greatest(sp.recipient_count, 1)) ${dir}`
          : sql`sp.sent_at ${dir}`;
  const [page, count] = await Promise.all([
    q.select('sp.id').orderBy(order).orderBy('sp.id').limit(query.limit).offset(query.offset).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = page.map((r) => r.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('sent_packets as sp')
          .innerJoin('packet_versions as v', (j) =>
            j.onRef('v.id', '=', 'sp.packet_version_id').onRef('v.school_id', '=', 'sp.school_id'),
          )
          .leftJoin('users as u', 'u.id', 'sp.sent_by')
          .where('sp.school_id', '=', schoolId)
          .where('sp.id', 'in', ids)
          .select([
            'sp.id',
            'sp.packet_id',
            'v.name',
            'v.version',
            'sp.sent_by',
            'sp.sent_at',
            'sp.message',
            'sp.reminder',
            'sp.expiry',
            'sp.expires_at',
            'sp.visibility',
            'sp.recipient_count',
            'sp.voided_at',
            sql<string>`coalesce(${fullName('u')}, '')`.as('sender_name'),
            sql<number>`jsonb_array_length(v.forms)`.as('total_forms'),
            sql<
              string | null
            >`(select string_agg(distinct f.category, ', ' order by f.category) from jsonb_array_elements(v.forms) e join forms f on f.school_id = sp.school_id and f.id::text = e->>'formId' where f.category is not null and f.category <> '')`.as(
              'category',
            ),
            sql<Date>`greatest(sp.sent_at, sp.voided_at, (select max(s.updated_at) from packet_submissions s where s.sent_packet_id = sp.id and s.school_id = sp.school_id))`.as(
              'updated_at',
            ),
            sql<Date>`greatest(sp.sent_at, sp.voided_at, (select max(s.updated_at) from packet_submissions s where s.sent_packet_id = sp.id and s.school_id = sp.school_id), (select max(e.created_at) from packet_submission_events e join packet_submissions s on s.id = e.submission_id and s.school_id = e.school_id where s.sent_packet_id = sp.id and s.school_id = sp.school_id))`.as(
              'last_activity_at',
            ),
            sql<number>`(select count(*) from packet_submissions s where s.sent_packet_id = sp.id and s.school_id = sp.school_id and s.status in ('APPROVED','AUTO_APPROVED'))::int`.as(
              'completed',
            ),
            sql<number>`(select count(*) from packet_submissions s where s.sent_packet_id = sp.id and s.school_id = sp.school_id and s.status in ('PENDING','SUBMITTED','RESUBMITTED','CHANGE_REQUESTED') and s.expired_at is null)::int`.as(
              'open',
            ),
            sql<number>`(select count(*) from packet_submissions s where s.sent_packet_id = sp.id and s.school_id = sp.school_id and s.status = 'VOIDED')::int`.as(
              'voided',
            ),
          ])
          .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          id: r.id,
          packetId: r.packet_id,
          packetName: r.name,
          packetVersion: r.version,
          category: r.category ?? '',
          totalForms: Number(r.total_forms),
          sentById: r.sent_by,
          sentByName: r.sender_name,
          sentAt: r.sent_at.toISOString(),
          updatedAt: new Date(r.updated_at).toISOString(),
          lastActivityAt: new Date(r.last_activity_at).toISOString(),
          message: r.message,
          reminder: r.reminder,
          expiry: r.expiry,
          expiresAt: r.expires_at.toISOString(),
          visibility: r.visibility as SentPacket['visibility'],
          recipientCount: r.recipient_count,
          completedCount: Number(r.completed),
          openCount: Number(r.open),
          voidedCount: Number(r.voided),
          voidedAt: r.voided_at ? r.voided_at.toISOString() : null,
        },
      ];
    }),
    total: Number(count.n),
    limit: query.limit,
    offset: query.offset,
  };
}

/** The approver's queue: the signed-in user's open packet tasks (their own and their roles'), from the tasks table. */
export async function listActionRequired(
  deps: CoreDeps,
  actor: Actor,
  query: { q?: string; kind?: string; sort?: 'oldest' | 'newest' | 'due' | 'packet'; limit: number; offset: number },
): Promise<{ items: ActionRequiredItem[]; total: number; limit: number; offset: number }> {
  const { db } = deps;
  const theirs = addressedTo(actor);
  const mine = (eb: TasksExpression) =>
    eb.and([
      eb('t.school_id', '=', actor.schoolId),
      eb('t.module', '=', 'packet-submission'),
      eb('t.status', '=', 'OPEN'),
      theirs(eb),
    ]);
  let q = db
    .selectFrom('tasks as t')
    .innerJoin('packet_submissions as s', (j) =>
      j.on('s.id', '=', sql<string>`t.entity_id::uuid`).onRef('s.school_id', '=', 't.school_id'),
    )
    .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
    .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
    .innerJoin('users as r', 'r.id', 's.recipient_user_id')
    .where(mine);
  if (query.q?.trim()) {
    const pattern = containsPattern(query.q);
    q = q.where((eb) => eb.or([eb('v.name', 'ilike', pattern), eb(fullName('r'), 'ilike', pattern)]));
  }
  const stepKind = sql<string>`(select st->>'kind' from jsonb_array_elements(v.workflow->'steps') st where st->>'id' = s.active_step_id limit 1)`;
  if (query.kind) q = q.where(stepKind, '=', query.kind);
  const filtered = !!query.q?.trim() || !!query.kind;
  const sorted =
    query.sort === 'newest'
      ? q.orderBy('t.created_at', 'desc')
      : query.sort === 'due'
        ? q.orderBy('t.due_at', (ob) => ob.asc().nullsLast())
        : query.sort === 'packet'
          ? q.orderBy(sql`lower(v.name)`)
          : q.orderBy('t.created_at');
  const [rows, count] = await Promise.all([
    sorted
      .select([
        't.id as task_id',
        't.step_name',
        't.created_at',
        't.due_at',
        's.id as submission_id',
        's.status',
        's.active_step_id',
        'v.name as packet_name',
        stepKind.as('step_kind'),
        fullName('r').as('recipient_name'),
      ])
      .orderBy('t.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    // Without a filter on the packet or the recipient, the total is a count of the task rows alone (an index scan):
    // every open packet task has its submission, sent packet, version and recipient (the rows are never deleted
    // apart from a whole school), so the joins would only cost time.
    filtered
      ? q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
      : db
          .selectFrom('tasks as t')
          .where(mine)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      taskId: r.task_id,
      submissionId: r.submission_id,
      packetName: r.packet_name,
      recipientName: r.recipient_name,
      stepId: r.active_step_id ?? '',
      stepName: r.step_name,
      stepKind: r.step_kind ?? '',
      status: r.status,
      createdAt: r.created_at.toISOString(),
      dueAt: r.due_at ? r.due_at.toISOString() : null,
    })),
    total: Number(count.n),
    limit: query.limit,
    offset: query.offset,
  };
}

/** "My paperwork": the packets sent to the signed-in user (coach and athlete views). */
export async function listMyPaperwork(
  deps: CoreDeps,
  actor: Actor,
  query: { status?: SubmissionStatus; limit: number; offset: number },
) {
  const { db } = deps;
  let q = submissionsQuery(db, actor.schoolId).where('s.recipient_user_id', '=', actor.userId);
  if (query.status) q = q.where('s.status', '=', query.status);
  const [rows, count] = await Promise.all([
    q.orderBy('s.updated_at', 'desc').orderBy('s.id').limit(query.limit).offset(query.offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toListItem), total: Number(count.n), limit: query.limit, offset: query.offset };
}

import { createHash } from 'node:crypto';
import { answersKey, encryptAnswers, sha256Of } from '../../../api/packets/answer-crypto';
import { notify } from './reach';
import {
  eventRow,
  loadContext,
  taskStepId,
  workflowId,
  type Executor,
  type PacketActivityDeps,
  type StepActionRecord,
} from './records';

/** People's actions on a step: their answers, their event, their task done, written by whichever write carries them. */

function eventKindOf(input: StepActionRecord): string {
  if (input.action === 'SUBMIT')
    return input.stepKind === 'EXTERNAL_SIGNER' ? 'SIGNED' : input.resubmission ? 'RESUBMITTED' : 'SUBMITTED';
  if (input.action === 'APPROVE') return 'APPROVED';
  if (input.action === 'REJECT') return 'REJECTED';
  if (input.action === 'REQUEST_CHANGE') return 'CHANGE_REQUESTED';
  return 'ACKNOWLEDGED';
}

/** `touchSubmission` when no write of the submission row follows (the step still waits on others). */
export interface ActionWriteOptions {
  touchSubmission: boolean;
}

export interface ActionWriter {
  /** One action's rows, written with `q` (the transaction of the write that carries it). */
  writeStepAction(q: Executor, input: StepActionRecord, opts: ActionWriteOptions): Promise<{ answersSha256: string }>;
  /** Writes each action in the order taken, with `q`; every write is keyed, so a retried activity adds nothing. */
  writeActions(q: Executor, actions: StepActionRecord[] | undefined, opts: ActionWriteOptions): Promise<void>;
}

export function actionWriter(deps: PacketActivityDeps): ActionWriter {
  const key = answersKey(deps.config.appSecret);
  /**
   * The answers of each form it filled (with that form version's `has_answers`), then in one statement its event,
   * the actor's task done and the packet's last activity. Every row is keyed, so a retry writes nothing twice.
   */
  async function writeStepAction(q: Executor, input: StepActionRecord, opts: ActionWriteOptions) {
    const now = new Date();
    await writeAnswers(q, key, input, now);
    const answersSha256 = sha256Of(input.allAnswers);
    await writeActionEvent(q, input, answersSha256, now);
    await writeAfterAction(q, input, opts, now);
    return { answersSha256 };
  }
  return {
    writeStepAction,
    async writeActions(q, actions, opts) {
      for (const action of actions ?? []) await writeStepAction(q, action, opts);
    },
  };
}

async function writeAnswers(q: Executor, key: Buffer, input: StepActionRecord, now: Date): Promise<void> {
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
}

function actionDetails(input: StepActionRecord): Record<string, unknown> {
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
  return details;
}

/** In one statement: the action's event, the actor's task done and the packet's last activity. */
async function writeActionEvent(q: Executor, input: StepActionRecord, answersSha256: string, now: Date) {
  const details = actionDetails(input);
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
}

/** The signer link used, the submission touched when nothing else writes it, the recipient told of a refusal. */
async function writeAfterAction(q: Executor, input: StepActionRecord, opts: ActionWriteOptions, now: Date) {
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
    const ctx = await loadContext(q, input);
    const status = input.action === 'REJECT' ? 'rejected' : 'comment';
    const title =
      input.action === 'REJECT' ? `${ctx.packet_name} was rejected` : `${ctx.packet_name}: changes requested`;
    await notify(q, input, ctx, { userId: ctx.recipient_id, status, title, raw: `act:${input.eventKey}` });
  }
}

/** The activities that write actions the workflow did not carry to another write. */
export function createActionActivities(deps: PacketActivityDeps, writer: ActionWriter) {
  const { db } = deps;
  return {
    async recordStepAction(input: StepActionRecord): Promise<{ answersSha256: string }> {
      return db.transaction().execute((trx) => writer.writeStepAction(trx, input, { touchSubmission: true }));
    },

    /** Actions taken at a step still waiting on others: no other write carries them (ACTION_WITH_NEXT_WRITE_PATCH). */
    async recordStepActions(input: { actions: StepActionRecord[] }): Promise<void> {
      await db.transaction().execute((trx) => writer.writeActions(trx, input.actions, { touchSubmission: true }));
    },
  };
}

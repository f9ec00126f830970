import * as wf from '@temporalio/workflow';
import type {
  PacketSubmissionActivities,
  StepActionRecord,
} from '../../activities/packets/packet-submission.activities';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import {
  findConditionAlertQuestions,
  findQuestionStep,
  isApproverKind,
  isStepEnabled,
  orderPacketSteps,
  splitQuestionRef,
  type PacketAnswers,
  type PacketStep,
  slotsOf,
  type ActorSlot,
  type StepRunState,
  waitingOnOf,
} from '../../domain/packet-workflow';
import {
  PACKET_LIMITS,
  STEP_NOT_REACHED,
  type ActingPerson,
  type PacketSubmissionForm,
  type PacketSubmissionInput,
  type PacketSubmissionState,
  type StepActionInput,
  type SubmissionStatus,
  type VoidSubmissionInput,
} from '../../domain/packets';
import {
  OPERATOR_SIGNALS_PATCH,
  RESEND_STEP_NOTIFICATION_SIGNAL,
  TASK_REASSIGNED_SIGNAL,
  type TaskReassignedSignal,
} from '../../domain/workflows';
import { compileFormUncached, countWords, type CompiledForm } from '../../form-engine';
import { markStep, SchoolIdKey, tagProcess } from '../shared/search-attributes';

/**
 * One packet sent to one recipient (id `packet-submission:<sentPacketId>:<recipientId>`): walks the frozen
 * workflow's steps in order, opens a task per actor of the active step (a phase completes when all have acted),
 * skips steps whose condition is false, and ends approved, auto-approved, rejected, voided or expired. People act
 * through the `actOnStep` Update, whose validator checks the actor, the active step and the answers against the
 * frozen compiled form; the sender voids and resends through Signals. Every transition is written to PostgreSQL by
 * an idempotent activity. Durations are inputs.
 */
export type { ActorSlot };
export {
  STEP_NOT_REACHED,
  SUBMISSION_GENERATION,
  type ActingPerson,
  type PacketSubmissionForm,
  type PacketSubmissionInput,
  type PacketSubmissionState,
  type StepActionInput,
  type VoidSubmissionInput,
} from '../../domain/packets';

export const actOnStepUpdate = wf.defineUpdate<PacketSubmissionState, [StepActionInput]>('actOnStep');
export const voidSubmissionSignal = wf.defineSignal<[VoidSubmissionInput]>('voidSubmission');
export const resendSubmissionSignal = wf.defineSignal('resendSubmission');
export const submissionStateQuery = wf.defineQuery<PacketSubmissionState>('submissionState');
/** The operator console hands an open task of the active step to another user. */
export const taskReassignedSignal = wf.defineSignal<[TaskReassignedSignal]>(TASK_REASSIGNED_SIGNAL);
/** The operator console asks for the active step's notification again. */
export const resendStepNotificationSignal = wf.defineSignal<[{ stepName?: string | null }?]>(
  RESEND_STEP_NOTIFICATION_SIGNAL,
);

/**
 * Patch: a new submission records its SENT event in the activity that opens its first step (one activity before it
 * waits on people) instead of in an activity of its own. Workflows started before it replay the separate activity.
 */
export const SENT_WITH_FIRST_STEP_PATCH = 'packet-submission-sent-with-first-step';

/**
 * Patch: when a step is done, the submission's new state is not written on its own but by the next write, which
 * carries the whole state anyway (opening the next step, or the ending); one activity and one workflow task fewer
 * per action. Histories from before it replay the separate write.
 */
export const STATE_WITH_NEXT_WRITE_PATCH = 'packet-submission-state-with-next-write';

/**
 * Patch: a person's action is not written by an activity of its own that the workflow waits on before moving on.
 * The Update's handler takes the action in memory and the workflow moves on in the same workflow task; the action's
 * rows are written first by the next write (opening the next step, the ending, or a state write), or on their own
 * when the step still waits on others. The Update answers once that write is done, as before: an action is two
 * workflow tasks and one activity where it was three and two. The next step's tasks are still written only by an
 * activity the workflow scheduled after durably moving on, so a listed task can always be acted on. Runs that took
 * actions before it replay the separate write.
 */
export const ACTION_WITH_NEXT_WRITE_PATCH = 'packet-submission-action-with-next-write';

/** Manual resends beyond this are ignored (a stuck button must not turn into a mail cannon). */
export const MAX_SUBMISSION_RESENDS = 10;

const WRITE_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;

/** Attempts a local write gets inside the worker before it is handed to a regular activity (see below). */
export const LOCAL_WRITE_ATTEMPTS = 3;

type Writes = ReturnType<typeof wf.proxyActivities<PacketSubmissionActivities>>;

/**
 * The workflow's writes. From generation 2 they are local activities: the worker runs the write inside the workflow
 * task that decided it and reports both together, so an Update that moves the submission on answers in that one
 * workflow task, with no activity task for the server to schedule, hand out and record and no second workflow task.
 * The rows are then committed just before the server records the workflow task. A worker killed in between leaves
 * rows a step ahead of the recorded history: the retried task runs the same keyed writes again (nothing doubles),
 * and a person who acts on the newly listed step meanwhile is answered once the workflow has caught up
 * (`executeStepAction` waits while the database shows that step active).
 * A local write that fails `LOCAL_WRITE_ATTEMPTS` times (a few seconds) is handed to a regular activity with the
 * same input, which retries on the server's schedule where the operator console sees it failing ("keeps failing
 * and is retrying"), as every write of generation 1 did.
 */
function recordsWithin(startToCloseMs = 60_000, local = false): Writes {
  const regular = wf.proxyActivities<PacketSubmissionActivities>({
    startToCloseTimeout: startToCloseMs,
    retry: WRITE_RETRY,
  });
  if (!local) return regular;
  const inWorker = wf.proxyLocalActivities<PacketSubmissionActivities>({
    startToCloseTimeout: startToCloseMs,
    retry: { ...WRITE_RETRY, maximumAttempts: LOCAL_WRITE_ATTEMPTS },
  });
  return new Proxy(regular, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      const fast = inWorker[name as keyof Writes] as (...args: unknown[]) => Promise<unknown>;
      const slow = regular[name as keyof Writes] as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        try {
          return await fast(...args);
        } catch (err) {
          if (wf.isCancellation(err)) throw err;
          return slow(...args);
        }
      };
    },
  });
}

function fail(code: ErrorCode, message?: string): never {
  throw wf.ApplicationFailure.create({ type: code, message: message ?? ERRORS[code].message, nonRetryable: true });
}

function matches(slot: ActorSlot, person: ActingPerson): boolean {
  if (slot.kind === 'EXTERNAL') return !!person.linkId && person.email?.toLowerCase() === slot.email;
  if (person.linkId || !person.userId) return false;
  if (slot.kind === 'USER') return slot.userId === person.userId;
  return !!slot.role && (person.roles ?? []).includes(slot.role);
}

function isoNow(): string {
  return new Date(Date.now()).toISOString();
}

interface Phase {
  stepId: string;
  key: string;
  step: PacketStep;
  slots: ActorSlot[];
  acted: Set<string>;
  inFlight: Set<string>;
  ready: boolean;
  decision: 'APPROVED' | 'SUBMITTED' | 'REJECTED' | 'CHANGE_REQUESTED' | null;
  anyApproval: boolean;
}

export async function packetSubmissionWorkflow(input: PacketSubmissionInput): Promise<SubmissionStatus> {
  const generation2 = (input.generation ?? 1) >= 2;
  const generation3 = (input.generation ?? 1) >= 3;
  /** A patch is in effect: always from generation 2, else as the history recorded it. */
  const patched = (patchId: string) => generation2 || wf.patched(patchId);
  const records = recordsWithin(input.activityTimeoutMs, generation2);
  const ordered = orderPacketSteps(input.workflow);
  const formsById = new Map(input.forms.map((f) => [f.formId, f]));
  // Compiled once per run (a replay or a run on another worker compiles again), not on every Update. The
  // frozen definitions passed the shape check when they were published: checking it again would compile that large
  // schema on every run (over half a second of CPU), and a burst of Updates then outlasts the workflow task timeout.
  const compiledForms = new Map<string, CompiledForm>();
  const compiledOf = (form: PacketSubmissionForm): CompiledForm => {
    let compiled = compiledForms.get(form.formId);
    if (!compiled) {
      compiled = compileFormUncached(form.version);
      compiledForms.set(form.formId, compiled);
    }
    return compiled;
  };
  const ref = { schoolId: input.schoolId, submissionId: input.submissionId };

  let status: SubmissionStatus = 'PENDING';
  let round = 0;
  let ended = false;
  let closing = null as null | { kind: 'VOIDED'; info: VoidSubmissionInput } | { kind: 'EXPIRED' };
  let answers: PacketAnswers = {};
  let lastToday = isoNow().slice(0, 10);
  let phase = null as Phase | null;
  /**
   * False until the run has opened its first step (or ended). An Update that comes with the run's first workflow task
   * (a run whose start was deferred, or one still behind a send's backlog) is handed to its handler as soon as the
   * handler is set, before the workflow has opened that step: it is accepted and waits for it (see the handler).
   */
  let firstStepReached = false;
  let changeRequest = null as { targetStepId: string; comment: string; questionIds: string[] } | null;
  let approverActed = false;
  let submitterActed = false;
  let actionSeq = 0;
  let processedSeq = 0;
  let resendsRequested = 0;
  let resendsDone = 0;
  let reassignments = 0;
  let reassignmentsWritten = 0;
  const doneSubmitterSteps = new Set<string>();
  /** Actions taken and not yet written (ACTION_WITH_NEXT_WRITE_PATCH), in the order taken. */
  const pendingActions: StepActionRecord[] = [];
  const takePendingActions = () => (pendingActions.length > 0 ? { actions: pendingActions.splice(0) } : {});
  /** Writes the actions taken so far on their own (nothing else to carry them). */
  const writePendingActions = () => records.recordStepActions({ actions: pendingActions.splice(0) });
  const steps: StepRunState[] = ordered.map((s) => ({ stepId: s.id, status: 'PENDING' }));

  const setStep = (stepId: string, patch: Partial<StepRunState>) => {
    const at = steps.findIndex((s) => s.stepId === stepId);
    if (at >= 0) steps[at] = { stepId, ...patch } as StepRunState;
  };
  const snapshot = (): PacketSubmissionState => ({
    status,
    steps: steps.map((s) => ({ ...s })),
    activeStepId: phase?.stepId ?? null,
    round,
    ended,
  });

  wf.setHandler(submissionStateQuery, snapshot);

  wf.setHandler(voidSubmissionSignal, (info) => {
    if (!ended && !closing) closing = { kind: 'VOIDED', info };
  });
  wf.setHandler(resendSubmissionSignal, () => {
    if (ended || resendsRequested >= MAX_SUBMISSION_RESENDS) return;
    resendsRequested += 1;
  });
  // Runs started before the console's signals were handled ignore them (the patch keeps their replay unchanged).
  wf.setHandler(resendStepNotificationSignal, () => {
    if (!patched(OPERATOR_SIGNALS_PATCH)) return;
    if (ended || closing || !phase || resendsRequested >= MAX_SUBMISSION_RESENDS) return;
    resendsRequested += 1;
  });
  wf.setHandler(taskReassignedSignal, (change) => {
    if (!patched(OPERATOR_SIGNALS_PATCH)) return;
    const current = phase;
    if (ended || closing || !current || !change?.toUserId) return;
    // The inbox row's step id is `<step>#<round>@<slot>`: only a task of the active step's round counts.
    const prefix = `${current.key}@`;
    if (typeof change.stepId !== 'string' || !change.stepId.startsWith(prefix)) return;
    const slotKey = change.stepId.slice(prefix.length);
    const at = current.slots.findIndex((s) => s.key === slotKey);
    if (at < 0 || current.acted.has(slotKey) || current.inFlight.has(slotKey)) return;
    // The slot keeps its key (so the inbox row still matches it) and now belongs to one user only.
    current.slots[at] = {
      key: slotKey,
      kind: 'USER',
      userId: change.toUserId,
      label: change.toName?.trim() || 'Reassigned user',
    };
    const last = steps.find((s) => s.stepId === current.stepId);
    setStep(current.stepId, { ...last, waitingOn: pendingSlots(current).map((s) => s.label) });
    reassignments += 1;
  });

  const validateAction = (request: StepActionInput): { slot: ActorSlot; current: Phase } | null => {
    if (closing?.kind === 'VOIDED' || status === 'VOIDED') fail('PACKET_VOIDED');
    if (ended || closing) fail('SUBMISSION_CLOSED');
    // Not yet at the first step: the handler checks the action there (null: nothing to refuse yet).
    if (!firstStepReached) return null;
    const current = phase;
    if (!current || current.stepId !== request.stepId) {
      const known = steps.find((s) => s.stepId === request.stepId);
      if (known && (known.status === 'DONE' || known.status === 'SKIPPED')) fail('ALREADY_DECIDED');
      throw wf.ApplicationFailure.create({
        type: STEP_NOT_REACHED,
        message: ERRORS.STEP_NOT_ACTIVE.message,
        nonRetryable: true,
      });
    }
    const candidates = current.slots.filter((slot) => matches(slot, request.actor));
    if (candidates.length === 0) fail('NOT_YOUR_TURN');
    const slot = candidates.find((s) => !current.acted.has(s.key) && !current.inFlight.has(s.key));
    if (!slot) fail('ALREADY_DECIDED');
    if (current.decision === 'REJECTED' || current.decision === 'CHANGE_REQUESTED') fail('ALREADY_DECIDED');
    checkActionFits(current.step, request);
    return { slot, current };
  };

  const checkActionFits = (step: PacketStep, request: StepActionInput) => {
    const approver = isApproverKind(step.kind);
    switch (request.action) {
      case 'SUBMIT':
        if (step.kind === 'SUBMITTER') return checkAnswers(step, request);
        if (step.kind === 'EXTERNAL_SIGNER') {
          if (!request.signature?.trim()) fail('SIGNATURE_REQUIRED', 'Sign to submit.');
          return;
        }
        return fail('STEP_NOT_ACTIVE', 'This step is not filled in.');
      case 'APPROVE':
        if (!approver) fail('STEP_NOT_ACTIVE', 'This step has nothing to approve.');
        if (step.kind === 'APPROVER_WITH_SIGNATURE' && !request.signature?.trim()) fail('SIGNATURE_REQUIRED');
        return;
      case 'REJECT': {
        if (!approver) fail('STEP_NOT_ACTIVE', 'This step cannot reject.');
        const words = countWords(request.reason ?? '');
        if (words === 0) fail('REASON_REQUIRED');
        if (words > PACKET_LIMITS.reasonMaxWords) fail('REASON_TOO_LONG');
        return;
      }
      case 'REQUEST_CHANGE': {
        if (!approver) fail('STEP_NOT_ACTIVE', 'This step cannot request changes.');
        const words = countWords(request.comment ?? '');
        if (words === 0) fail('MANDATORY_FIELD', 'A comment is mandatory.');
        if (words > PACKET_LIMITS.commentMaxWords) fail('COMMENT_TOO_LONG');
        const questionIds = request.questionIds ?? [];
        if (findConditionAlertQuestions(input.workflow, questionIds).length > 0) fail('CHANGE_REQUEST_CONDITION_ALERT');
        if (!findChangeTarget(questionIds)) fail('STEP_NOT_ACTIVE', 'There is no submitted step to send back.');
        return;
      }
      default:
        fail('STEP_NOT_ACTIVE', 'This action is not available at this step.');
    }
  };

  const findChangeTarget = (questionIds: readonly string[]): string | null => {
    const owners = questionIds
      .map((q) => findQuestionStep(input.workflow, q)?.id)
      .filter((id): id is string => !!id && doneSubmitterSteps.has(id));
    const candidates = owners.length > 0 ? owners : [...doneSubmitterSteps];
    const first = ordered.find((s) => candidates.includes(s.id));
    return first?.id ?? null;
  };

  /** Answers only to this step's questions; the merged form must pass the frozen schema for every step answered so far. */
  const checkAnswers = (step: PacketStep, request: StepActionInput) => {
    const given = request.answers ?? {};
    const own = new Set(step.questionIds);
    for (const [formId, formAnswers] of Object.entries(given)) {
      if (!formsById.has(formId)) fail('ANSWER_INVALID', 'These answers name a form that is not in the packet.');
      for (const elementId of Object.keys(formAnswers ?? {})) {
        if (!own.has(`${formId}:${elementId}`))
          fail('ANSWER_INVALID', 'This step cannot answer one of these questions.');
      }
    }
    const asked = new Set(step.questionIds);
    for (const doneId of doneSubmitterSteps) {
      for (const q of input.workflow.steps.find((s) => s.id === doneId)?.questionIds ?? []) asked.add(q);
    }
    const merged = mergeAnswers(step, given);
    const details: Array<{ field: string; message: string; code: string }> = [];
    for (const form of input.forms) {
      const result = compiledOf(form).validate(merged[form.formId] ?? {}, { today: request.today });
      for (const error of result.errors) {
        const ref = `${form.formId}:${error.elementId ?? ''}`;
        if (error.elementId && asked.has(ref)) details.push({ field: ref, message: error.message, code: error.code });
      }
    }
    if (details.length > 0) {
      throw wf.ApplicationFailure.create({
        type: details[0]!.code,
        message: details[0]!.message,
        nonRetryable: true,
        details,
      });
    }
  };

  const mergeAnswers = (step: PacketStep, given: PacketAnswers): PacketAnswers => {
    const merged: PacketAnswers = {};
    for (const form of input.forms) {
      const kept: Record<string, unknown> = {};
      for (const [elementId, value] of Object.entries(answers[form.formId] ?? {})) {
        if (!step.questionIds.includes(`${form.formId}:${elementId}`)) kept[elementId] = value;
      }
      merged[form.formId] = { ...kept, ...(given[form.formId] ?? {}) };
    }
    return merged;
  };

  wf.setHandler(
    actOnStepUpdate,
    async (request) => {
      // Histories recorded before this wait replay unchanged: their Updates were all accepted at a step.
      if (!firstStepReached) await wf.condition(() => firstStepReached);
      const { slot, current } = validateAction(request)!;
      current.inFlight.add(slot.key);
      const mySeq = ++actionSeq;
      try {
        // The step's tasks and links are being opened: record the action only once they exist.
        await wf.condition(() => current.ready);
        lastToday = request.today;
        const step = current.step;
        let touched: Array<{ formId: string; formVersionId: string; answers: Record<string, unknown> }> = [];
        if (request.action === 'SUBMIT' && step.kind === 'SUBMITTER') {
          answers = mergeAnswers(step, request.answers ?? {});
          const formIds = new Set(step.questionIds.map((q) => splitQuestionRef(q)?.formId).filter(Boolean));
          touched = input.forms
            .filter((f) => formIds.has(f.formId))
            .map((f) => ({ formId: f.formId, formVersionId: f.formVersionId, answers: answers[f.formId] ?? {} }));
        }
        const resubmission = request.action === 'SUBMIT' && step.kind === 'SUBMITTER' && round > 0;
        const record: StepActionRecord = {
          ...ref,
          hipaa: input.hipaa,
          eventKey: `${current.key}:${slot.key}:${request.action}`,
          phaseKey: current.key,
          slotKey: slot.key,
          stepId: step.id,
          stepName: step.name,
          stepKind: step.kind,
          action: request.action,
          resubmission,
          actor: request.actor,
          answers: touched,
          allAnswers: answers,
          ...(request.signature ? { signature: request.signature } : {}),
          ...(request.reason ? { reason: request.reason } : {}),
          ...(request.comment ? { comment: request.comment } : {}),
          ...(request.questionIds ? { questionIds: request.questionIds } : {}),
        };
        if (patched(ACTION_WITH_NEXT_WRITE_PATCH)) pendingActions.push(record);
        else await records.recordStepAction(record);
        current.acted.add(slot.key);
        if (request.action === 'REJECT') current.decision = 'REJECTED';
        else if (request.action === 'REQUEST_CHANGE') {
          current.decision = 'CHANGE_REQUESTED';
          changeRequest = {
            targetStepId: findChangeTarget(request.questionIds ?? [])!,
            comment: request.comment ?? '',
            questionIds: request.questionIds ?? [],
          };
        } else if (request.action === 'APPROVE') current.anyApproval = true;
        if (request.action === 'SUBMIT' && step.kind === 'SUBMITTER') submitterActed = true;
        if (isApproverKind(step.kind) && request.action === 'APPROVE') approverActed = true;
        const doneBy = request.actor.name;
        if (current.acted.size >= current.slots.length || current.decision) {
          setStep(step.id, { ...steps.find((s) => s.stepId === step.id), doneBy, doneAt: isoNow() });
        }
      } finally {
        current.inFlight.delete(slot.key);
      }
      // Answer with the state after the workflow has moved on (next step opened, or the end written).
      await wf.condition(() => processedSeq >= mySeq || ended);
      return snapshot();
    },
    { validator: (request) => void validateAction(request) },
  );

  // A send sets the process's search attributes at start; runs started without them tag themselves.
  if (!wf.workflowInfo().typedSearchAttributes.get(SchoolIdKey)) {
    tagProcess({ schoolId: input.schoolId, module: 'packet-submission', entityId: input.submissionId });
  }
  const expiresAt = input.expiresAt ? Date.parse(input.expiresAt) : Date.now() + input.expireAfterMs;
  // From generation 3, one timer for the run's life (its pending timer ends with the run).
  let expiryDue = false;
  if (generation3) {
    void wf.sleep(Math.max(1, expiresAt - Date.now())).then(() => {
      expiryDue = true;
    });
  }
  let sentRecorded = false;
  /** Records the SENT event on its own: before the first write that is not the opening of a step. */
  const recordSent = async () => {
    if (sentRecorded) return;
    sentRecorded = true;
    await records.startSubmission({ ...ref, steps: steps.map((s) => ({ ...s })) });
  };
  if (!patched(SENT_WITH_FIRST_STEP_PATCH)) await recordSent();

  /** A done step's state waiting for the next write (STATE_WITH_NEXT_WRITE_PATCH); every write pays it. */
  let stateOwed = false;
  const stateWrite = async (
    extra: { event?: { kind: string; key: string; stepId?: string; details?: Record<string, unknown> } } = {},
  ) => {
    await recordSent();
    stateOwed = false;
    await records.updateSubmission({
      ...ref,
      ...takePendingActions(),
      status,
      steps: steps.map((s) => ({ ...s })),
      activeStepId: phase?.stepId ?? null,
      activeStepName: phase?.step.name ?? null,
      round,
      changeRequest: changeRequest ? { comment: changeRequest.comment, questionIds: changeRequest.questionIds } : null,
      ...extra,
    });
  };

  let index = 0;
  while (index < ordered.length && !closing) {
    const step = ordered[index]!;
    if (!isStepEnabled(step, answers, lastToday)) {
      setStep(step.id, { status: 'SKIPPED', since: isoNow() });
      await stateWrite({ event: { kind: 'STEP_SKIPPED', key: `${step.id}#${round}:skipped`, stepId: step.id } });
      index += 1;
      continue;
    }
    const slots = slotsOf(step, input.recipientUserId);
    if (step.kind === 'EMAIL_NOTIFICATION' || slots.length === 0) {
      if (step.kind === 'EMAIL_NOTIFICATION') {
        await recordSent();
        if (stateOwed || pendingActions.length > 0) await stateWrite();
        await records.notifyReceivers({
          ...ref,
          phaseKey: `${step.id}#${round}`,
          stepName: step.name,
          slots,
          packetName: input.packetName,
        });
      }
      setStep(step.id, {
        status: step.kind === 'EMAIL_NOTIFICATION' ? 'DONE' : 'SKIPPED',
        since: isoNow(),
        doneAt: isoNow(),
      });
      await stateWrite();
      index += 1;
      continue;
    }

    const current: Phase = {
      stepId: step.id,
      key: `${step.id}#${round}`,
      step,
      slots,
      acted: new Set(),
      inFlight: new Set(),
      ready: false,
      decision: null,
      anyApproval: false,
    };
    phase = current;
    firstStepReached = true;
    // The send opened this first step for every recipient at once (packet-send workflow): nothing left to write.
    const preOpened = !sentRecorded && round === 0 && input.firstPhaseOpened?.stepId === step.id;
    const since = preOpened ? input.firstPhaseOpened!.since : isoNow();
    setStep(step.id, { status: 'ACTIVE', since, waitingOn: slots.map((s) => s.label) });
    const withSent = !sentRecorded;
    sentRecorded = true;
    // Opening the step writes the whole state, a done step's owed state with it.
    stateOwed = false;
    if (!preOpened)
      await records.openPhase({
        ...ref,
        sentPacketId: input.sentPacketId,
        packetName: input.packetName,
        recipientUserId: input.recipientUserId,
        phaseKey: current.key,
        stepId: step.id,
        stepName: step.name,
        stepKind: step.kind,
        slots,
        round,
        status,
        steps: steps.map((s) => ({ ...s })),
        expiresAt: new Date(expiresAt).toISOString(),
        notify: input.notify,
        changeRequest: changeRequest
          ? { comment: changeRequest.comment, questionIds: changeRequest.questionIds }
          : null,
        ...(withSent ? { recordSent: true } : {}),
        ...takePendingActions(),
      });
    current.ready = true;
    // From generation 2 the send started a pre-opened run with these search attributes already set.
    if (!(preOpened && generation2)) markStep(step.name, waitingOnOf(slots));

    let reminders = 0;
    const remindFrom = preOpened && input.expiresAt ? Date.parse(since) : Date.now();
    let nextReminderAt = input.reminderEveryMs ? remindFrom + input.reminderEveryMs : null;
    const resolved = () => current.decision !== null || current.acted.size >= current.slots.length;
    for (;;) {
      if (closing) break;
      if (resolved() && current.inFlight.size === 0) break;
      // The step still waits on others: the actions taken so far are written on their own.
      if (pendingActions.length > 0 && current.inFlight.size === 0) {
        await writePendingActions();
        continue;
      }
      if (reassignmentsWritten < reassignments) {
        reassignmentsWritten = reassignments;
        const waiting = pendingSlots(current).map((s) => s.label);
        markStep(step.name, waiting.join(', '));
        await stateWrite({
          event: {
            kind: 'RECIPIENT_CHANGED',
            key: `${current.key}:reassigned-${reassignmentsWritten}`,
            stepId: step.id,
            details: { waitingOn: waiting },
          },
        });
        continue;
      }
      if (resendsDone < resendsRequested) {
        resendsDone = resendsRequested;
        reminders = 0;
        await records.remindPhase({
          ...ref,
          phaseKey: current.key,
          slots: pendingSlots(current),
          packetName: input.packetName,
          eventKey: `${current.key}:resend-${resendsDone}`,
          manual: true,
        });
        nextReminderAt = input.reminderEveryMs ? Date.now() + input.reminderEveryMs : null;
        continue;
      }
      const now = Date.now();
      if (expiryDue || now >= expiresAt) {
        closing = { kind: 'EXPIRED' };
        break;
      }
      if (nextReminderAt !== null && now >= nextReminderAt) {
        reminders += 1;
        await records.remindPhase({
          ...ref,
          phaseKey: current.key,
          slots: pendingSlots(current),
          packetName: input.packetName,
          eventKey: `${current.key}:reminder-${reminders}-${resendsDone}`,
          manual: false,
        });
        nextReminderAt =
          reminders < input.maxReminders && input.reminderEveryMs ? Date.now() + input.reminderEveryMs : null;
        continue;
      }
      // Actions recorded so far are fully handled: their Updates may answer now.
      if (current.inFlight.size === 0) processedSeq = actionSeq;
      const woken = () =>
        closing !== null ||
        expiryDue ||
        resendsDone < resendsRequested ||
        reassignmentsWritten < reassignments ||
        (current.inFlight.size === 0 && (resolved() || actionSeq > processedSeq));
      if (generation3) {
        // The run's expiry timer wakes this wait; a timer of the step's own only for a reminder due before it.
        if (nextReminderAt !== null && nextReminderAt < expiresAt) {
          await wf.condition(woken, Math.max(1, nextReminderAt - now));
        } else await wf.condition(woken);
      } else {
        const wakeAt = nextReminderAt === null ? expiresAt : Math.min(nextReminderAt, expiresAt);
        await wf.condition(woken, Math.max(1, wakeAt - now));
      }
    }
    if (closing) break;

    const doneAt = isoNow();
    const last = steps.find((s) => s.stepId === step.id);
    if (current.decision === 'REJECTED') {
      setStep(step.id, { ...last, status: 'DONE', decision: 'REJECTED', doneAt });
      status = 'REJECTED';
      phase = null;
      break;
    }
    if (current.decision === 'CHANGE_REQUESTED' && changeRequest) {
      setStep(step.id, { ...last, status: 'DONE', decision: 'CHANGE_REQUESTED', doneAt });
      const target = ordered.findIndex((s) => s.id === changeRequest!.targetStepId);
      for (let i = target; i <= index; i++) setStep(ordered[i]!.id, { status: 'PENDING' });
      doneSubmitterSteps.delete(changeRequest.targetStepId);
      round += 1;
      status = 'CHANGE_REQUESTED';
      // The request's own task is done before the step's other tasks are cancelled.
      if (pendingActions.length > 0) await writePendingActions();
      await records.cancelPhaseTasks({ ...ref, phaseKey: current.key, slotKeys: current.slots.map((s) => s.key) });
      phase = null;
      await stateWrite({
        event: { kind: 'STATUS', key: `${current.key}:sent-back`, stepId: step.id, details: { status } },
      });
      index = target;
      continue;
    }
    const decision = step.kind === 'SUBMITTER' || step.kind === 'EXTERNAL_SIGNER' ? 'SUBMITTED' : 'APPROVED';
    setStep(step.id, { ...last, status: 'DONE', decision, doneAt });
    if (step.kind === 'SUBMITTER') {
      doneSubmitterSteps.add(step.id);
      status = round > 0 ? 'RESUBMITTED' : 'SUBMITTED';
      changeRequest = null;
    }
    phase = null;
    index += 1;
    if (patched(STATE_WITH_NEXT_WRITE_PATCH)) stateOwed = true;
    else await stateWrite();
  }

  phase = null;
  firstStepReached = true;
  await recordSent();
  // The ending writes the status and steps (and clears a change request once completed): any owed state with them.
  if (closing?.kind === 'VOIDED') {
    status = 'VOIDED';
    for (const s of steps)
      if (s.status === 'ACTIVE' || s.status === 'PENDING') setStep(s.stepId, { ...s, status: 'VOIDED' });
    await records.finishSubmission({
      ...ref,
      outcome: 'VOIDED',
      status,
      steps,
      void: closing.info,
      packetName: input.packetName,
      ...takePendingActions(),
    });
  } else if (closing?.kind === 'EXPIRED') {
    for (const s of steps)
      if (s.status === 'ACTIVE') setStep(s.stepId, { ...s, status: 'FAILED', decision: 'EXPIRED' });
    await records.finishSubmission({
      ...ref,
      outcome: 'EXPIRED',
      status,
      steps,
      packetName: input.packetName,
      ...takePendingActions(),
    });
  } else if (status === 'REJECTED') {
    await records.finishSubmission({
      ...ref,
      outcome: 'REJECTED',
      status,
      steps,
      packetName: input.packetName,
      ...takePendingActions(),
    });
  } else {
    status = approverActed ? 'APPROVED' : submitterActed ? 'AUTO_APPROVED' : 'NOT_APPLICABLE';
    await records.finishSubmission({
      ...ref,
      outcome: 'COMPLETED',
      status,
      steps,
      packetName: input.packetName,
      ...takePendingActions(),
    });
  }
  ended = true;
  processedSeq = actionSeq;
  markStep(status.toLowerCase(), null);
  await wf.condition(wf.allHandlersFinished);
  return status;
}

function pendingSlots(current: Phase): ActorSlot[] {
  return current.slots.filter((s) => !current.acted.has(s.key));
}

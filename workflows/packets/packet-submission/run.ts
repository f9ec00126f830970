import type { StepActionRecord } from '../../../activities/packets/packet-submission.activities';
import {
  orderPacketSteps,
  type ActorSlot,
  type PacketAnswers,
  type PacketStep,
  type StepRunState,
} from '../../../domain/packet-workflow';
import type {
  PacketSubmissionForm,
  PacketSubmissionInput,
  PacketSubmissionState,
  SubmissionStatus,
  VoidSubmissionInput,
} from '../../../domain/packets';
import { compileFormUncached, type CompiledForm } from '../../../form-engine';
import { generationOf, type Generation } from './generations';
import { recordsWithin, type Writes } from './records';

/** The active step's turn: its actors' slots, who has acted, and what they decided. */
export interface Phase {
  stepId: string;
  /** `<step>#<round>`: the key of the step's tasks, links and events for this round. */
  key: string;
  step: PacketStep;
  slots: ActorSlot[];
  acted: Set<string>;
  /** Slots whose action an Update handler is taking right now. */
  inFlight: Set<string>;
  /** The step's tasks and links are written: an action may be taken. */
  ready: boolean;
  decision: 'APPROVED' | 'SUBMITTED' | 'REJECTED' | 'CHANGE_REQUESTED' | null;
  anyApproval: boolean;
}

export type Closing = { kind: 'VOIDED'; info: VoidSubmissionInput } | { kind: 'EXPIRED' };

export interface ChangeRequest {
  targetStepId: string;
  comment: string;
  questionIds: string[];
}

/** A count of requests and how many of them the step loop has carried out. */
export interface Backlog {
  asked: number;
  done: number;
}

/**
 * Everything one run knows, shared by the step loop and the handlers. Only the workflow's own code changes it, in
 * the order the history records; nothing here is a command by itself.
 */
export interface SubmissionRun extends Generation {
  readonly input: PacketSubmissionInput;
  readonly records: Writes;
  readonly ordered: PacketStep[];
  readonly formsById: Map<string, PacketSubmissionForm>;
  readonly ref: { schoolId: string; submissionId: string };
  /** When the run expires (ms): the input's date, or its duration from the start. */
  readonly expiresAt: number;
  readonly steps: StepRunState[];
  // Where the submission stands.
  status: SubmissionStatus;
  round: number;
  answers: PacketAnswers;
  /** The school's today as the last action gave it (step conditions compare dates with it). */
  lastToday: string;
  phase: Phase | null;
  changeRequest: ChangeRequest | null;
  readonly doneSubmitterSteps: Set<string>;
  approverActed: boolean;
  submitterActed: boolean;
  // How the run ends.
  /**
   * False until the run has opened its first step (or ended). An Update that comes with the run's first workflow task
   * (a run whose start was deferred, or one still behind a send's backlog) is handed to its handler as soon as the
   * handler is set, before the workflow has opened that step: it is accepted and waits for it (see actions.ts).
   */
  firstStepReached: boolean;
  closing: Closing | null;
  expiryDue: boolean;
  ended: boolean;
  // Actions: each Update takes a number; it answers once the step loop has handled that number.
  actionSeq: number;
  processedSeq: number;
  /** Actions taken and not yet written (ACTION_WITH_NEXT_WRITE_PATCH), in the order taken. */
  readonly pendingActions: StepActionRecord[];
  // Operator requests waiting for the step loop.
  readonly resends: Backlog;
  readonly reassignments: Backlog;
  // Writes owed.
  sentRecorded: boolean;
  /** A done step's state waiting for the next write (STATE_WITH_NEXT_WRITE_PATCH); every write pays it. */
  stateOwed: boolean;
  /** Compiled once per run (see `compiledOf`). */
  readonly compiledForms: Map<string, CompiledForm>;
}

export function isoNow(): string {
  return new Date(Date.now()).toISOString();
}

export function createRun(input: PacketSubmissionInput): SubmissionRun {
  const generation = generationOf(input);
  const ordered = orderPacketSteps(input.workflow);
  return {
    ...generation,
    input,
    records: recordsWithin(input.activityTimeoutMs, generation.generation2),
    ordered,
    formsById: new Map(input.forms.map((f) => [f.formId, f])),
    ref: { schoolId: input.schoolId, submissionId: input.submissionId },
    expiresAt: input.expiresAt ? Date.parse(input.expiresAt) : Date.now() + input.expireAfterMs,
    steps: ordered.map((s) => ({ stepId: s.id, status: 'PENDING' })),
    status: 'PENDING',
    round: 0,
    answers: {},
    lastToday: isoNow().slice(0, 10),
    phase: null,
    changeRequest: null,
    doneSubmitterSteps: new Set(),
    approverActed: false,
    submitterActed: false,
    firstStepReached: false,
    closing: null,
    expiryDue: false,
    ended: false,
    actionSeq: 0,
    processedSeq: 0,
    pendingActions: [],
    resends: { asked: 0, done: 0 },
    reassignments: { asked: 0, done: 0 },
    sentRecorded: false,
    stateOwed: false,
    compiledForms: new Map(),
  };
}

/**
 * A frozen form compiled once per run (a replay or a run on another worker compiles again), not on every Update.
 * The frozen definitions passed the shape check when they were published: checking it again would compile that large
 * schema on every run (over half a second of CPU), and a burst of Updates then outlasts the workflow task timeout.
 */
export function compiledOf(run: SubmissionRun, form: PacketSubmissionForm): CompiledForm {
  let compiled = run.compiledForms.get(form.formId);
  if (!compiled) {
    compiled = compileFormUncached(form.version);
    run.compiledForms.set(form.formId, compiled);
  }
  return compiled;
}

export function setStep(run: SubmissionRun, stepId: string, patch: Partial<StepRunState>): void {
  const at = run.steps.findIndex((s) => s.stepId === stepId);
  if (at >= 0) run.steps[at] = { stepId, ...patch } as StepRunState;
}

export function stepState(run: SubmissionRun, stepId: string): StepRunState | undefined {
  return run.steps.find((s) => s.stepId === stepId);
}

export function copySteps(run: SubmissionRun): StepRunState[] {
  return run.steps.map((s) => ({ ...s }));
}

export function snapshot(run: SubmissionRun): PacketSubmissionState {
  return {
    status: run.status,
    steps: copySteps(run),
    activeStepId: run.phase?.stepId ?? null,
    round: run.round,
    ended: run.ended,
  };
}

/** The active step's slots that have not acted yet. */
export function pendingSlots(current: Phase): ActorSlot[] {
  return current.slots.filter((s) => !current.acted.has(s.key));
}

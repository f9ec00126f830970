import * as wf from '@temporalio/workflow';
import type { AgentActivities } from '../../activities/partners/agents.activities';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { AGENT_LIMITS, checkAgentDecision, type AgentStatus } from '../../domain/partners/agents';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * One agent's life in the registry (id `agent:<agentId>`), from the row the API wrote:
 * - INVITED (an athlete invited them): a signed, single-use link is issued and mailed; one reminder after
 *   `remindAfterMs` with the same link; at `linkTtlMs` the link is dead and the athlete is told (the process ends).
 *   The API records the agent's details from the link and signals `agentInfoProvided`.
 * - PENDING_CONFIRMATION: compliance sees "Confirm agent" in My Tasks and confirms or rejects (reason of at most 50
 *   words) through the `decideAgent` Update, whose validator checks the actor, the reason and the state.
 * - ACTIVE: the process waits for the registration's expiry (the day after its expiry date; `expiryAfterMs` in tests
 *   and demo data), warns compliance `expiryWarningDays` before, and then marks it EXPIRED. Changing the expiry date
 *   signals `agentRegistrationChanged` and the wait starts over.
 * Every write is an idempotent activity (a retried one after a killed worker changes nothing twice).
 */
export interface AgentTiming {
  remindAfterMs: number;
  linkTtlMs: number;
  /** Registration expiry counted from the moment the agent is active (null: from the stored expiry date). */
  expiryAfterMs: number | null;
}
export interface AgentWorkflowInput {
  schoolId: string;
  agentId: string;
  timing?: AgentTiming;
}
export interface AgentActor {
  userId: string;
  role: 'ADMIN';
}
export interface AgentDecision {
  actor: AgentActor;
  decision: 'CONFIRM' | 'REJECT';
  reason?: string | null;
}
export interface AgentWorkflowState {
  status: AgentStatus;
  step: string;
  reminded: boolean;
}
export type AgentWorkflowOutcome = 'LINK_EXPIRED' | 'REJECTED' | 'EXPIRED' | 'GONE';

export const agentInfoProvidedSignal = wf.defineSignal('agentInfoProvided');
export const agentRegistrationChangedSignal = wf.defineSignal('agentRegistrationChanged');
export const decideAgentUpdate = wf.defineUpdate<AgentWorkflowState, [AgentDecision]>('decideAgent');
export const agentStateQuery = wf.defineQuery<AgentWorkflowState>('agentState');

const records = wf.proxyActivities<AgentActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: ['NOT_FOUND', 'AGENT_NOT_PENDING', 'MAIL_REJECTED'],
  },
});

function fail(code: ErrorCode): never {
  throw wf.ApplicationFailure.create({ type: code, message: ERRORS[code].message, nonRetryable: true });
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REAL_TIMING: AgentTiming = {
  remindAfterMs: AGENT_LIMITS.reminderAfterHours * HOUR,
  linkTtlMs: AGENT_LIMITS.linkExpiryHours * HOUR,
  expiryAfterMs: null,
};

export async function agentWorkflow(input: AgentWorkflowInput): Promise<AgentWorkflowOutcome> {
  const timing = input.timing ?? REAL_TIMING;
  const ref = { schoolId: input.schoolId, agentId: input.agentId };
  let status: AgentStatus = 'INVITED';
  let step = 'start';
  let reminded = false;
  let infoProvided = false;
  let registrationChanged = false;
  const lock = new BusyLock();
  // Handlers change it between awaits; read through this so the compiler does not narrow it.
  const statusNow = (): AgentStatus => status;
  const state = (): AgentWorkflowState => ({ status, step, reminded });
  const at = (name: string, waitingOn: 'SCHOOL_ADMIN' | null) => {
    step = name;
    markStep(name, waitingOn);
  };

  wf.setHandler(agentStateQuery, state);
  wf.setHandler(agentInfoProvidedSignal, () => {
    infoProvided = true;
  });
  wf.setHandler(agentRegistrationChangedSignal, () => {
    registrationChanged = true;
  });
  const guard = (actor: AgentActor) => {
    if (!actor || typeof actor.userId !== 'string' || !actor.userId || actor.role !== 'ADMIN') fail('FORBIDDEN');
    if (status !== 'PENDING_CONFIRMATION') fail('AGENT_NOT_PENDING');
  };
  wf.setHandler(
    decideAgentUpdate,
    async (args) => {
      while (lock.busy) await lock.released();
      guard(args.actor);
      await lock.hold(async () => {
        const reason = args.decision === 'REJECT' ? (args.reason ?? '').trim() : null;
        await records.decideAgent({ ...ref, actorUserId: args.actor.userId, decision: args.decision, reason });
        status = args.decision === 'CONFIRM' ? 'ACTIVE' : 'REJECTED';
      });
      return state();
    },
    {
      validator: (args) => {
        guard(args.actor);
        if (lock.busy) fail('AGENT_NOT_PENDING');
        if (args.decision !== 'CONFIRM' && args.decision !== 'REJECT') fail('VALIDATION_FAILED');
        const problem = checkAgentDecision(args.decision, args.reason);
        if (problem) fail(problem);
      },
    },
  );

  tagProcess({ schoolId: input.schoolId, module: 'agent', entityId: input.agentId });
  const current = await records.agentStatus(ref);
  if (current === null) return 'GONE';
  status = current;

  if (status === 'INVITED') {
    at('invitation', null);
    const link = await records.issueAgentLink({ ...ref, ttlMs: timing.linkTtlMs });
    await records.mailAgentLink({ ...ref, generation: link.generation, reminder: false });
    const started = Date.now();
    if (!(await wf.condition(() => infoProvided, timing.remindAfterMs))) {
      const mailed = await records.mailAgentLink({ ...ref, generation: link.generation, reminder: true });
      reminded = mailed === 'SENT';
      if (mailed === 'USED') infoProvided = true;
      at('reminded', null);
    }
    const left = Math.max(0, timing.linkTtlMs - (Date.now() - started));
    if (!infoProvided && !(await wf.condition(() => infoProvided, left))) {
      // The link may have been used in the last moment before the signal arrived: the row decides.
      const closed = await records.closeAgentInvitation({ ...ref, generation: link.generation });
      if (closed === 'EXPIRED') {
        at('link-expired', null);
        return 'LINK_EXPIRED';
      }
    }
    status = 'PENDING_CONFIRMATION';
  }

  if (status === 'PENDING_CONFIRMATION') {
    await records.openAgentTask({ ...ref, stepId: 'confirm' });
    at('confirm', 'SCHOOL_ADMIN');
    await wf.condition(() => status !== 'PENDING_CONFIRMATION' && !lock.busy);
    if (statusNow() === 'REJECTED') {
      at('rejected', null);
      await wf.condition(wf.allHandlersFinished);
      return 'REJECTED';
    }
  }

  if (statusNow() === 'REJECTED') return 'REJECTED';
  if (statusNow() === 'EXPIRED') return 'EXPIRED';

  // ACTIVE: wait for the registration's expiry; a changed expiry date starts the wait over.
  const activeSince = Date.now();
  for (;;) {
    at('registered', null);
    registrationChanged = false;
    const expiry = await records.registrationExpiry(ref);
    if (expiry.status !== 'ACTIVE') return expiry.status === 'EXPIRED' ? 'EXPIRED' : 'GONE';
    const endsAt =
      timing.expiryAfterMs !== null
        ? activeSince + timing.expiryAfterMs
        : (expiry.endsAtMs ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(endsAt)) {
      await wf.condition(() => registrationChanged);
      continue;
    }
    const warnAt = endsAt - AGENT_LIMITS.expiryWarningDays * DAY;
    if (timing.expiryAfterMs === null && warnAt > Date.now()) {
      if (await wf.condition(() => registrationChanged, warnAt - Date.now())) continue;
      await records.warnRegistrationExpiry({ ...ref, expiresOn: expiry.expiresOn });
    }
    if (await wf.condition(() => registrationChanged, Math.max(1, endsAt - Date.now()))) continue;
    const outcome = await records.expireAgentRegistration({ ...ref, force: timing.expiryAfterMs !== null });
    if (outcome === 'EXPIRED') {
      status = 'EXPIRED';
      at('expired', null);
      return 'EXPIRED';
    }
  }
}

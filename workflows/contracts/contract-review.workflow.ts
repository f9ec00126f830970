import * as wf from '@temporalio/workflow';
import type { ContractActivities } from '../../activities/contracts/contracts.activities';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { checkContractDecision, type ContractStatus } from '../../domain/contracts';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * A contract's review (id `contract-review:<contractId>`): the contract was added to an approved disclosure (the API
 * wrote the row and started this process) → the school's compliance admins see it in My Tasks → one of them
 * approves it (ACTIVE) or rejects it with a reason of at most 50 words, as an Update whose validator checks the
 * actor, the reason and that it is still pending. The decision is written in one idempotent transaction (status,
 * task closed, audit event, the athlete's notification).
 */
export interface ContractReviewInput {
  schoolId: string;
  contractId: string;
}
export interface ContractReviewActor {
  userId: string;
  role: 'ADMIN';
}
export interface ContractReviewState {
  status: ContractStatus;
}
export interface ContractDecision {
  actor: ContractReviewActor;
  decision: 'APPROVE' | 'REJECT';
  reason?: string | null;
}

export const decideContractUpdate = wf.defineUpdate<ContractReviewState, [ContractDecision]>('decideContract');
export const contractReviewStateQuery = wf.defineQuery<ContractReviewState>('contractReviewState');

const records = wf.proxyActivities<ContractActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: ['NOT_FOUND', 'CONTRACT_NOT_PENDING'],
  },
});

function fail(code: ErrorCode): never {
  throw wf.ApplicationFailure.create({ type: code, message: ERRORS[code].message, nonRetryable: true });
}

export async function contractReviewWorkflow(input: ContractReviewInput): Promise<ContractReviewState> {
  let status = 'PENDING' as ContractStatus;
  const lock = new BusyLock();
  const state = (): ContractReviewState => ({ status });
  wf.setHandler(contractReviewStateQuery, state);

  const guard = (actor: ContractReviewActor) => {
    if (!actor || typeof actor.userId !== 'string' || !actor.userId || actor.role !== 'ADMIN') fail('FORBIDDEN');
    if (status !== 'PENDING') fail('CONTRACT_NOT_PENDING');
  };

  wf.setHandler(
    decideContractUpdate,
    async (args) => {
      // One decision at a time: a second arriving while the first is written waits, then finds it decided.
      while (lock.busy) await lock.released();
      guard(args.actor);
      await lock.hold(async () => {
        const reason = args.decision === 'REJECT' ? (args.reason ?? '').trim() : null;
        await records.decideContract({ ...input, actorUserId: args.actor.userId, decision: args.decision, reason });
        status = args.decision === 'APPROVE' ? 'ACTIVE' : 'REJECTED';
      });
      return state();
    },
    {
      validator: (args) => {
        guard(args.actor);
        if (lock.busy) fail('CONTRACT_NOT_PENDING');
        if (args.decision !== 'APPROVE' && args.decision !== 'REJECT') fail('VALIDATION_FAILED');
        const problem = checkContractDecision(args.decision, args.reason);
        if (problem) fail(problem);
      },
    },
  );

  tagProcess({ schoolId: input.schoolId, module: 'contract-review', entityId: input.contractId });
  await records.openContractTask({ ...input, stepId: 'review' });
  markStep('review', 'SCHOOL_ADMIN');
  await wf.condition(() => status !== 'PENDING' && !lock.busy);
  markStep(status === 'ACTIVE' ? 'approved' : 'rejected', null);
  await wf.condition(wf.allHandlersFinished);
  return state();
}

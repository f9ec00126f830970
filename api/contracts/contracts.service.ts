import type { Client } from '@temporalio/client';
import {
  checkContract,
  checkContractDecision,
  checkSchedule,
  compressedTimingOf,
  CONTRACT_SIZES,
  CONTRACT_STATUSES,
  CONTRACT_TYPE_LABELS,
  CONTRACT_TYPES,
  contractReviewWorkflowId,
  paymentScheduleWorkflowId,
  realTimingOf,
  TAX_REPORTING_THRESHOLD_CENTS,
  type ContractInput,
  type ContractStatus,
  type PaymentScheduleInput,
  type ScheduleInput,
} from '../../domain/contracts';
import { AppError, ERRORS } from '../../domain/errors';
import { contractReviewWorkflow, decideContractUpdate } from '../../workflows/contracts/contract-review.workflow';
import {
  confirmPaymentUpdate,
  endScheduleSignal,
  paymentScheduleWorkflow,
} from '../../workflows/contracts/payment-schedule.workflow';
import { checkAttachment, type UploadedFile } from '../disclosures/disclosure-files.service';
import { todayIn } from '../forms/school-today';
import { insertStoredFile } from '../shared/stored-files.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import {
  contractDocumentFileId,
  deletePendingContract,
  deleteRunningSchedule,
  findContract,
  findDisclosureForContract,
  insertContract,
  insertSchedule,
  listContracts,
  listPayments,
  lockContract,
  payorYearTotalsFor,
  scheduleOf,
  markScheduleEndRequested,
  setContractDocument,
  taxFlagsFor,
  type ContractFilters,
  type ContractScope,
  type PaymentFilters,
} from './contracts.repository';

/** The purpose stored with a signed contract's bytes (`stored_files.purpose`). */
export const CONTRACT_FILE_PURPOSE = 'contract-document';

/** Who reviews contracts, sets schedules and confirms payments: the school's compliance admins. */
const REVIEW = 'disclosures:review';

/** A school's admins (`disclosures:list`) see every contract of the school; an athlete only their own. */
export function contractScope(actor: Pick<Actor, 'schoolId' | 'userId' | 'permissions'>): ContractScope {
  return {
    schoolId: actor.schoolId,
    athleteUserId: actor.permissions.has('disclosures:list') ? null : actor.userId,
  };
}

function refuse(problems: { field: string; code: keyof typeof ERRORS; message?: string }[]): never {
  const details = problems.map((p) => ({ field: p.field, code: p.code, message: p.message ?? ERRORS[p.code].message }));
  throw new AppError(problems[0]!.code, details, problems[0]!.message);
}

const listOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

export async function listContractsFor(
  deps: CoreDeps,
  actor: Actor,
  input: ContractFilters & { limit?: number; offset?: number },
) {
  const { limit = 50, offset = 0, ...filters } = input;
  const page = await listContracts(deps.db, contractScope(actor), filters, { limit, offset });
  return {
    ...page,
    limit,
    offset,
    canReview: actor.permissions.has(REVIEW),
    statusList: listOf(CONTRACT_STATUSES),
    contractTypeList: CONTRACT_TYPES.map((value) => ({ value, label: CONTRACT_TYPE_LABELS[value] })),
    sizesList: listOf(CONTRACT_SIZES),
  };
}

/** The contract with its payments and 1099 flags, as its viewer may see it; anyone else's answers 404. */
export async function getContract(deps: CoreDeps, actor: Actor, id: string) {
  const scope = contractScope(actor);
  const contract = await findContract(deps.db, scope, id);
  if (!contract) throw new AppError('NOT_FOUND');
  const [payments, taxFlags] = await Promise.all([
    listPayments(deps.db, scope, { contractId: id }),
    taxFlagsFor(deps.db, scope, { athleteUserId: contract.athleteUserId }),
  ]);
  const reviewer = actor.permissions.has(REVIEW);
  return {
    ...contract,
    payments: payments.sort((a, b) => a.seq - b.seq),
    taxFlags: taxFlags.filter((f) => f.payorName.toLowerCase() === contract.companyName.trim().toLowerCase()),
    canReview: reviewer && contract.status === 'PENDING',
    canSchedule: reviewer && contract.status === 'ACTIVE' && contract.schedule === null,
    canConfirm: reviewer && contract.schedule?.status === 'RUNNING',
    timeZone: actor.timeZone,
  };
}
export type ContractView = Awaited<ReturnType<typeof getContract>>;

export async function startContractReview(
  deps: Pick<CoreDeps, 'taskQueue'>,
  temporal: Client,
  input: { schoolId: string; contractId: string },
) {
  return temporal.workflow.start(contractReviewWorkflow, {
    workflowId: contractReviewWorkflowId(input.contractId),
    taskQueue: taskQueueOf(deps),
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: [input],
  });
}

/** Adds a contract to an approved disclosure and starts its review; if the review cannot start, it is taken back. */
export async function addContract(
  deps: CoreDeps,
  actor: Actor,
  input: ContractInput & { disclosureId: string },
): Promise<ContractView> {
  const disclosure = await findDisclosureForContract(deps.db, actor.schoolId, input.disclosureId);
  const mayAct = disclosure && (actor.permissions.has(REVIEW) || disclosure.athlete_user_id === actor.userId);
  if (!disclosure || !mayAct) throw new AppError('NOT_FOUND');
  if (disclosure.status !== 'APPROVED') throw new AppError('CONTRACT_DISCLOSURE_NOT_APPROVED');
  const checked = checkContract({
    ...input,
    payorName: input.payorName ?? disclosure.payor_name ?? disclosure.company_name,
  });
  if (!checked.ok) refuse(checked.problems);
  const temporal = requireTemporal(deps);
  const id = await deps.db.transaction().execute(async (trx) => {
    const contractId = await insertContract(
      trx,
      {
        schoolId: actor.schoolId,
        disclosureId: disclosure.id,
        athleteUserId: disclosure.athlete_user_id,
        createdBy: actor.userId,
        contract: checked.value,
      },
      contractReviewWorkflowId,
    );
    await auditBy(trx, actor, {
      action: 'contract.created',
      targetType: 'contract',
      targetId: contractId,
      details: {
        disclosureId: disclosure.id,
        totalCents: checked.value.totalCents,
        payorName: checked.value.payorName,
      },
    });
    return contractId;
  });
  try {
    await startContractReview(deps, temporal, { schoolId: actor.schoolId, contractId: id });
  } catch (err) {
    deps.log?.error({ err }, 'contract review workflow could not start');
    await deletePendingContract(deps.db, id);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  return getContract(deps, actor, id);
}

/** Attaches the signed PDF (replacing an earlier one) while the contract is pending or active. */
export async function uploadContractDocument(
  deps: CoreDeps,
  actor: Actor,
  input: { contractId: string; upload: () => Promise<UploadedFile> },
): Promise<ContractView> {
  const contract = await getContract(deps, actor, input.contractId);
  const open = (s: ContractStatus) => s === 'PENDING' || s === 'ACTIVE';
  if (!open(contract.status)) throw new AppError('CONTRACT_NOT_PENDING');
  const upload = await input.upload();
  const { contentType } = checkAttachment(upload);
  if (contentType !== 'application/pdf') {
    throw new AppError('CONTRACT_DOCUMENT_PDF_ONLY', [
      { field: 'file', message: ERRORS.CONTRACT_DOCUMENT_PDF_ONLY.message },
    ]);
  }
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockContract(trx, actor.schoolId, contract.id);
    if (!locked || !open(locked.status)) throw new AppError('CONTRACT_NOT_PENDING');
    const file = await insertStoredFile(trx, actor.schoolId, {
      uploadedBy: actor.userId,
      purpose: CONTRACT_FILE_PURPOSE,
      filename: upload.filename,
      contentType,
      bytes: upload.bytes,
    });
    await setContractDocument(trx, contract.id, file);
    await auditBy(trx, actor, {
      action: 'contract.document_uploaded',
      targetType: 'contract',
      targetId: contract.id,
      details: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 },
    });
  });
  return getContract(deps, actor, contract.id);
}

/** The stored file of the signed contract the actor may see (the route sends it, audited). */
export async function findContractDocumentFile(deps: CoreDeps, actor: Actor, contractId: string) {
  const fileId = await contractDocumentFileId(deps.db, contractScope(actor), contractId);
  if (!fileId) throw new AppError('NOT_FOUND');
  return { contractId, fileId };
}

const toReviewError = updateErrorMapper(
  new Set([
    'FORBIDDEN',
    'CONTRACT_NOT_PENDING',
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'CONTRACT_REJECT_REASON_REQUIRED',
    'CONTRACT_REJECT_REASON_TOO_LONG',
  ]),
  'CONTRACT_NOT_PENDING',
);

/** A compliance admin approves (ACTIVE), or rejects with a reason: an Update on the contract's review process. */
export async function decideContract(
  deps: CoreDeps,
  actor: Actor,
  input: { contractId: string; decision: 'APPROVE' | 'REJECT'; reason?: string | null },
): Promise<ContractView> {
  const contract = await getContract(deps, actor, input.contractId);
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  if (contract.status !== 'PENDING') throw new AppError('CONTRACT_NOT_PENDING');
  const problem = checkContractDecision(input.decision, input.reason);
  if (problem) throw new AppError(problem, [{ field: 'reason', message: ERRORS[problem].message }]);
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.getHandle(contract.workflowId).executeUpdate(decideContractUpdate, {
      args: [
        { actor: { userId: actor.userId, role: 'ADMIN' }, decision: input.decision, reason: input.reason ?? null },
      ],
    });
  } catch (err) {
    const mapped = toReviewError(err);
    if (mapped.code === 'WORKFLOW_UNAVAILABLE') deps.log?.error({ err }, 'contract decision failed');
    throw mapped;
  }
  return getContract(deps, actor, contract.id);
}

/**
 * Compressed timing for tests and demo data: never reachable from a route. Payment i opens `firstMs + i*cycleMs`
 * after the start and is reminded `remindAfterMs` after opening.
 */
export interface ScheduleTiming {
  firstMs: number;
  cycleMs: number;
  remindAfterMs: number | null;
  /** When the contract's end counts, as ms from now (null: never within the run). */
  endsInMs?: number | null;
}

/**
 * Sets an active contract's payment schedule and starts `payment-schedule:<contractId>`. Refused with the figures
 * when the payments would exceed the contract's total. If the process cannot start, the schedule is taken back.
 */
export async function createPaymentSchedule(
  deps: CoreDeps,
  actor: Actor,
  input: ScheduleInput & { contractId: string },
  timing?: ScheduleTiming,
): Promise<ContractView> {
  const contract = await getContract(deps, actor, input.contractId);
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  if (contract.status !== 'ACTIVE') throw new AppError('CONTRACT_NOT_ACTIVE');
  if (contract.schedule) throw new AppError('SCHEDULE_EXISTS');
  const checked = checkSchedule(input, {
    totalCents: contract.totalAmountCents,
    startDate: contract.startDate,
    endDate: contract.endDate,
  });
  if (!checked.ok) refuse(checked.problems);
  const temporal = requireTemporal(deps);
  const s = checked.value;
  const workflowId = paymentScheduleWorkflowId(contract.id);
  const inserted = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockContract(trx, actor.schoolId, contract.id);
    if (!locked || locked.status !== 'ACTIVE') throw new AppError('CONTRACT_NOT_ACTIVE');
    const fresh = await insertSchedule(trx, {
      schoolId: actor.schoolId,
      contractId: contract.id,
      createdBy: actor.userId,
      schedule: s,
      workflowId,
    });
    if (!fresh) return false;
    await auditBy(trx, actor, {
      action: 'contract.schedule_created',
      targetType: 'contract',
      targetId: contract.id,
      details: { cycle: s.cycle, amountCents: s.amountCents, count: s.count, firstDueDate: s.firstDueDate },
    });
    return true;
  });
  if (!inserted) throw new AppError('SCHEDULE_EXISTS');
  const now = deps.now().getTime();
  const scheduleInput: PaymentScheduleInput = timing
    ? {
        schoolId: actor.schoolId,
        contractId: contract.id,
        payments: compressedTimingOf(s.dueDates, s.amountCents, now, timing),
        endsAt: timing.endsInMs == null ? null : now + timing.endsInMs,
      }
    : {
        schoolId: actor.schoolId,
        contractId: contract.id,
        payments: realTimingOf(s.dueDates, s.amountCents, now),
        // The day after the end date: a payment due on the last day still opens.
        endsAt: Date.parse(`${contract.endDate}T00:00:00Z`) + 86_400_000,
      };
  try {
    await temporal.workflow.start(paymentScheduleWorkflow, {
      workflowId,
      taskQueue: taskQueueOf(deps),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [scheduleInput],
    });
  } catch (err) {
    deps.log?.error({ err }, 'payment schedule workflow could not start');
    await deleteRunningSchedule(deps.db, contract.id);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  return getContract(deps, actor, contract.id);
}

const toPaymentError = updateErrorMapper(
  new Set(['FORBIDDEN', 'PAYMENT_NOT_OPEN', 'VALIDATION_FAILED', 'NOT_FOUND']),
  'PAYMENT_NOT_OPEN',
);

/** Records paid or failed on an open payment: an Update on the schedule's process. Twice paid counts once. */
export async function confirmPayment(
  deps: CoreDeps,
  actor: Actor,
  input: { contractId: string; seq: number; outcome: 'PAID' | 'FAILED' },
): Promise<ContractView> {
  const contract = await getContract(deps, actor, input.contractId);
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  const schedule = await scheduleOf(deps.db, actor.schoolId, contract.id);
  if (!schedule) throw new AppError('PAYMENT_NOT_OPEN');
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.getHandle(schedule.workflow_id).executeUpdate(confirmPaymentUpdate, {
      args: [
        {
          actor: { userId: actor.userId, role: 'ADMIN' },
          seq: input.seq,
          outcome: input.outcome,
          paidOn: input.outcome === 'PAID' ? todayIn(actor.timeZone, deps.now()) : null,
        },
      ],
    });
  } catch (err) {
    const mapped = toPaymentError(err);
    if (mapped.code === 'WORKFLOW_UNAVAILABLE') deps.log?.error({ err }, 'payment confirmation failed');
    throw mapped;
  }
  return getContract(deps, actor, contract.id);
}

/**
 * Ends a running schedule early (the contract ended): no further payment opens. Payments already open still wait
 * for the payor's outcome; the schedule finishes when they are recorded. Ending it again changes nothing.
 */
export async function endPaymentSchedule(deps: CoreDeps, actor: Actor, contractId: string): Promise<ContractView> {
  const contract = await getContract(deps, actor, contractId);
  if (!actor.permissions.has(REVIEW)) throw new AppError('FORBIDDEN');
  const schedule = await scheduleOf(deps.db, actor.schoolId, contract.id);
  if (!schedule || schedule.status !== 'RUNNING') throw new AppError('NOT_FOUND');
  if (schedule.end_requested_at) return contract;
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.getHandle(schedule.workflow_id).signal(endScheduleSignal, { reason: 'ended by an admin' });
  } catch (err) {
    deps.log?.error({ err }, 'payment schedule end failed');
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await deps.db.transaction().execute(async (trx) => {
    const marked = await markScheduleEndRequested(trx, actor.schoolId, contract.id, actor.userId, deps.now());
    if (marked) {
      await auditBy(trx, actor, { action: 'contract.schedule_ended', targetType: 'contract', targetId: contract.id });
    }
  });
  return getContract(deps, actor, contract.id);
}

/** Payments the actor may see, with totals per athlete, payor and calendar year and the $600 flags. */
export async function listPaymentsFor(deps: CoreDeps, actor: Actor, input: PaymentFilters & { disclosureId?: string }) {
  const scope = contractScope(actor);
  const { disclosureId, ...filters } = input;
  const [items, totals, taxFlags] = await Promise.all([
    listPayments(deps.db, scope, filters),
    payorYearTotalsFor(deps.db, scope, filters.athleteUserId),
    taxFlagsFor(deps.db, scope, { athleteUserId: filters.athleteUserId, disclosureId }),
  ]);
  return { items, totals, taxFlags, thresholdCents: TAX_REPORTING_THRESHOLD_CENTS, timeZone: actor.timeZone };
}

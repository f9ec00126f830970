import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { AppError } from '../../domain/errors';
import type { Kysely } from 'kysely';
import { psaTransferWorkflowId, TRANSFER_STATUSES } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { psaArchivedSignal, psaTransferWorkflow } from '../../workflows/recruiting/psa-transfer.workflow';
import { taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import type { ServerDeps } from '../types';
import { fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database>;

/** The prospect's transfer as the profile shows it (null when none was requested). */
export async function transferView(db: Db, schoolId: string, psaId: string) {
  const t = await db
    .selectFrom('psa_transfers as x')
    .innerJoin('sport_teams as t', 't.id', 'x.sport_team_id')
    .innerJoin('academic_years as y', 'y.id', 'x.academic_year_id')
    .leftJoin('users as r', 'r.id', 'x.requested_by')
    .leftJoin('users as d', 'd.id', 'x.decided_by')
    .where('x.school_id', '=', schoolId)
    .where('x.psa_id', '=', psaId)
    .select([
      'x.id',
      'x.status',
      'x.sport_team_id',
      'x.academic_year_id',
      'x.requested_at',
      'x.decided_at',
      'x.reason',
      'x.athlete_user_id',
      'x.workflow_id',
      't.name as teamName',
      'y.start_year',
      'y.end_year',
      fullNameOrNull('r').as('requestedBy'),
      fullNameOrNull('d').as('decidedBy'),
    ])
    .executeTakeFirst();
  if (!t) return null;
  return {
    id: t.id,
    status: t.status,
    statusLabel: TRANSFER_STATUSES[t.status],
    sportTeamId: t.sport_team_id,
    teamName: t.teamName,
    academicYearId: t.academic_year_id,
    academicYearLabel: `${t.start_year}-${t.end_year}`,
    requestedBy: t.requestedBy,
    requestedAt: new Date(t.requested_at).toISOString(),
    decidedBy: t.decidedBy,
    decidedAt: t.decided_at ? new Date(t.decided_at).toISOString() : null,
    reason: t.reason,
    athleteUserId: t.athlete_user_id,
    workflowId: t.workflow_id,
  };
}

/** Starts (or joins) the prospect's transfer process; its id is the business key, so a retry never starts two. */
export async function startTransferWorkflow(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  input: { schoolId: string; psaId: string; transferId: string },
) {
  return temporal.workflow.start(psaTransferWorkflow, {
    workflowId: psaTransferWorkflowId(input.psaId),
    taskQueue: taskQueueOf(deps),
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: [input],
  });
}

/** How long a PENDING transfer may wait for its process to start before a later request may take the claim back. */
export const TRANSFER_CLAIM_GRACE_MS = 2 * 60_000;

/**
 * Whether a PENDING transfer is a dead claim: older than the grace period and with no running process. The row is
 * written before the process starts (docs/design.md, work claimed before its workflow starts), so a request that
 * died in between left a transfer that nothing would ever decide and that refused every new request as pending.
 * Such a claim may be taken back by the next request, which writes the row again and starts the process under the
 * same deterministic id (joining one that did start after all). A young claim is left to its own request.
 */
export async function transferClaimLapsed(
  deps: { now: () => Date; log?: { error: (details: object, message: string) => void } },
  temporal: Client,
  psaId: string,
  claim: { requested_at: Date },
): Promise<boolean> {
  if (deps.now().getTime() - new Date(claim.requested_at).getTime() < TRANSFER_CLAIM_GRACE_MS) return false;
  try {
    const run = await temporal.workflow.getHandle(psaTransferWorkflowId(psaId)).describe();
    return run.status.name !== 'RUNNING';
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return true;
    deps.log?.error({ err }, 'psa transfer process could not be read');
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
}

/**
 * Tells the prospect's pending transfer whether the prospect is archived (an archived prospect's transfer cannot be
 * approved). Sent after an archive or unarchive, and again before each decision, so a signal lost while Temporal was
 * away is made good; the approval's own transaction also reads the prospect's row.
 */
export async function syncTransferArchive(temporal: Client, psaId: string, archived: boolean) {
  await temporal.workflow.getHandle(psaTransferWorkflowId(psaId)).signal(psaArchivedSignal, { archived });
}

const WORKFLOW_CODES = new Set<string>([
  'FORBIDDEN',
  'ALREADY_DECIDED',
  'VALIDATION_FAILED',
  'PSA_REJECT_REASON_REQUIRED',
  'PSA_ALREADY_ON_ROSTER',
  'PSA_EMAIL_BELONGS_TO_ANOTHER_USER',
  'PSA_TRANSFER_NEEDS_EMAIL',
  'NOT_FOUND',
  'PSA_ARCHIVED',
]);

/** An Update's failure (its validator's or its activity's) becomes the catalogue error it names. */
export const toTransferError = updateErrorMapper(WORKFLOW_CODES, 'ALREADY_DECIDED');

import type { Kysely } from 'kysely';
import type { PacketWorkflowDefinition, StepRunState } from '../../domain/packet-workflow';
import type { Database } from '../../migrations/database';
import type { ListedExecution } from './execution-facts';

/**
 * What the console's detail page draws for a process: a packet submission's own workflow with each step's state (the
 * same `steps` the submission's live view reads, written by the workflow's activities), or a fixed process' state
 * (a disclosure review, an invitation) that the page places on that process' map. Read from PostgreSQL in the
 * process's school, so it never depends on the worker answering a query.
 */
export type WorkflowGraph =
  | {
      kind: 'packet-submission';
      status: string;
      definition: PacketWorkflowDefinition;
      steps: StepRunState[];
      activeStepName: string | null;
      updatedAt: string;
    }
  | {
      kind: 'disclosure';
      status: string;
      archived: boolean;
      reviewer: string | null;
      athlete: string | null;
      updatedAt: string;
    }
  | { kind: 'invitation'; status: string; updatedAt: string };

export interface GraphAndLink {
  graph: WorkflowGraph | null;
  /** Where the related record lives in the app (See Submissions' live view, the disclosure's page). */
  recordPath: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export async function loadWorkflowGraph(db: Kysely<Database>, execution: ListedExecution): Promise<GraphAndLink> {
  const { schoolId, entityId, module } = execution;
  if (!schoolId || !entityId || !UUID.test(schoolId) || !UUID.test(entityId)) return { graph: null, recordPath: null };
  if (module === 'packet-submission') {
    const row = await db
      .selectFrom('packet_submissions as s')
      .innerJoin('sent_packets as sp', (j) =>
        j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
      )
      .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
      .select(['s.id', 's.status', 'v.workflow', 's.steps', 's.active_step_name', 's.updated_at', 'sp.packet_id'])
      .where('s.school_id', '=', schoolId)
      .where('s.id', '=', entityId)
      .executeTakeFirst();
    if (!row) return { graph: null, recordPath: null };
    return {
      graph: {
        kind: 'packet-submission',
        status: row.status,
        definition: row.workflow as unknown as PacketWorkflowDefinition,
        steps: (row.steps ?? []) as unknown as StepRunState[],
        activeStepName: row.active_step_name,
        updatedAt: iso(row.updated_at),
      },
      recordPath: `/seeSubmission/${row.packet_id}?submission=${row.id}`,
    };
  }
  if (module === 'disclosure') {
    const row = await db
      .selectFrom('disclosures as d')
      .innerJoin('users as a', 'a.id', 'd.athlete_user_id')
      .leftJoin('users as r', 'r.id', 'd.assigned_reviewer_id')
      .select([
        'd.id',
        'd.status',
        'd.archived_at',
        'd.updated_at',
        'a.first_name as athleteFirst',
        'a.last_name as athleteLast',
        'r.first_name as reviewerFirst',
        'r.last_name as reviewerLast',
      ])
      .where('d.school_id', '=', schoolId)
      .where('d.id', '=', entityId)
      .executeTakeFirst();
    if (!row) return { graph: null, recordPath: null };
    return {
      graph: {
        kind: 'disclosure',
        status: row.status,
        archived: row.archived_at !== null,
        reviewer: row.reviewerFirst ? `${row.reviewerFirst} ${row.reviewerLast ?? ''}`.trim() : null,
        athlete: `${row.athleteFirst} ${row.athleteLast}`.trim(),
        updatedAt: iso(row.updated_at),
      },
      recordPath: `/disclosuredetail?id=${row.id}`,
    };
  }
  if (module === 'invitation') {
    const row = await db
      .selectFrom('invitations')
      .select(['status', 'created_at'])
      .where('school_id', '=', schoolId)
      .where('id', '=', entityId)
      .executeTakeFirst();
    if (!row) return { graph: null, recordPath: null };
    return { graph: { kind: 'invitation', status: row.status, updatedAt: iso(row.created_at) }, recordPath: null };
  }
  return { graph: null, recordPath: null };
}

import type { WorkflowStatus } from '../../domain/operator-console';

/**
 * Builds Temporal visibility queries from the console's filters. Values are quoted and escaped here, in one place,
 * so a filter can never change the query's shape (and a school admin's forced SchoolId cannot be escaped from).
 */
export interface WorkflowFilter {
  /** Forced to the admin's own school server-side; absent for an operator's view across schools. */
  schoolId?: string;
  module?: string;
  status?: WorkflowStatus;
  /** Only processes that are no longer running (any closed status). */
  endedOnly?: boolean;
  entityId?: string;
  /** Only processes started before this instant (the "age" filter). */
  startedBefore?: Date;
  workflowIds?: string[];
}

export function quoteValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function buildVisibilityQuery(filter: WorkflowFilter): string {
  const clauses: string[] = [];
  if (filter.schoolId !== undefined) clauses.push(`SchoolId = ${quoteValue(filter.schoolId)}`);
  if (filter.module) clauses.push(`Module = ${quoteValue(filter.module)}`);
  if (filter.status) clauses.push(`ExecutionStatus = ${quoteValue(filter.status)}`);
  if (filter.endedOnly) clauses.push(`ExecutionStatus != 'Running'`);
  if (filter.entityId) clauses.push(`EntityId = ${quoteValue(filter.entityId)}`);
  if (filter.startedBefore) clauses.push(`StartTime < ${quoteValue(filter.startedBefore.toISOString())}`);
  if (filter.workflowIds) {
    clauses.push(
      filter.workflowIds.length === 0
        ? `WorkflowId = ''`
        : `WorkflowId IN (${filter.workflowIds.map(quoteValue).join(', ')})`,
    );
  }
  // Only processes tagged with a module are the platform's; anything else on the namespace is not ours to show.
  clauses.push('Module IS NOT NULL');
  return clauses.join(' AND ');
}

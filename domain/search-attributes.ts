import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';

export type { SearchAttributeUpdatePair } from '@temporalio/common';
import type { WorkflowModule } from './workflows';

/**
 * Typed keys for the project's search attributes (names and types from domain/workflows.ts SEARCH_ATTRIBUTES),
 * so operators can find a process in Temporal visibility by school, module, entity, who it waits on and its step.
 * Here rather than in workflows/ because both sides use them: a workflow sets them (workflows/shared/
 * search-attributes.ts), and an activity that starts many processes at once passes them at start. @temporalio/common
 * is pure (no connection, no I/O), so the core may name it.
 */
export const SchoolIdKey = defineSearchAttributeKey('SchoolId', SearchAttributeType.KEYWORD);
export const ModuleKey = defineSearchAttributeKey('Module', SearchAttributeType.KEYWORD);
export const EntityIdKey = defineSearchAttributeKey('EntityId', SearchAttributeType.KEYWORD);
export const WaitingOnKey = defineSearchAttributeKey('WaitingOn', SearchAttributeType.KEYWORD);
export const StepNameKey = defineSearchAttributeKey('StepName', SearchAttributeType.KEYWORD);

export interface ProcessIdentity {
  schoolId: string;
  module: WorkflowModule;
  entityId: string;
}

/** Which school, module and entity the process belongs to, as search attribute pairs. */
export function processSearchAttributes(identity: ProcessIdentity): SearchAttributePair[] {
  return [
    { key: SchoolIdKey, value: identity.schoolId },
    { key: ModuleKey, value: identity.module },
    { key: EntityIdKey, value: identity.entityId },
  ];
}

/** The pairs a workflow's `markStep` writes, for a client that starts the process already at that step. */
export function stepSearchAttributes(stepName: string, waitingOn: string): SearchAttributePair[] {
  return [
    { key: StepNameKey, value: stepName },
    { key: WaitingOnKey, value: waitingOn },
  ];
}

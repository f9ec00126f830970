import { upsertSearchAttributes } from '@temporalio/workflow';
import {
  defineSearchAttributeKey,
  SearchAttributeType,
  type SearchAttributePair,
  type SearchAttributeUpdatePair,
} from '@temporalio/common';
import type { WorkflowModule } from '../../domain/workflows';

/**
 * Typed keys for the project's search attributes (names and types from domain/workflows.ts SEARCH_ATTRIBUTES),
 * so operators can find a process in Temporal visibility by school, module, entity, who it waits on and its step.
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

/**
 * Set once at the start of a workflow. A client that starts many processes at once passes the same pairs as
 * `typedSearchAttributes` instead, which spares the server one visibility write per process.
 */
export function tagProcess(identity: ProcessIdentity): void {
  upsertSearchAttributes(processSearchAttributes(identity));
}

/**
 * Records the current step and who must act next; `waitingOn: null` clears it (nobody is awaited, e.g. once the
 * process has ended), which removes the attribute rather than leaving a stale value.
 */
export function markStep(stepName: string, waitingOn: string | null): void {
  const pairs: SearchAttributeUpdatePair[] = [
    { key: StepNameKey, value: stepName },
    { key: WaitingOnKey, value: waitingOn },
  ];
  upsertSearchAttributes(pairs);
}

/** The pairs `markStep` writes, for a client that starts the process already at that step. */
export function stepSearchAttributes(stepName: string, waitingOn: string): SearchAttributePair[] {
  return [
    { key: StepNameKey, value: stepName },
    { key: WaitingOnKey, value: waitingOn },
  ];
}

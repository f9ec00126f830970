import { upsertSearchAttributes } from '@temporalio/workflow';
import {
  processSearchAttributes,
  StepNameKey,
  WaitingOnKey,
  type ProcessIdentity,
  type SearchAttributeUpdatePair,
} from '../../domain/search-attributes';

/** The keys and pairs live in domain/ (activities start processes with them too); re-exported for the workflows. */
export {
  EntityIdKey,
  ModuleKey,
  processSearchAttributes,
  SchoolIdKey,
  StepNameKey,
  stepSearchAttributes,
  WaitingOnKey,
  type ProcessIdentity,
} from '../../domain/search-attributes';

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

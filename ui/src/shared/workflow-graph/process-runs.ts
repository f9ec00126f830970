/**
 * A fixed process' state placed on its map (fixed-processes.ts): which step is done, active, failed or not reached,
 * from the record's status. The steps are the maps' own ids, so a renamed step shows up here as a type error in
 * tests, not as a silently empty graph.
 */
import type { StepRunState } from './packet-workflow';

export interface DisclosureState {
  status: string;
  archived?: boolean;
  reviewer?: string | null;
  athlete?: string | null;
  updatedAt?: string;
}

/** Disclosure review: submit → review → the athlete is told; a change request sends it back to submit. */
export function disclosureRuns(state: DisclosureState): StepRunState[] {
  const at = state.updatedAt;
  const athlete = state.athlete ? [state.athlete] : ['The athlete'];
  const reviewers = state.reviewer ? [state.reviewer] : ['Compliance reviewers'];
  const submitted: StepRunState = { stepId: 'submit', status: 'DONE', decision: 'SUBMITTED', ...by(state.athlete) };
  switch (state.status) {
    case 'DRAFT':
      return [
        { stepId: 'submit', status: 'ACTIVE', waitingOn: athlete, ...since(at) },
        { stepId: 'review', status: 'PENDING' },
        { stepId: 'notify', status: 'PENDING' },
      ];
    case 'CHANGE_REQUESTED':
      return [
        { stepId: 'submit', status: 'ACTIVE', waitingOn: athlete, ...since(at) },
        { stepId: 'review', status: 'DONE', decision: 'CHANGE_REQUESTED', ...by(state.reviewer), ...doneAt(at) },
        { stepId: 'notify', status: 'PENDING' },
      ];
    case 'PENDING':
      return [
        submitted,
        { stepId: 'review', status: 'ACTIVE', waitingOn: reviewers, ...since(at) },
        { stepId: 'notify', status: 'PENDING' },
      ];
    case 'APPROVED':
    case 'REJECTED':
      return [
        submitted,
        { stepId: 'review', status: 'DONE', decision: state.status, ...by(state.reviewer), ...doneAt(at) },
        { stepId: 'notify', status: 'DONE', ...doneAt(at) },
      ];
    default:
      return [];
  }
}

/** Invitation: e-mailed → waiting for the invitee (reminders, resends) → accepted; expiry or revocation fails it. */
export function invitationRuns(status: string, updatedAt?: string): StepRunState[] {
  switch (status) {
    case 'PENDING':
      return [
        { stepId: 'send', status: 'DONE', ...doneAt(updatedAt) },
        { stepId: 'accept', status: 'ACTIVE', waitingOn: ['The invitee'], ...since(updatedAt) },
        { stepId: 'active', status: 'PENDING' },
      ];
    case 'ACCEPTED':
      return [
        { stepId: 'send', status: 'DONE' },
        { stepId: 'accept', status: 'DONE', decision: 'ACCEPTED' },
        { stepId: 'active', status: 'DONE' },
      ];
    case 'EXPIRED':
    case 'REVOKED':
      return [
        { stepId: 'send', status: 'DONE' },
        { stepId: 'accept', status: 'FAILED', decision: status },
        { stepId: 'active', status: 'PENDING' },
      ];
    default:
      return [];
  }
}

function since(at: string | undefined): Partial<StepRunState> {
  return at ? { since: at } : {};
}
function doneAt(at: string | undefined): Partial<StepRunState> {
  return at ? { doneAt: at } : {};
}
function by(name: string | null | undefined): Partial<StepRunState> {
  return name ? { doneBy: name } : {};
}

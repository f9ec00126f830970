/**
 * What happens next after someone acts on a submission, in words: "Waiting for approval by Dana Whitfield", "Waiting
 * for Dr. Ann Lee to sign", or that the packet is complete. Names come from the active step's live state (who it still
 * waits on), else from the step's actors; a role reads as its label ("a school admin"), never as its code.
 */
import { FINAL_SUBMISSION_STATUSES, type SubmissionStatus } from '../../../../../domain/packets';
import { COMPLIANCE_STAFF } from '../../../../../domain/permissions';
import { ROLE_LABELS, type Role } from '../../../../../domain/roles';
import type { PacketStep, StepActor, StepRunState } from '../../../shared/workflow-graph/packet-workflow';
import { fullName } from '../../../shared/person-name';

export interface NextStepSource {
  status: string;
  recipientName: string;
  activeStepId: string | null;
  workflow: { steps: readonly PacketStep[] };
  steps: readonly StepRunState[];
}

function withArticle(label: string): string {
  const lower = label.toLowerCase();
  return `${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower}`;
}

/** "Dana Whitfield", "Dana Whitfield and Sam Lee", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** One name the live state gives (a person's name, "Recipient" or a role code) as a person reads it. */
function personOf(label: string, recipientName: string): string {
  if (label === 'Recipient') return recipientName;
  const role = label === COMPLIANCE_STAFF ? 'compliance staff member' : ROLE_LABELS[label as Role];
  return role ? withArticle(role) : label;
}

function actorName(actor: StepActor, recipientName: string): string {
  switch (actor.kind) {
    case 'RECIPIENT':
      return recipientName;
    case 'USER':
      return actor.name ?? 'a named person';
    case 'ROLE':
      return personOf(actor.role, recipientName);
    case 'EXTERNAL':
      return fullName(actor) || actor.email;
  }
}

/** Who the active step still waits on, by name or role label; `exclude` leaves out the person who just acted. */
export function waitingNames(source: NextStepSource, exclude?: string): string[] {
  const step = source.workflow.steps.find((s) => s.id === source.activeStepId);
  if (!step) return [];
  const run = source.steps.find((r) => r.stepId === step.id);
  const names = run?.waitingOn?.length
    ? run.waitingOn.map((label) => personOf(label, source.recipientName))
    : step.actors.map((a) => actorName(a, source.recipientName));
  return [...new Set(names)].filter((n) => n && n !== exclude);
}

const ENDINGS: Partial<Record<SubmissionStatus, string>> = {
  APPROVED: 'Every step is complete: the packet is approved.',
  AUTO_APPROVED: 'Every step is complete: the packet is approved.',
  REJECTED: 'The packet was declined; nothing more happens to it.',
  VOIDED: 'The packet was voided by the sender.',
  NOT_APPLICABLE: 'No further step applies to this packet.',
};

/** The sentence shown after acting; null while the next step is not known yet (it appears moments later). */
export function describeNextStep(source: NextStepSource, exclude?: string): string | null {
  const status = source.status as SubmissionStatus;
  if (FINAL_SUBMISSION_STATUSES.includes(status)) return ENDINGS[status] ?? null;
  const step = source.workflow.steps.find((s) => s.id === source.activeStepId);
  const names = joinNames(waitingNames(source, exclude));
  if (!step || !names) return null;
  switch (step.kind) {
    case 'APPROVER':
    case 'APPROVER_WITH_SIGNATURE':
      return `Waiting for approval by ${names}.`;
    case 'EXTERNAL_SIGNER':
      return `Waiting for ${names} to sign.`;
    case 'SUBMITTER':
      return `Waiting for ${names} to fill in their part.`;
    case 'EMAIL_NOTIFICATION':
      return `Waiting for ${names} to acknowledge it.`;
  }
}

/** How each kind of step looks and starts out in the designer (spec: submitter, approver with or without signature,
 * e-mail notification receiver, external signer). */
import { COMPLIANCE_STAFF } from '../../../../domain/permissions';
import type { PacketStep, PacketStepKind, StepActor } from './packet-workflow';

export interface StepKindInfo {
  label: string;
  /** A Mantine colour name. */
  color: string;
  defaultName: string;
  hint: string;
}

export const STEP_KIND_INFO: Record<PacketStepKind, StepKindInfo> = {
  SUBMITTER: {
    label: 'Submitter',
    color: 'blue',
    defaultName: 'Fill in and submit',
    hint: 'Answers the questions assigned to this step',
  },
  APPROVER: { label: 'Approver', color: 'teal', defaultName: 'Review and approve', hint: 'Approves or declines' },
  APPROVER_WITH_SIGNATURE: {
    label: 'Approver with signature',
    color: 'grape',
    defaultName: 'Approve and sign',
    hint: 'Approves with a drawn or typed signature',
  },
  EMAIL_NOTIFICATION: {
    label: 'E-mail notification',
    color: 'orange',
    defaultName: 'Notify by e-mail',
    hint: 'Receives an e-mail; nothing to do',
  },
  EXTERNAL_SIGNER: {
    label: 'External signer',
    color: 'pink',
    defaultName: 'External signature',
    hint: 'Someone without an account signs through an e-mailed link',
  },
};

export const PALETTE_KINDS: PacketStepKind[] = [
  'SUBMITTER',
  'APPROVER',
  'APPROVER_WITH_SIGNATURE',
  'EMAIL_NOTIFICATION',
  'EXTERNAL_SIGNER',
];

export function isApproverKind(kind: PacketStepKind): boolean {
  return kind === 'APPROVER' || kind === 'APPROVER_WITH_SIGNATURE';
}

export function defaultActors(kind: PacketStepKind): StepActor[] {
  switch (kind) {
    case 'SUBMITTER':
      return [{ kind: 'RECIPIENT' }];
    case 'EXTERNAL_SIGNER':
      return [{ kind: 'EXTERNAL', email: '', firstName: '', lastName: '' }];
    case 'APPROVER':
    case 'APPROVER_WITH_SIGNATURE':
      // Approving paperwork is a compliance decision: compliance staff, not every school admin (issue 35).
      return [{ kind: 'ROLE', role: COMPLIANCE_STAFF }];
    default:
      return [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }];
  }
}

export function createStep(
  kind: PacketStepKind,
  id: string,
  position: { x: number; y: number },
  questionIds: string[] = [],
): PacketStep {
  return {
    id,
    kind,
    name: STEP_KIND_INFO[kind].defaultName,
    actors: defaultActors(kind),
    questionIds: kind === 'SUBMITTER' ? questionIds : [],
    position,
  };
}

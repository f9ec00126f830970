/**
 * The fixed processes of the platform drawn as read-only graphs with the packet designer's canvas. Each is the
 * process' order of steps as its workflow runs it (see DOMAIN-NOTES: roster rollover, CARA logs, disclosures,
 * prospect-to-roster transfer); loops back (a change request) are drawn as captioned edges.
 */
import type { PacketStep, PacketStepKind, PacketWorkflowDefinition } from './packet-workflow';

export interface FixedProcess {
  key: 'disclosure-review' | 'invitation' | 'roster-rollover' | 'cara-log' | 'psa-transfer';
  title: string;
  description: string;
  definition: PacketWorkflowDefinition;
  edgeLabels: Record<string, string>;
}

function step(id: string, kind: PacketStepKind, name: string, role: string | null): PacketStep {
  return { id, kind, name, actors: role ? [{ kind: 'ROLE', role }] : [{ kind: 'RECIPIENT' }], questionIds: [] };
}

function chain(steps: PacketStep[], extra: Array<[string, string, string]> = []) {
  const edges = steps.slice(1).map((s, i) => ({ id: `${steps[i]!.id}-${s.id}`, from: steps[i]!.id, to: s.id }));
  const edgeLabels: Record<string, string> = {};
  for (const [from, to, caption] of extra) {
    const id = `${from}-${to}`;
    if (!edges.some((e) => e.id === id)) edges.push({ id, from, to });
    edgeLabels[id] = caption;
  }
  return { definition: { steps, edges }, edgeLabels };
}

export const FIXED_PROCESSES: FixedProcess[] = [
  {
    key: 'disclosure-review',
    title: 'Disclosure review',
    description: 'An athlete discloses an NIL activity; compliance approves, rejects or asks for changes.',
    ...chain(
      [
        step('submit', 'SUBMITTER', 'Athlete submits disclosure', 'STUDENT_ATHLETE'),
        step('review', 'APPROVER', 'Compliance reviews', 'SCHOOL_ADMIN'),
        step('notify', 'EMAIL_NOTIFICATION', 'Athlete is told the decision', 'STUDENT_ATHLETE'),
      ],
      [['review', 'submit', 'change requested']],
    ),
  },
  {
    key: 'invitation',
    title: 'Invitation',
    description:
      'A new user is e-mailed a link, reminded while it waits, and the invitation expires unless they accept it.',
    ...chain(
      [
        step('send', 'EMAIL_NOTIFICATION', 'Invitation is e-mailed', null),
        step('accept', 'SUBMITTER', 'Invitee sets a password and accepts', null),
        step('active', 'EMAIL_NOTIFICATION', 'Account is active', null),
      ],
      [['accept', 'send', 'resent']],
    ),
  },
  {
    key: 'roster-rollover',
    title: 'Roster rollover',
    description:
      'The coach rolls the roster into the new year and submits it; the admin approves, then invitations go.',
    ...chain(
      [
        step('rollover', 'SUBMITTER', 'Coach rolls over and submits roster', 'COACH'),
        step('review', 'APPROVER', 'Admin reviews the roster', 'SCHOOL_ADMIN'),
        step('invite', 'EMAIL_NOTIFICATION', 'New athletes are invited', 'STUDENT_ATHLETE'),
      ],
      [['review', 'rollover', 'sent back']],
    ),
  },
  {
    key: 'cara-log',
    title: 'CARA log',
    description: 'A team activity-hour log: submitted, confirmed by the athletes, then approved by compliance.',
    ...chain(
      [
        step('submit', 'SUBMITTER', 'Submitter submits the log', 'COACH'),
        step('survey', 'APPROVER', 'Athletes confirm or dispute events', 'STUDENT_ATHLETE'),
        step('review', 'APPROVER', 'Compliance approves or rejects', 'SCHOOL_ADMIN'),
      ],
      [['review', 'submit', 'rejected']],
    ),
  },
  {
    key: 'psa-transfer',
    title: 'Prospect-to-roster transfer',
    description: 'A committed prospect moves to the roster once a school admin approves (irreversible).',
    ...chain([
      step('request', 'SUBMITTER', 'Coach requests the transfer', 'COACH'),
      step('approve', 'APPROVER', 'School admin approves', 'SCHOOL_ADMIN'),
      step('notify', 'EMAIL_NOTIFICATION', 'Athlete account is invited', 'STUDENT_ATHLETE'),
    ]),
  },
];

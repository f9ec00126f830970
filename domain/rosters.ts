import { ATHLETE_STATUSES, type AthleteStatus, type RosterStatus } from './athletes';

/**
 * Roster declaration and yearly rollover (spec part 1 §4, DOMAIN-NOTES "Roster declaration and rollover"): the
 * shared vocabulary of the `roster-rollover:<teamId>:<academicYearId>` workflow, its activities and the API.
 */
export const ROLLOVER_STATUSES = {
  NOT_STARTED: 'Not started',
  READY_FOR_REVIEW: 'Ready for review',
  COMPLETED: 'Completed',
} as const;
export type RolloverStatus = keyof typeof ROLLOVER_STATUSES;

/** The statuses a coach gives a non-returner; nothing is deleted, the athlete keeps a row with this status. */
export const NON_RETURNER_STATUSES = [
  'GRADUATED',
  'TRANSFERRED_OUT',
  'QUIT_TEAM',
  'CUT_FROM_TEAM',
  'ELIGIBILITY_EXHAUSTED',
] as const satisfies readonly AthleteStatus[];

/** Athletes with one of these statuses have left the program and are not rolled into the next year. */
export const LEAVING_STATUSES: readonly AthleteStatus[] = [
  ...NON_RETURNER_STATUSES,
  'WITHDREW',
  'INELIGIBLE_DUE_TO_VIOLATION',
];

export function isLeaving(status: string): boolean {
  return (LEAVING_STATUSES as readonly string[]).includes(status);
}

export function isAthleteStatus(status: unknown): status is AthleteStatus {
  return typeof status === 'string' && status in ATHLETE_STATUSES;
}

/** Roster notification statuses (spec: roster init / submitted / completed / roll over). */
export const ROSTER_NOTIFICATION = {
  init: 'init',
  submitted: 'submitted',
  completed: 'completed',
  rollover: 'roll over',
} as const;

export const CHANGE_REQUEST_KINDS = { ADD: 'Add', REMOVE: 'Remove', STATUS_CHANGE: 'Status change' } as const;
export type RosterChangeKind = keyof typeof CHANGE_REQUEST_KINDS;
export const CHANGE_REQUEST_STATUSES = { PENDING: 'Pending', APPROVED: 'Approved', DENIED: 'Denied' } as const;

export const ROSTER_LIMITS = {
  commentMaxLength: 2000,
  /** At most this many athletes in one roster edit or one bulk decision. */
  batchMax: 200,
  /** Reminders per waiting period, so a forgotten roster does not flood anyone. */
  maxReminders: 3,
  defaultReminderHours: 72,
} as const;

export const rosterWorkflowId = (teamId: string, academicYearId: string) =>
  `roster-rollover:${teamId}:${academicYearId}`;

/** Who acts: decided by the API from the caller's grants (a coach of the team, or a school admin). */
export interface RosterActor {
  userId: string;
  role: 'COACH' | 'ADMIN';
}

export interface RosterRolloverInput {
  rosterId: string;
  schoolId: string;
  teamId: string;
  academicYearId: string;
  /** Durable reminder interval while the roster waits on the coach or the admins. */
  reminderMs: number;
  /** Carried over by continue-as-new; a fresh process starts from the row's status. */
  status: RolloverStatus;
  seq?: number;
  round?: number;
}

/** One coach edit while the roster is being declared (each is one Update, validated by the workflow). */
export type RosterEdit =
  | { op: 'add'; athleteUserIds: string[] }
  | { op: 'setStatus'; athleteUserIds: string[]; athleteStatus?: AthleteStatus; rosterStatus?: RosterStatus };

export interface RosterChangeRequestInput {
  kind: RosterChangeKind;
  athleteUserId: string;
  athleteStatus?: AthleteStatus | null;
  rosterStatus?: RosterStatus | null;
}

export type RosterTransitionAction =
  'rollover' | 'edit' | 'submit' | 'approve' | 'requestChanges' | 'requestChange' | 'decideChanges';

export interface RosterTransitionInput {
  schoolId: string;
  rosterId: string;
  eventKey: string;
  actorUserId: string | null;
  action: RosterTransitionAction;
  comment?: string | null;
  inviteNewAthletes?: boolean;
  edit?: RosterEdit;
  changeRequest?: RosterChangeRequestInput;
  decision?: { requestIds: string[]; approve: boolean };
}

export interface RosterTransitionResult {
  status: RolloverStatus;
  pendingRequests: number;
  /** Ids of the change requests a decision actually decided (others were already decided). */
  decided: string[];
  /** The change request a `requestChange` created. */
  requestId?: string | null;
  /**
   * Approved additions of athletes never invited were given invitations under this batch key; the workflow starts
   * the invitation-batch process for it.
   */
  inviteBatchId?: string | null;
}

/** Which rollover status an action leads to from which. */
export function rolloverTarget(action: RosterTransitionAction, from: RolloverStatus): RolloverStatus {
  if (action === 'submit') return 'READY_FOR_REVIEW';
  if (action === 'requestChanges') return 'NOT_STARTED';
  if (action === 'approve') return 'COMPLETED';
  return from;
}

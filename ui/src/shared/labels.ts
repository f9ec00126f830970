import { DISCLOSURE_STATUS_LABELS, DISCLOSURE_TYPE_LABELS } from '../../../domain/disclosures';
import { SUBMISSION_STATUS_LABELS } from '../../../domain/packets';
import { ROLE_LABELS, TITLE_GROUP_LABELS, type Role } from '../../../domain/roles';
import { humanize } from './format';

/**
 * The one catalogue of words the UI shows for the values the API and the workflows carry: statuses, roles, kinds
 * and categories. Screens call `labelFor(CATALOGUE, value)` (or the helpers below) and never print a raw value; an
 * unknown value still reads as words ("NEW_THING" → "New thing") rather than as an identifier.
 */
export type Catalogue = Readonly<Record<string, string>>;

export function labelFor(catalogue: Catalogue, value: string | null | undefined): string {
  if (!value) return '—';
  return catalogue[value] ?? humanize(value);
}

const pluralRules = new Intl.PluralRules('en-US');

/** Nouns whose plural is not the singular plus "s". */
const IRREGULAR: Record<string, string> = {
  person: 'people',
  'student-athlete': 'student-athletes',
  category: 'categories',
  activity: 'activities',
  process: 'processes',
  inbox: 'inboxes',
};

/** The noun in the form the count needs: plural('packet', 1) → "packet", plural('packet', 2) → "packets". */
export function pluralNoun(noun: string, count: number, pluralForm?: string): string {
  if (pluralRules.select(count) === 'one') return noun;
  return pluralForm ?? IRREGULAR[noun] ?? `${noun}s`;
}

/** A count with its noun: countOf(1, 'recipient') → "1 recipient", countOf(3, 'recipient') → "3 recipients". */
export function countOf(count: number, noun: string, pluralForm?: string): string {
  return `${count.toLocaleString('en-US')} ${pluralNoun(noun, count, pluralForm)}`;
}

export const ROLE_LABEL_CATALOGUE: Catalogue = ROLE_LABELS;
export const TITLE_GROUP_CATALOGUE: Catalogue = TITLE_GROUP_LABELS;
export const SUBMISSION_STATUS_CATALOGUE: Catalogue = SUBMISSION_STATUS_LABELS;
export const DISCLOSURE_STATUS_CATALOGUE: Catalogue = DISCLOSURE_STATUS_LABELS;
export const DISCLOSURE_TYPE_CATALOGUE: Catalogue = DISCLOSURE_TYPE_LABELS;
export const TEAM_GENDER_LABELS: Catalogue = { MEN: 'Men', WOMEN: 'Women', COED: 'Coed' };

/** A step's actor named by role: "any school admin", "any coach". */
const ROLE_ACTOR_LABELS: Record<Role, string> = {
  STUDENT_ATHLETE: 'any student-athlete',
  COACH: 'any coach',
  SCHOOL_ADMIN: 'any school admin',
  EDUCATOR: 'any educator',
  OPERATOR: 'any provider operator',
  THIRD_PARTY: 'any third party',
  VENDOR: 'any vendor',
  AGENT: 'any agent',
};

/** Who a step waits on, as the workflow names it: a person's name stays, a role value becomes words. */
export function actorLabel(value: string): string {
  return (ROLE_ACTOR_LABELS as Record<string, string>)[value] ?? value;
}

/** The modules that open human tasks (the `module` of a task row). */
export const TASK_MODULE_LABELS: Catalogue = {
  'packet-submission': 'E-signature',
  paperwork: 'Paperwork',
  disclosure: 'Disclosures',
  roster: 'Rosters',
  'roster-rollover': 'Rosters',
  'cara-log': 'CARA logs',
  'psa-transfer': 'Recruiting',
  'expense-approval': 'Expenses',
  invitation: 'Invitations',
  'calendar-event': 'Calendar',
  education: 'Education',
  agent: 'Agents',
};

/** Notification modules (spec part 1 §3–4), as the notification centre shows them. */
export const NOTIFICATION_MODULE_LABELS: Catalogue = {
  calendar: 'Calendar',
  disclosure: 'Disclosure',
  paperwork: 'Paperwork',
  'paperwork/packet': 'Paperwork',
  roster: 'Roster',
  recruiting: 'Recruiting',
  messaging: 'Messaging',
  segment: 'Sport segment',
  'compliance assistant': 'Compliance assistant',
  PSA: 'Prospect',
  'e-signature': 'E-signature',
  account: 'Account',
  partners: 'Partners',
  education: 'Education',
};

/** Notification statuses (spec part 1 §3–4): what happened, in words. */
export const NOTIFICATION_STATUS_LABELS: Catalogue = {
  init: 'New',
  edit: 'Changed',
  invite: 'Invitation',
  cancel: 'Cancelled',
  resubmitted: 'Resubmitted',
  new: 'New',
  comment: 'Comment',
  accepted: 'Accepted',
  reminder: 'Reminder',
  assigned: 'Assigned',
  rejected: 'Rejected',
  submitted: 'Submitted',
  completed: 'Completed',
  'roll over': 'Rolled over',
  acknowledge: 'Acknowledged',
  message: 'Message',
  'public announcement': 'Announcement',
  'mass communication': 'Mass message',
  'ready for review': 'Ready for review',
  approved: 'Approved',
  'password reset': 'Password reset',
  'role change': 'Role change',
  expired: 'Expired',
  overdue: 'Overdue',
};

/** Outgoing mail in the development mailbox. */
export const MAIL_STATUS_LABELS: Catalogue = { PENDING: 'Waiting to send', SENT: 'Sent', FAILED: 'Failed' };

/** Search hits of the command palette. */
export const SEARCH_KIND_LABELS: Catalogue = {
  person: 'People',
  packet: 'Packets',
  disclosure: 'Disclosures',
  team: 'Teams',
};

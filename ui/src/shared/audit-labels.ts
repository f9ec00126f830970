import { humanize } from './format';

/** Plain-language names for the security actions the API records. */
const ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Logged in',
  'auth.login_failed': 'Failed login',
  'auth.logout': 'Logged out',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'user.invited': 'User invited',
  'user.invitation_accepted': 'Invitation accepted',
  'user.invitation_expired': 'Invitation expired',
  'user.role_changed': 'Role changed',
  'user.deactivated': 'User deactivated',
  'user.reactivated': 'User reactivated',
  'staff.team_assigned': 'Team assigned to staff',
  'staff.team_removed': 'Team removed from staff',
  'staff.team_title_changed': 'Title on a team changed',
  'school.created': 'School onboarded',
  'school.plan_upgraded': 'Plan upgraded',
  'form.created': 'Form created',
  'form.updated': 'Form updated',
  'form.published': 'Form published',
  'form.cloned': 'Form cloned',
  'form.archived': 'Form archived',
  'comp_tickets.configured': 'Comp tickets configured',
  'user.email_change_requested': 'E-mail change requested',
  'user.email_changed': 'E-mail changed',
  'user.operator_created': 'Operator created',
  'workflow.retried': 'Process retried',
  'workflow.cancelled': 'Process cancelled',
  'workflow.terminated': 'Process terminated',
  'workflow.task_reassigned': 'Process step reassigned',
  'workflow.notification_resent': 'Process reminder resent',
};

/** What an event acted on, in words; also the first part of an action code ('packet_folder.renamed'). */
export const TARGET_LABELS: Record<string, string> = {
  athlete: 'Athlete',
  athletes: 'Athletes',
  athlete_custom_field: 'Athlete custom field',
  athlete_list: 'Athlete list',
  athlete_tag: 'Athlete tag',
  athlete_upload: 'Athlete upload',
  auth: 'Sign-in',
  calendar_event: 'Calendar event',
  calendar_feed: 'Calendar feed',
  cara_log: 'CARA log',
  comp_tickets: 'Comp tickets',
  disclosure: 'Disclosure',
  expense: 'Expense',
  form: 'Form',
  material: 'Material',
  packet: 'Packet',
  packet_folder: 'Packet folder',
  packet_submission: 'Packet submission',
  psa: 'Prospect',
  questionnaire: 'Questionnaire',
  recruiting_event: 'Recruiting event',
  recruiting_form: 'Recruiting form',
  recruiting_form_send: 'Recruiting form',
  roster: 'Roster',
  school: 'School',
  segment: 'Segment',
  sport_segment: 'Segment',
  sport_team: 'Team',
  staff: 'Staff',
  team: 'Team',
  template: 'Template',
  user: 'User',
  workflow: 'Process',
  'workflow-batch': 'Processes',
};

/**
 * The event in words: a curated label, or else the subject and the verb of its code ('workflow.task_reassigned' →
 * "Process: task reassigned"), never the code itself.
 */
export function actionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const [subject = '', ...rest] = action.split('.');
  const verb = rest.join(' ').replace(/[_-]+/g, ' ').trim().toLowerCase();
  const noun = TARGET_LABELS[subject] ?? humanize(subject);
  return verb ? `${noun}: ${verb}` : noun;
}

export function targetLabel(targetType: string): string {
  return TARGET_LABELS[targetType] ?? humanize(targetType);
}

/** Failures and removals stand out in red, everything else is neutral. */
export function actionColour(action: string): string {
  if (/failed|deactivated|expired/.test(action)) return 'red';
  if (/role_changed|password_reset/.test(action)) return 'orange';
  return 'gray';
}

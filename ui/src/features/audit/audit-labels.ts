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
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Failures and removals stand out in red, everything else is neutral. */
export function actionColour(action: string): string {
  if (/failed|deactivated|expired/.test(action)) return 'red';
  if (/role_changed|password_reset/.test(action)) return 'orange';
  return 'gray';
}

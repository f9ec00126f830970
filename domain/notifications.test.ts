import { describe, expect, it } from 'vitest';
import { CANCELLED_EVENT_TOAST, notificationTarget, statusTone, type NotificationPayload } from './notifications';

describe('statusTone', () => {
  it.each([
    ['completed', 'green'],
    ['APPROVED', 'green'],
    ['overdue', 'red'],
    ['Rejected', 'red'],
    ['submitted', 'orange'],
    ['RESUBMITTED', 'orange'],
    ['not started', 'neutral'],
    ['due today', 'neutral'],
    ['waiting for resubmit', 'neutral'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('notificationTarget', () => {
  it('sends admins to the admin url and coaches to the coach url', () => {
    const n = { module: 'roster', status: 'submitted', title: 'Roster submitted' };
    expect(notificationTarget(n, 'admin').route).toBe('/rosterManagement');
    expect(notificationTarget(n, 'coach').route).toBe('/coachTeamManagement');
  });

  it('shows an error toast instead of opening a cancelled calendar event', () => {
    const t = notificationTarget({ module: 'calendar', status: 'cancel', title: 'Practice cancelled' }, 'admin');
    expect(t.route).toBeNull();
    expect(t.toast).toEqual({ tone: 'error', message: CANCELLED_EVENT_TOAST });
  });

  it('opens paperwork at the active step only when the user is part of it', () => {
    const base = { module: 'paperwork', status: 'assigned', title: 'Sign', sentPacketId: 'p1' };
    expect(notificationTarget({ ...base, isUserPartOfActiveWorkflowStep: true }, 'coach').route).toContain(
      'state=active',
    );
    expect(notificationTarget(base, 'coach').route).toContain('state=COMPLETED');
  });

  it('reads the base module of a module/sub value', () => {
    expect(
      notificationTarget({ module: 'disclosure/comment', status: 'comment', title: 'x', disclosureId: 'd1' }, 'admin')
        .route,
    ).toBe('/disclosuredetail?id=d1');
  });

  describe('recruiting', () => {
    const recruiting = (status: string, title: string, extra: Partial<NotificationPayload>): NotificationPayload => ({
      module: 'recruiting',
      status,
      title,
      ...extra,
    });
    const transfer = recruiting('init', 'Transfer requested', { featureData: { psaId: 'p1', isRecruitment: true } });
    const expense = recruiting('init', 'Expense submitted', { featureData: { expenseId: 'x1' } });
    const answered = recruiting('submitted', 'Questionnaire answered', {
      featureData: { psaId: 'p2', isRecruitment: true },
    });
    const event = recruiting('init', 'Recruiting event submitted', {
      eventId: 'e1',
      isRecruiting: true,
      featureData: { eventId: 'e1', isRecruitment: true },
    });

    it.each(['admin', 'coach'])('opens the prospect, the expense and the event for a %s', (portal) => {
      expect(notificationTarget(transfer, portal).route).toBe('/psaProfile/p1');
      expect(notificationTarget(answered, portal).route).toBe('/psaProfile/p2');
      expect(notificationTarget(expense, portal).route).toBe('/expenses?expense=x1');
      expect(notificationTarget(event, portal).route).toBe('/recruitmentEvents/e1');
    });

    it('falls back to each portal’s prospect list when nothing is named', () => {
      const bare = { module: 'recruiting', status: 'acknowledge', title: 'Done' };
      expect(notificationTarget(bare, 'admin').route).toBe('/admin/psaManagement');
      expect(notificationTarget(bare, 'coach').route).toBe('/coach/psaManagement');
    });

    it('leaves a calendar event that is not a recruiting one to the prospect list', () => {
      const plain = { module: 'recruiting', status: 'init', title: 'x', featureData: { eventId: 'e2' } };
      expect(notificationTarget(plain, 'admin').route).toBe('/admin/psaManagement');
    });
  });
});

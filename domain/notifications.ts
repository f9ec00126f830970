import { recruitingEventUrl } from './recruiting-events';

/** Notification modules and their statuses (spec part 1 §3–4, part 2 §4). */
export const NOTIFICATION_STATUSES = {
  calendar: ['init', 'edit', 'invite', 'cancel'],
  disclosure: ['init', 'resubmitted', 'new', 'comment', 'accepted'],
  paperwork: ['init', 'reminder', 'assigned', 'comment', 'accepted', 'rejected'],
  roster: ['init', 'submitted', 'completed', 'roll over'],
  recruiting: ['init', 'acknowledge', 'submitted'],
  messaging: ['message', 'public announcement', 'mass communication'],
  segment: ['init', 'reminder'],
  'compliance assistant': ['reminder', 'submitted', 'resubmitted', 'ready for review', 'approved', 'rejected'],
  PSA: ['init', 'submitted', 'approved', 'rejected'],
  'e-signature': ['init', 'reminder', 'assigned', 'comment', 'accepted', 'rejected'],
  account: ['invite', 'reminder', 'password reset', 'role change'],
} as const;

export type NotificationModule = keyof typeof NOTIFICATION_STATUSES;
export const NOTIFICATION_MODULES = Object.keys(NOTIFICATION_STATUSES) as NotificationModule[];

/** The notification fields the spec lists; featureData carries module-specific extras. */
export interface NotificationFeatureData {
  rosterStatus?: string;
  expenseId?: string;
  channelId?: string;
  division?: string;
  periodStartDate?: string;
  periodEndDate?: string;
  caraLogsId?: string;
  academicYearId?: string;
  academicYearSelected?: string;
  segments?: string[];
  psaId?: string;
  noteId?: string;
  eventId?: string;
  eventDateTime?: string;
  isRecruitment?: boolean;
}

export interface NotificationPayload {
  /** May be 'module/sub'. */
  module: string;
  status: string;
  title: string;
  body?: string;
  hasContract?: 'true' | 'false';
  featureData?: NotificationFeatureData;
  disclosureId?: string;
  dealTypeName?: string;
  studentId?: string;
  eventId?: string;
  eventDate?: string;
  eventStartTime?: string;
  sportTeamId?: string;
  sportTeamName?: string;
  isRecruiting?: boolean;
  formId?: string;
  isDocumentReceived?: boolean;
  paperworkFormType?: string;
  paperworkCategoryType?: string;
  sentPacketId?: string;
  commentId?: string;
  channelName?: string;
  /** Set for paperwork notifications from the activity status call. */
  isUserPartOfActiveWorkflowStep?: boolean;
}

export type StatusTone = 'green' | 'neutral' | 'red' | 'orange';

/**
 * Status label colours: completed/approved green; waiting for resubmit, due in, due today, not applicable,
 * not started, ready neutral; overdue or rejected red; submitted or resubmitted orange.
 */
export function statusTone(status: string): StatusTone {
  const s = status.toLowerCase().replace(/[_-]+/g, ' ').trim();
  if (/^(completed|approved|accepted|auto approved|complete|passed|synced|verified)$/.test(s)) return 'green';
  if (/^(overdue|over due|rejected|failed|error|cancel|cancelled|expired|not passed)$/.test(s)) return 'red';
  if (/^(submitted|resubmitted|ready for review)$/.test(s)) return 'orange';
  return 'neutral';
}

export function baseModule(module: string): NotificationModule | null {
  const base = module.split('/')[0] as NotificationModule;
  return base in NOTIFICATION_STATUSES ? base : null;
}

export interface NotificationTarget {
  /** Route to open, or null when the click only shows a toast. */
  route: string | null;
  toast?: { tone: 'error' | 'info'; message: string };
}

export const CANCELLED_EVENT_TOAST = 'This event was deleted.';

/**
 * Where a notification click goes (spec part 1 §2): admins to the admin url, coaches and others to the coach url;
 * a cancelled calendar event only shows an error toast; paperwork opens at the active step when the user is part
 * of it and is otherwise treated as completed; a comment never opens the migration page.
 */
export function notificationTarget(
  n: NotificationPayload,
  portal: 'admin' | 'coach' | 'athlete' | string,
): NotificationTarget {
  const base = baseModule(n.module);
  const admin = portal === 'admin';
  switch (base) {
    case 'calendar':
      if (n.status === 'cancel') return { route: null, toast: { tone: 'error', message: CANCELLED_EVENT_TOAST } };
      // The calendar is a shared route: every portal opens its own teams' events there.
      return { route: '/adminCalendar' };
    case 'disclosure':
      if (portal === 'athlete')
        return { route: n.disclosureId ? `/studentDisclosureList?id=${n.disclosureId}` : '/studentDisclosureList' };
      return { route: n.disclosureId ? `/disclosuredetail?id=${n.disclosureId}` : '/disclosures' };
    case 'paperwork':
    case 'e-signature': {
      if (!n.sentPacketId) return { route: admin ? '/paperworks' : '/coachPaperworks' };
      const state = n.isUserPartOfActiveWorkflowStep ? 'active' : 'COMPLETED';
      return { route: `/sprySign/actionRequired?sentPacketId=${n.sentPacketId}&state=${state}` };
    }
    case 'roster':
      return { route: admin ? '/rosterManagement' : '/coachTeamManagement' };
    case 'recruiting':
    case 'PSA': {
      // Expenses, a recruiting event and a prospect's profile are staff screens: admins and coaches open the same one.
      const eventId = n.featureData?.eventId ?? n.eventId;
      if (n.featureData?.expenseId) return { route: `/expenses?expense=${n.featureData.expenseId}` };
      if (eventId && (n.featureData?.isRecruitment || n.isRecruiting)) return { route: recruitingEventUrl(eventId) };
      if (n.featureData?.psaId) return { route: `/psaProfile/${n.featureData.psaId}` };
      return { route: admin ? '/admin/psaManagement' : '/coach/psaManagement' };
    }
    case 'messaging':
      return {
        route: admin
          ? `/messaging/${n.featureData?.channelId ?? ''}`
          : `/coachesMessaging/${n.featureData?.channelId ?? ''}`,
      };
    case 'segment':
      return { route: admin ? '/inSeasonSportsSegment' : '/coachInSeasonSportsSegment' };
    case 'compliance assistant':
      return { route: n.featureData?.caraLogsId ? `/cara/details/${n.featureData.caraLogsId}` : '/cara-logs' };
    case 'account':
      return { route: '/profile' };
    default:
      return { route: '/notifications' };
  }
}

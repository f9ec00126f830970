import type { Kysely, Transaction } from 'kysely';
import { EVENT_CATEGORY_LABELS, instantToLocal, type EventCategory } from '../../domain/calendar-events';
import { formatClockTime, formatDay } from '../../domain/calendar';
import type { NotificationPayload } from '../../domain/notifications';
import type { Database } from '../../migrations/database';
import { notifyEach } from '../notifications/notifications.repository';
import { listEventAudience, type EventRow } from './events.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** The calendar notification statuses of the spec: init (reminder), edit, invite, cancel. */
export type CalendarNotificationStatus = 'init' | 'edit' | 'invite' | 'cancel';

const VERBS: Record<CalendarNotificationStatus, string> = {
  init: 'Reminder',
  invite: 'You are invited',
  edit: 'Event changed',
  cancel: 'Event cancelled',
};

/** The notification of an event (or of one occurrence starting at `at`) with the spec's status. */
export function calendarPayload(
  row: Pick<EventRow, 'id' | 'name' | 'category' | 'time_zone' | 'starts_at' | 'sport_team_id' | 'team_name'>,
  status: CalendarNotificationStatus,
  at: Date = row.starts_at,
): NotificationPayload {
  const local = instantToLocal(at, row.time_zone);
  return {
    module: 'calendar',
    status,
    title: `${VERBS[status]}: ${row.name}`,
    body: `${EVENT_CATEGORY_LABELS[row.category as EventCategory] ?? row.category}, ${formatDay(local.date)} at ${formatClockTime(local.time)}`,
    eventId: row.id,
    eventDate: local.date,
    eventStartTime: local.time,
    sportTeamId: row.sport_team_id,
    sportTeamName: row.team_name,
    featureData: { eventId: row.id, eventDateTime: at.toISOString() },
  };
}

/** Notifies everyone the event concerns (but `skip`, the person who acted) once per `key`. */
export async function notifyAudience(
  db: Db,
  schoolId: string,
  row: EventRow,
  status: CalendarNotificationStatus,
  key: string,
  skip?: string,
): Promise<void> {
  await notifyEach(db as Kysely<Database>, {
    schoolId,
    userIds: await listEventAudience(db, schoolId, row),
    payload: calendarPayload(row, status),
    keyOf: (userId) => `calendar:${key}:${userId}`,
    skip,
  });
}

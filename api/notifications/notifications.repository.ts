import { sql, type Kysely } from 'kysely';
import { EVENTS_CHANNEL } from '../../migrations/connect';
import type { Database } from '../../migrations/database';
import type { NotificationPayload } from '../../domain/notifications';

/** Shared with activities (the data layer is shared): workflows create notifications through this function. */
export interface NewNotification {
  schoolId: string;
  userId: string;
  payload: NotificationPayload;
  /** A retried activity passes the same key and the notification is stored (and pushed) once. */
  dedupeKey?: string;
}

/** Inserts a notification and, when a row was inserted, tells the API (EVENTS_CHANNEL) to push it live. Returns its id, or null when deduplicated. */
export async function insertNotification(db: Kysely<Database>, input: NewNotification): Promise<string | null> {
  const { payload } = input;
  // One round trip: the insert, and the NOTIFY (sent at commit) only for a row inserted now.
  const row = await db
    .with('made', (w) =>
      w
        .insertInto('notifications')
        .values({
          school_id: input.schoolId,
          user_id: input.userId,
          module: payload.module,
          status: payload.status,
          title: payload.title,
          body: payload.body ?? null,
          payload: JSON.stringify(payload),
          dedupe_key: input.dedupeKey ?? null,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', 'school_id', 'user_id']),
    )
    .selectFrom('made')
    .select([
      'made.id',
      sql<string>`pg_notify(${EVENTS_CHANNEL}, json_build_object('type', 'notification', 'schoolId', made.school_id, 'userId', made.user_id, 'notificationId', made.id)::text)`.as(
        'notified',
      ),
    ])
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The same notification for each person (but `skip`, the one who acted), each stored once per key: `keyOf` makes
 * the person's dedupe key. Returns how many were stored now.
 */
export async function notifyEach(
  db: Kysely<Database>,
  input: {
    schoolId: string;
    userIds: readonly string[];
    payload: NotificationPayload;
    keyOf: (userId: string) => string;
    skip?: string | null;
  },
): Promise<number> {
  let stored = 0;
  for (const userId of new Set(input.userIds)) {
    if (userId === input.skip) continue;
    const id = await insertNotification(db, {
      schoolId: input.schoolId,
      userId,
      payload: input.payload,
      dedupeKey: input.keyOf(userId),
    });
    if (id) stored += 1;
  }
  return stored;
}

export interface NotificationRow {
  id: string;
  module: string;
  status: string;
  title: string;
  body: string | null;
  payload: NotificationPayload;
  readAt: Date | null;
  createdAt: Date;
}

const NOTIFICATION_COLUMNS = ['id', 'module', 'status', 'title', 'body', 'payload', 'read_at', 'created_at'] as const;

function toNotificationRow(r: {
  id: string;
  module: string;
  status: string;
  title: string;
  body: string | null;
  payload: unknown;
  read_at: Date | null;
  created_at: Date;
}): NotificationRow {
  return {
    id: r.id,
    module: r.module,
    status: r.status,
    title: r.title,
    body: r.body,
    payload: r.payload as NotificationPayload,
    readAt: r.read_at,
    createdAt: r.created_at,
  };
}

/** A user's notifications, newest first; `before` pages back through older ones. */
export async function listNotifications(
  db: Kysely<Database>,
  schoolId: string,
  userId: string,
  filter: { unreadOnly?: boolean; limit: number; before?: Date },
): Promise<NotificationRow[]> {
  let q = db
    .selectFrom('notifications')
    .select(NOTIFICATION_COLUMNS)
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId);
  if (filter.unreadOnly) q = q.where('read_at', 'is', null);
  if (filter.before) q = q.where('created_at', '<', filter.before);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map(toNotificationRow);
}

export async function findNotification(
  db: Kysely<Database>,
  schoolId: string,
  userId: string,
  id: string,
): Promise<NotificationRow | null> {
  const row = await db
    .selectFrom('notifications')
    .select(NOTIFICATION_COLUMNS)
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toNotificationRow(row) : null;
}

export async function markNotificationRead(
  db: Kysely<Database>,
  schoolId: string,
  userId: string,
  id: string,
): Promise<NotificationRow | null> {
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .execute();
  return findNotification(db, schoolId, userId, id);
}

export async function markAllNotificationsRead(
  db: Kysely<Database>,
  schoolId: string,
  userId: string,
): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countUnreadNotifications(
  db: Kysely<Database>,
  schoolId: string,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import type { NotificationPayload } from '../../domain/notifications';
import { insertNotification } from '../../api/notifications/notifications.repository';
import { currentSideEffectKey } from '../shared/idempotency';

export interface CreateNotificationInput {
  schoolId: string;
  userId: string;
  payload: NotificationPayload;
  /** Unique within the calling workflow per recipient; a retry then stores and pushes the notification once. */
  eventKey: string;
}

export function createNotificationActivities(deps: { db: Kysely<Database> }) {
  return {
    async createNotification(input: CreateNotificationInput): Promise<{ notificationId: string | null }> {
      const notificationId = await insertNotification(deps.db, {
        schoolId: input.schoolId,
        userId: input.userId,
        payload: input.payload,
        dedupeKey: currentSideEffectKey('notification', `${input.eventKey}:${input.userId}`),
      });
      return { notificationId };
    },
  };
}

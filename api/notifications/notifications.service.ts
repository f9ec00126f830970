import { statusTone } from '../../domain/notifications';
import type { NotificationRow } from './notifications.repository';
import type { NotificationDto } from './notifications.schemas';

export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    module: row.module,
    status: row.status,
    title: row.title,
    body: row.body,
    tone: statusTone(row.status),
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    payload: { ...row.payload, module: row.module, status: row.status, title: row.title },
  };
}

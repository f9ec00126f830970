import type { NotificationDto } from '../features/notifications/notifications.api';

export type RealtimeMessage =
  | { type: 'notification'; notification: NotificationDto }
  | { type: 'submission_changed'; submissionId: string; sentPacketId: string }
  | { type: 'tasks_changed' }
  | { type: 'other' };

/** The WebSocket address on the page's own host, so it works behind the dev proxy and in production alike. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/v1/realtime`;
}

/** Parses one frame; anything unexpected is ignored rather than breaking the connection. */
export function parseRealtimeMessage(data: unknown): RealtimeMessage {
  if (typeof data !== 'string') return { type: 'other' };
  try {
    const value = JSON.parse(data) as {
      type?: unknown;
      notification?: unknown;
      submissionId?: unknown;
      sentPacketId?: unknown;
    };
    if (value.type === 'tasks_changed') return { type: 'tasks_changed' };
    if (value.type === 'submission_changed' && typeof value.submissionId === 'string') {
      return {
        type: 'submission_changed',
        submissionId: value.submissionId,
        sentPacketId: typeof value.sentPacketId === 'string' ? value.sentPacketId : '',
      };
    }
    if (value.type === 'notification' && value.notification && typeof value.notification === 'object') {
      const n = value.notification as Partial<NotificationDto>;
      if (typeof n.id === 'string' && typeof n.title === 'string') {
        return { type: 'notification', notification: value.notification as NotificationDto };
      }
    }
  } catch {
    // Not JSON: ignore.
  }
  return { type: 'other' };
}

/** Reconnect delay: 1 s doubling to at most 30 s, so a restarting server is not hammered. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

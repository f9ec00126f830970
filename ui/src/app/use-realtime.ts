import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../shared/query-keys';
import { SUBMISSION_CHANGED_EVENT } from '../shared/realtime-events';
import { FAILURES_BEFORE_POLLING, POLL_INTERVAL_MS, setRealtimeMode } from '../shared/realtime-status';
import { parseRealtimeMessage, realtimeUrl, reconnectDelay } from './realtime-message';
import { labelFor, NOTIFICATION_MODULE_LABELS, NOTIFICATION_STATUS_LABELS } from '../shared/labels';

/**
 * Keeps one WebSocket to /api/v1/realtime while signed in. A pushed notification shows a silent toast and refreshes
 * the bell count and the notification centre. The connection is re-opened after drops with a growing delay. When it
 * cannot connect at all (the server accepts only its configured origin), the screen's queries are refetched every
 * 10 s instead, until a connection opens again.
 */
export function useRealtimeNotifications(userId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;
    let poller: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      setRealtimeMode('polling');
      if (poller) return;
      // What a push would have refreshed, and the rest of the screen: every query shown now.
      poller = setInterval(() => void client.invalidateQueries({ refetchType: 'active' }), POLL_INTERVAL_MS);
    };
    const stopPolling = () => {
      if (poller) clearInterval(poller);
      poller = undefined;
    };

    const connect = () => {
      let opened = false;
      socket = new WebSocket(realtimeUrl(window.location));
      socket.onopen = () => {
        opened = true;
        attempt = 0;
        failures = 0;
        stopPolling();
        setRealtimeMode('live');
        // Anything that arrived while disconnected is picked up by refetching once.
        void client.invalidateQueries({ queryKey: queryKeys.notifications });
        void client.invalidateQueries({ queryKey: queryKeys.tasks });
      };
      socket.onmessage = (event) => {
        const message = parseRealtimeMessage(event.data);
        if (message.type === 'submission_changed') {
          // Screens showing this submission (live view, lists) listen for it and refetch.
          window.dispatchEvent(new CustomEvent(SUBMISSION_CHANGED_EVENT, { detail: message }));
          return;
        }
        if (message.type === 'tasks_changed') {
          void client.invalidateQueries({ queryKey: queryKeys.tasks });
          return;
        }
        if (message.type !== 'notification') return;
        const n = message.notification;
        notifications.show({
          id: `notification-${n.id}`,
          title: n.title,
          message:
            n.body ||
            `${labelFor(NOTIFICATION_MODULE_LABELS, n.module)} · ${labelFor(NOTIFICATION_STATUS_LABELS, n.status)}`,
          autoClose: 6000,
        });
        void client.invalidateQueries({ queryKey: queryKeys.notifications });
        // A role change can change the portals, tabs and permissions this session shows.
        if (n.module === 'account' && n.status === 'role change')
          void client.invalidateQueries({ queryKey: queryKeys.me });
      };
      socket.onclose = () => {
        socket = null;
        if (stopped) return;
        if (!opened && ++failures >= FAILURES_BEFORE_POLLING) startPolling();
        timer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopPolling();
      setRealtimeMode('connecting');
      socket?.close();
    };
  }, [userId, client]);
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { NotificationDto, NotificationList } from '../../../../api/notifications/notifications.schemas';
import type { NotificationPayload } from '../../../../domain/notifications';
import { api } from '../../shared/api';
import { queryKeys } from '../../shared/query-keys';

/** One in-app notification as the API lists it and pushes it over the WebSocket. */
export type { NotificationDto };

export type NotificationPage = Static<typeof NotificationList>;

export const NOTIFICATION_PAGE_SIZE = 20;

/** The payload the routing rules read: stored extras plus the row's own module, status and title. */
export function notificationPayload(n: NotificationDto): NotificationPayload {
  return { ...(n.payload ?? {}), module: n.module, status: n.status, title: n.title };
}

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: queryKeys.unreadCount,
    queryFn: () => api.get<{ count: number }>('/notifications/unread-count'),
    select: (data) => data.count,
    enabled,
    refetchInterval: 120_000,
  });
}

export function useNotificationList(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.notifications, 'list', { unreadOnly }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationPage>(
        '/notifications',
        { unread: unreadOnly ? true : undefined, limit: NOTIFICATION_PAGE_SIZE, before: pageParam },
        signal,
      ),
    // Pages are keyed by time: the next page is everything before the oldest row seen so far.
    getNextPageParam: (last) => {
      if (last.items.length < NOTIFICATION_PAGE_SIZE) return null;
      return last.items[last.items.length - 1]?.createdAt ?? null;
    },
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/notifications/read-all'),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}

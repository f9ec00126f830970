import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notificationTarget } from '../../../../domain/notifications';
import { errorMessage } from '../../shared/api';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import {
  notificationPayload,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useUnreadCount,
  type NotificationDto,
} from './notifications.api';
import { NotificationItem } from './NotificationItem';

/** The notification centre: newest first, unread highlighted, each opening the screen the spec names. */
export function NotificationsPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const list = useNotificationList(filter === 'unread');
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const showError = (error: unknown) =>
    notifications.show({ color: 'red', title: 'Something went wrong', message: errorMessage(error) });

  const open = (n: NotificationDto) => {
    if (!n.readAt) markRead.mutate(n.id);
    const target = notificationTarget(notificationPayload(n), me.portal);
    if (target.toast) {
      notifications.show({
        color: target.toast.tone === 'error' ? 'red' : 'indigo',
        message: target.toast.message,
        autoClose: 5000,
      });
    }
    if (target.route) void navigate(target.route);
  };

  return (
    <Stack>
      <PageHeader
        title="Notifications"
        description={unread.data ? `${unread.data} unread` : 'You are all caught up.'}
        actions={
          <Button
            variant="default"
            onClick={() => markAll.mutate(undefined, { onError: showError })}
            loading={markAll.isPending}
            disabled={!unread.data}
          >
            Mark all read
          </Button>
        }
      />
      <Group>
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(v) => setFilter(v as 'all' | 'unread')}
          data={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
          ]}
        />
      </Group>
      {list.isPending && <LoadingState rows={5} label="Loading notifications" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && items.length === 0 && (
        <NothingHere
          title={filter === 'unread' ? 'No unread notifications' : 'No notifications yet'}
          description="When something needs your attention, it shows up here and on the bell."
        />
      )}
      {items.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Notifications">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem
                notification={n}
                onOpen={open}
                onMarkRead={(item) => markRead.mutate(item.id, { onError: showError })}
                marking={markRead.isPending && markRead.variables === n.id}
              />
            </li>
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
    </Stack>
  );
}

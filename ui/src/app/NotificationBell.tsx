import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useUnreadCount } from '../features/notifications/notifications.api';
import { BellIcon } from '../shared/icons';

/** The bell links to the notification centre; its badge is the live unread count. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Tooltip label={label}>
      <Indicator
        label={count > 99 ? '99+' : count}
        disabled={count === 0}
        size={18}
        color="red.9"
        offset={4}
        data-testid="unread-count"
      >
        <ActionIcon component={Link} to="/notifications" variant="subtle" color="gray.8" size="lg" aria-label={label}>
          <BellIcon size={20} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

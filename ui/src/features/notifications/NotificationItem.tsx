import { Badge, Box, Button, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatDateTime, formatRelative } from '../../shared/format';
import type { NotificationDto } from './notifications.api';
import { statusColour } from './status-colour';
import { labelFor, NOTIFICATION_MODULE_LABELS, NOTIFICATION_STATUS_LABELS } from '../../shared/labels';

interface Props {
  notification: NotificationDto;
  onOpen: (n: NotificationDto) => void;
  onMarkRead: (n: NotificationDto) => void;
  marking: boolean;
}

/** One row of the notification centre; unread rows are bold with an accent bar, and say so to screen readers. */
export function NotificationItem({ notification: n, onOpen, onMarkRead, marking }: Props) {
  const unread = !n.readAt;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg={unread ? 'indigo.0' : 'white'}
      style={{ borderLeft: `4px solid var(--mantine-color-${unread ? 'indigo-8' : 'gray-3'})` }}
      data-unread={unread}
      data-testid="notification-item"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <UnstyledButton onClick={() => onOpen(n)} style={{ flex: 1, minWidth: 0, borderRadius: 4 }}>
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="xs" tt="uppercase" fw={700} c="gray.8">
                {labelFor(NOTIFICATION_MODULE_LABELS, n.module)}
              </Text>
              <Badge color={statusColour(n.status)} size="sm" data-tone={statusColour(n.status)}>
                {labelFor(NOTIFICATION_STATUS_LABELS, n.status)}
              </Badge>
              {unread && <VisuallyHidden>Unread.</VisuallyHidden>}
            </Group>
            <Text fw={unread ? 700 : 500}>{n.title}</Text>
            {n.body && (
              <Text size="sm" c="gray.8">
                {n.body}
              </Text>
            )}
            <Text size="xs" c="dimmed" title={formatDateTime(n.createdAt)}>
              <time dateTime={n.createdAt}>{formatRelative(n.createdAt)}</time>
            </Text>
          </Stack>
        </UnstyledButton>
        <Box>
          {unread && (
            <Button
              size="xs"
              variant="default"
              loading={marking}
              onClick={() => onMarkRead(n)}
              aria-label={`Mark "${n.title}" as read`}
            >
              Mark read
            </Button>
          )}
        </Box>
      </Group>
    </Paper>
  );
}

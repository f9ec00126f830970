import { useEffect } from 'react';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorState } from '../../../shared/states';
import { useInvalidatePackets, useSendProgress } from '../packets.api';
import { countOf } from '../../../shared/labels';

/**
 * A large send goes on after the request has answered: the packet-send workflow opens every recipient's first step
 * and starts their workflows in batches. This follows it (polled) until every submission has started, then says so
 * and closes.
 */
export function SendProgress({
  sentPacketId,
  recipientCount,
  onDone,
}: {
  sentPacketId: string;
  recipientCount: number;
  onDone: () => void;
}) {
  const progress = useSendProgress(sentPacketId);
  const invalidate = useInvalidatePackets();
  const finished = progress.data?.finished ?? false;
  useEffect(() => {
    if (!finished) return;
    void invalidate();
    notifications.show({
      color: 'green',
      message: `Sent to ${countOf(progress.data?.total ?? recipientCount, 'recipient')}`,
    });
    onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the send finishes
  }, [finished]);
  if (progress.error) return <ErrorState error={progress.error} onRetry={() => void progress.refetch()} />;
  const total = progress.data?.total ?? recipientCount;
  const started = progress.data?.started ?? 0;
  const percent = total > 0 ? Math.round((started / total) * 100) : 0;
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs" aria-live="polite">
          <Group justify="space-between">
            <Text fw={600} size="sm">
              {finished ? `Sent to ${countOf(total, 'recipient')}` : 'Starting the submissions…'}
            </Text>
            <Text size="sm" c="dimmed">
              {started} of {total}
            </Text>
          </Group>
          <Progress
            value={finished ? 100 : percent}
            animated={!finished}
            striped={!finished}
            color={finished ? 'teal' : 'blue'}
            aria-label="Send progress"
            size="lg"
          />
          <Text size="sm" c="dimmed">
            You can close this window: the send goes on and each recipient gets the packet as it starts.
          </Text>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button onClick={onDone}>Close</Button>
      </Group>
    </Stack>
  );
}

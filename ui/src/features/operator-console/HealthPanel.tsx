import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatRelative } from '../../shared/format';
import { ErrorState } from '../../shared/states';
import { useConsoleHealth } from './operator-console.api';

/**
 * Workers per task queue, their backlog, the oldest open human task, the e-mail outbox backlog and the calendar
 * events still waiting for their process.
 */
export function HealthPanel({ onOpenWorkflow }: { onOpenWorkflow: (workflowId: string) => void }) {
  const health = useConsoleHealth();
  if (health.error) return <ErrorState error={health.error} title="Could not load the health panel" />;
  if (!health.data) return <Skeleton height={110} radius="md" role="status" aria-label="Loading the health panel" />;
  const { queues, oldestOpenTask, outbox, calendarWaiting } = health.data;
  const byQueue = new Map<string, typeof queues>();
  for (const q of queues) byQueue.set(q.name, [...(byQueue.get(q.name) ?? []), q]);
  return (
    <section aria-labelledby="health-title">
      <Title order={2} size="h4" id="health-title" mb="xs">
        Health
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {[...byQueue.entries()].map(([name, sides]) => {
          const live = Math.min(...sides.map((s) => s.livePollers));
          return (
            <Paper withBorder p="md" radius="md" key={name}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                Task queue
              </Text>
              <Text fw={600} truncate title={name}>
                {name}
              </Text>
              <Stack gap={4} mt={6}>
                {sides.map((side) => (
                  <Group key={side.kind} gap={6} wrap="nowrap">
                    <Badge color={side.livePollers > 0 ? 'green' : 'red'} variant="light">
                      {side.livePollers} {side.kind} {side.livePollers === 1 ? 'worker' : 'workers'}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      backlog {side.backlog ?? '?'}
                      {side.backlogAgeSeconds ? ` · oldest ${side.backlogAgeSeconds} s` : ''}
                    </Text>
                  </Group>
                ))}
              </Stack>
              {live === 0 && (
                <Text size="xs" c="red.9" mt={6}>
                  No worker polls this queue: start one.
                </Text>
              )}
            </Paper>
          );
        })}
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Oldest waiting human task
          </Text>
          {oldestOpenTask ? (
            <>
              <Anchor
                component="button"
                type="button"
                fw={600}
                ta="left"
                onClick={() => onOpenWorkflow(oldestOpenTask.workflowId)}
              >
                {oldestOpenTask.stepName || oldestOpenTask.title}
              </Anchor>
              <Text size="sm">waiting since {formatRelative(oldestOpenTask.createdAt)}</Text>
              {oldestOpenTask.dueAt && (
                <Text
                  size="xs"
                  c={Date.parse(oldestOpenTask.dueAt) < Date.parse(health.data.checkedAt) ? 'red.9' : 'dimmed'}
                >
                  due {formatRelative(oldestOpenTask.dueAt)}
                </Text>
              )}
            </>
          ) : (
            <Text size="sm">No open tasks.</Text>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            E-mail outbox
          </Text>
          <Text fw={600}>
            {outbox.pending} waiting · {outbox.failed} failed
          </Text>
          <Text size="sm" c="dimmed">
            {outbox.oldestPendingAt ? `oldest since ${formatRelative(outbox.oldestPendingAt)}` : 'Nothing waiting.'}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md" data-testid="calendar-waiting">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Calendar events without a process
          </Text>
          {calendarWaiting.count === 0 ? (
            <Text size="sm">None: every event has its reminders.</Text>
          ) : (
            <>
              <Text fw={600} c="red.9">
                {calendarWaiting.count} {calendarWaiting.count === 1 ? 'event is' : 'events are'} stuck
              </Text>
              <Stack gap={0}>
                {calendarWaiting.items.map((item) => (
                  <Text size="sm" key={item.eventId} truncate title={item.name}>
                    {item.name} · since {formatRelative(item.since)}
                  </Text>
                ))}
              </Stack>
              <Text size="xs" c="dimmed" mt={4}>
                Started again automatically every minute while the workflow service answers.
              </Text>
            </>
          )}
        </Paper>
      </SimpleGrid>
    </section>
  );
}

import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format';
import { countOf, labelFor, TASK_MODULE_LABELS } from '../../shared/labels';
import { ErrorState, LoadingState } from '../../shared/states';
import { useHomeTasks, type HomeTask } from './home-sections.api';

export function TaskLine({ task }: { task: HomeTask }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="home-task">
      <Stack gap={0} style={{ minWidth: 0 }}>
        {task.url ? (
          <Anchor component={Link} to={task.url} size="sm" fw={600} truncate title={task.title}>
            {task.title}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} truncate>
            {task.title}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {labelFor(TASK_MODULE_LABELS, task.module)} · {task.stepName}
          {task.team ? ` · ${task.team.name}` : ''}
        </Text>
      </Stack>
      {task.dueAt &&
        (task.overdue ? (
          <Badge color="red.9" variant="filled" style={{ flexShrink: 0 }}>
            Overdue
          </Badge>
        ) : (
          <Badge color="gray" style={{ flexShrink: 0 }}>
            Due {formatDate(task.dueAt)}
          </Badge>
        ))}
    </Group>
  );
}

/** "Waiting on you": the first open tasks of the person, soonest due first, with a link to all of them. */
export function WaitingOnYou({
  title = 'Waiting on you',
  query,
  empty,
}: {
  title?: string;
  query?: Record<string, string>;
  empty: string;
}) {
  const tasks = useHomeTasks(6, query);
  const id = `waiting-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const params = new URLSearchParams(query).toString();
  return (
    <section aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {tasks.data && tasks.data.total > 0 && (
          <Anchor component={Link} to={`/task${params ? `?${params}` : ''}`} size="sm">
            See all {countOf(tasks.data.total, 'task')}
          </Anchor>
        )}
      </Group>
      <Card withBorder>
        {tasks.isPending && <LoadingState rows={2} label="Loading your tasks" />}
        {tasks.error && <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />}
        {tasks.data && tasks.data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
        {tasks.data && tasks.data.items.length > 0 && (
          <Stack gap="sm">
            {tasks.data.items.map((t) => (
              <TaskLine key={t.id} task={t} />
            ))}
          </Stack>
        )}
      </Card>
    </section>
  );
}

import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format';
import { countOf, labelFor, TASK_MODULE_LABELS } from '../../shared/labels';
import { ErrorState, LoadingState } from '../../shared/states';
import { useOverdue } from './home-sections.api';

/** The admin's view of every step past its due date in the school, per module, whoever it waits on. */
export function OverdueAcrossModules({ canOperate }: { canOperate: boolean }) {
  const overdue = useOverdue(canOperate);
  return (
    <section aria-labelledby="overdue-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="overdue-heading">
          Overdue across modules
        </Title>
        {canOperate && (
          <Anchor component={Link} to="/missionControlDashboard" size="sm">
            Open mission control
          </Anchor>
        )}
      </Group>
      <Card withBorder>
        {overdue.isPending && <LoadingState rows={2} label="Loading overdue steps" />}
        {overdue.error && <ErrorState error={overdue.error} onRetry={() => void overdue.refetch()} />}
        {overdue.data && overdue.data.total === 0 && (
          <Text size="sm" c="dimmed">
            Nothing is overdue. Every waiting step is within its due date.
          </Text>
        )}
        {overdue.data && overdue.data.total > 0 && (
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm" fw={700} c="red.9">
                {countOf(overdue.data.total, 'overdue step')}
              </Text>
              {Object.entries(overdue.data.byModule).map(([module, n]) => (
                <Badge key={module} color="red" variant="light">
                  {labelFor(TASK_MODULE_LABELS, module)}: {n}
                </Badge>
              ))}
            </Group>
            {overdue.data.items.map((t) => (
              <Group key={t.id} justify="space-between" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate title={t.title}>
                    {t.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {labelFor(TASK_MODULE_LABELS, t.module)} · {t.stepName}
                  </Text>
                </Stack>
                <Badge color="red.9" variant="filled" style={{ flexShrink: 0 }}>
                  Due {formatDate(t.dueAt)}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </section>
  );
}

import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../shared/api';
import { formatDate } from '../../shared/format';

interface PriorityRow {
  id: string;
  type: string;
  startDate: string | null;
  companyName: string | null;
  amount: number | null;
  student: { name: string };
  conflictTypes: string[];
}

/** Priority tasks (spec part 2 §9): pending disclosures whose tentative date is within 24 hours. */
export function PriorityTasks() {
  const tasks = useQuery({
    queryKey: ['disclosures', 'priority'],
    queryFn: ({ signal }) => api.get<{ items: PriorityRow[] }>('/disclosures/priority', undefined, signal),
    select: (d) => d.items,
  });
  return (
    <section aria-labelledby="priority-heading">
      <Title order={2} size="h4" mb="sm" id="priority-heading">
        Priority tasks
      </Title>
      <Card withBorder>
        {tasks.isPending && <Text size="sm">Loading…</Text>}
        {tasks.error && (
          <Text size="sm" c="red.9">
            Could not load the priority tasks.
          </Text>
        )}
        {tasks.data && tasks.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No pending disclosure starts within the next 24 hours.
          </Text>
        )}
        {tasks.data && tasks.data.length > 0 && (
          <Stack gap="xs">
            {tasks.data.map((t) => (
              <Group key={t.id} justify="space-between" wrap="nowrap">
                <Anchor component={Link} to={`/disclosuredetail?id=${t.id}`} size="sm" fw={600}>
                  {t.student.name} · {t.companyName ?? t.type}
                </Anchor>
                <Group gap="xs" wrap="nowrap">
                  {t.conflictTypes.length > 0 && (
                    <Badge color="red" variant="light">
                      Conflict
                    </Badge>
                  )}
                  <Badge color="orange" variant="light">
                    Starts {formatDate(t.startDate)}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </section>
  );
}

import { Anchor, Badge, Card, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../shared/api';
import { formatDate, formatRelative } from '../../shared/format';
import { countOf, labelFor, TASK_MODULE_LABELS } from '../../shared/labels';
import { listItems, pageCount, type ListResponse } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TASKS_PAGE_SIZE, useMyTaskCounts, useMyTasks, type MyTask, type TaskDue, type TaskSort } from './tasks.api';
import { TableScroll } from '../../shared/table/TableScroll';
import { useUrlFilters } from '../../shared/table/FilteredList';

const DUE_OPTIONS: Array<{ value: TaskDue; label: string }> = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'today', label: 'Due today' },
  { value: 'week', label: 'Due within a week' },
  { value: 'later', label: 'Due later' },
  { value: 'none', label: 'No due date' },
];

const SORT_OPTIONS: Array<{ value: TaskSort; label: string }> = [
  { value: 'due', label: 'Due date, soonest first' },
  { value: 'oldest', label: 'Waiting longest first' },
  { value: 'newest', label: 'Newest first' },
];

function useTeams(enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'teams'],
    queryFn: ({ signal }) => api.get<ListResponse<{ id: string; name: string }>>('/teams', undefined, signal),
    select: (d) => listItems(d),
    enabled,
  });
}

function DueCell({ task }: { task: MyTask }) {
  if (!task.dueAt) return <Text size="sm">No due date</Text>;
  if (task.overdue) {
    return (
      <Badge color="red.9" variant="filled">
        Overdue since {formatDate(task.dueAt)}
      </Badge>
    );
  }
  return <Text size="sm">{formatDate(task.dueAt)}</Text>;
}

/**
 * My Tasks: every step waiting on the signed-in person from every module, with filters by module, due date and
 * team, kept in the URL so a view can be shared. The list refetches live when a task of theirs changes.
 */
export function MyTasksPage() {
  const me = useMe();
  const { params, update, page } = useUrlFilters();
  const module = params.get('module');
  const due = params.get('due') as TaskDue | null;
  const teamId = params.get('teamId');
  const sort = (params.get('sort') as TaskSort | null) ?? 'due';
  const tasks = useMyTasks({ module, due, teamId, sort, page });
  const counts = useMyTaskCounts();
  const teams = useTeams(hasPermission(me, 'teams:read'));

  const moduleOptions = Object.entries(counts.data?.byModule ?? {}).map(([value, n]) => ({
    value,
    label: `${labelFor(TASK_MODULE_LABELS, value)} (${n})`,
  }));
  if (module && !moduleOptions.some((o) => o.value === module)) {
    moduleOptions.push({ value: module, label: labelFor(TASK_MODULE_LABELS, module) });
  }
  const total = counts.data?.total ?? 0;
  const overdue = counts.data?.overdue ?? 0;
  const description = counts.data
    ? `${countOf(total, 'open task')}${overdue > 0 ? `, ${overdue} overdue` : ''}`
    : 'Steps waiting on you from every module.';

  return (
    <Stack gap="lg">
      <PageHeader title="My Tasks" description={description} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Module"
          placeholder="All modules"
          data={moduleOptions}
          value={module}
          onChange={(v) => update({ module: v })}
          clearable
          w={220}
        />
        <Select
          label="Due"
          placeholder="Any due date"
          data={DUE_OPTIONS}
          value={due}
          onChange={(v) => update({ due: v })}
          clearable
          w={200}
        />
        {teams.data && teams.data.length > 0 && (
          <Select
            label="Team"
            placeholder="All teams"
            data={teams.data.map((t) => ({ value: t.id, label: t.name }))}
            value={teamId}
            onChange={(v) => update({ teamId: v })}
            clearable
            searchable
            w={200}
          />
        )}
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={sort}
          onChange={(v) => update({ sort: v === 'due' ? null : v })}
          allowDeselect={false}
          w={220}
        />
      </Group>
      {tasks.isPending && <LoadingState rows={4} label="Loading your tasks" />}
      {tasks.error && <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />}
      {tasks.data && tasks.data.items.length === 0 && (
        <NothingHere
          title={module || due || teamId ? 'No tasks match these filters' : 'Nothing is waiting on you'}
          description={
            module || due || teamId
              ? 'Clear a filter to see more.'
              : 'Steps that need you — packets to sign or approve, disclosures to review — appear here.'
          }
        />
      )}
      {tasks.data && tasks.data.items.length > 0 && (
        <Card withBorder padding={0}>
          <TableScroll minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="My tasks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Task</Table.Th>
                  <Table.Th>Module</Table.Th>
                  <Table.Th>Team</Table.Th>
                  <Table.Th>Waiting since</Table.Th>
                  <Table.Th>Due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tasks.data.items.map((task) => (
                  <Table.Tr key={task.id} data-testid="my-task" data-overdue={task.overdue}>
                    <Table.Td>
                      <Stack gap={2}>
                        {task.url ? (
                          <Anchor component={Link} to={task.url} fw={600} size="sm">
                            {task.title}
                          </Anchor>
                        ) : (
                          <Text fw={600} size="sm">
                            {task.title}
                          </Text>
                        )}
                        <Text size="xs" c="dimmed">
                          {task.stepName}
                          {task.assignedTo === 'role' ? ' · for anyone in your role' : ''}
                          {task.subject ? ` · ${task.subject.name}` : ''}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{labelFor(TASK_MODULE_LABELS, task.module)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{task.team?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatRelative(task.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <DueCell task={task} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Card>
      )}
      {tasks.data && tasks.data.total > TASKS_PAGE_SIZE && (
        <Pagination
          total={pageCount(tasks.data.total, TASKS_PAGE_SIZE)}
          value={page}
          onChange={(p) => update({ page: String(p) })}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}

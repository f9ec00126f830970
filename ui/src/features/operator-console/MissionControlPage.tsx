import { Anchor, Badge, Button, Group, Pagination, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { moduleLabel, WORKFLOW_STATUSES, type WorkflowStatus } from '../../../../domain/operator-console';
import { readableStepName, WORKFLOW_MODULES } from '../../../../domain/workflows';
import { formatRelative } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useSession } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { BulkActionModal } from './BulkActionModal';
import { HealthPanel } from './HealthPanel';
import { useSchoolOptions, useWorkflowCounts, useWorkflows, type ConsoleFilters } from './operator-console.api';
import { StatusBadge, STATUS_LABELS, StuckReasons } from './workflow-badges';
import { WorkflowDetailView } from './WorkflowDetailView';
import { TableScroll } from '../../shared/table/TableScroll';

const PAGE_SIZE = 25;
const AGE_OPTIONS = [
  { value: '', label: 'Any age' },
  { value: '60', label: 'Older than 1 hour' },
  { value: '1440', label: 'Older than 1 day' },
  { value: '10080', label: 'Older than 7 days' },
  { value: '43200', label: 'Older than 30 days' },
];

type Tab = 'stuck' | 'all' | WorkflowStatus;

/**
 * Mission control: the operator console. Finds durable processes across schools (a school admin: their own),
 * shows why a process is stuck in plain words, and opens one process (`?workflow=<id>`) to fix it.
 */
export function MissionControlPage() {
  const [params, setParams] = useSearchParams();
  const workflowId = params.get('workflow');
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('workflow', id);
    else next.delete('workflow');
    setParams(next);
  };
  if (workflowId) return <WorkflowDetailView workflowId={workflowId} onBack={() => open(null)} />;
  return <WorkflowList onOpen={open} />;
}

function WorkflowList({ onOpen }: { onOpen: (workflowId: string) => void }) {
  const { me } = useSession();
  const operator = hasPermission(me, 'schools:operate');
  const [tab, setTab] = useState<Tab>('stuck');
  const [module, setModule] = useState<string | null>(null);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [age, setAge] = useState('');
  const [page, setPage] = useState(1);
  const [bulkOpen, setBulkOpen] = useState(false);
  const schools = useSchoolOptions(operator);

  const filters: ConsoleFilters = {
    module: module ?? undefined,
    schoolId: operator ? (schoolId ?? undefined) : undefined,
    olderThanMinutes: age ? Number(age) : undefined,
    status: tab === 'stuck' || tab === 'all' ? undefined : tab,
  };
  const stuckOnly = tab === 'stuck';
  const list = useWorkflows(filters, stuckOnly, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const counts = useWorkflowCounts(filters);
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const tabCount = (t: Tab): number | null => {
    if (t === 'stuck') return stuckOnly && list.data ? (list.data.total ?? null) : null;
    if (!counts.data) return null;
    return t === 'all' ? counts.data.total : (counts.data[t] ?? 0);
  };
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? items.length;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Mission control"
        description={
          operator
            ? 'Every durable process on the platform: find the stuck ones, see why, and fix them.'
            : "Your school's durable processes: find the stuck ones, see why, and fix them."
        }
        actions={
          <Button variant="default" onClick={() => setBulkOpen(true)} disabled={tab !== 'stuck' && tab !== 'Running'}>
            Bulk action…
          </Button>
        }
      />
      <HealthPanel onOpenWorkflow={onOpen} />

      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Module"
          placeholder="All modules"
          clearable
          data={WORKFLOW_MODULES.map((m) => ({ value: m, label: moduleLabel(m) }))}
          value={module}
          onChange={resetPage(setModule)}
          w={220}
        />
        {operator && (
          <Select
            label="School"
            placeholder="All schools"
            clearable
            searchable
            data={schools.data ?? []}
            value={schoolId}
            onChange={resetPage(setSchoolId)}
            w={260}
          />
        )}
        <Select
          label="Age"
          data={AGE_OPTIONS}
          value={age}
          onChange={(v) => resetPage(setAge)(v ?? '')}
          allowDeselect={false}
          w={200}
        />
      </Group>

      <Tabs value={tab} onChange={(v) => resetPage(setTab)((v as Tab) ?? 'stuck')} keepMounted={false}>
        <Tabs.List aria-label="Process status">
          {(['stuck', 'all', ...WORKFLOW_STATUSES] as Tab[]).map((t) => {
            const n = tabCount(t);
            return (
              <Tabs.Tab
                key={t}
                value={t}
                color={t === 'stuck' ? 'red' : undefined}
                rightSection={
                  n === null ? null : (
                    <Badge size="sm" variant="light" color={t === 'stuck' && n > 0 ? 'red' : 'gray'}>
                      {n}
                    </Badge>
                  )
                }
              >
                {t === 'stuck' ? 'Stuck' : t === 'all' ? 'All' : STATUS_LABELS[t]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>

      {list.isPending && <LoadingState rows={5} label="Loading processes" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && items.length === 0 && (
        <NothingHere
          title={stuckOnly ? 'Nothing is stuck' : 'No processes match'}
          description={
            stuckOnly
              ? 'Every running process that matches the filters is moving along.'
              : 'Change the filters to see more.'
          }
        />
      )}
      {items.length > 0 && (
        <>
          <TableScroll minWidth={900}>
            <Table striped highlightOnHover aria-label="Processes" verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Process</Table.Th>
                  {operator && <Table.Th>School</Table.Th>}
                  <Table.Th>Step</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th w="38%">Stuck because</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.workflowId}:${item.runId}`}>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        fw={600}
                        size="sm"
                        onClick={() => onOpen(item.workflowId)}
                      >
                        {moduleLabel(item.module)}
                      </Anchor>
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {item.workflowId}
                      </Text>
                    </Table.Td>
                    {operator && <Table.Td>{item.schoolName ?? item.schoolId ?? '—'}</Table.Td>}
                    <Table.Td>
                      <Text size="sm">{item.stepName ? readableStepName(item.stepName) : '—'}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} miw={120}>
                      <StatusBadge status={item.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatRelative(item.startTime)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StuckReasons stuck={item.stuck} compact />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Pages of processes"
            />
          )}
        </>
      )}
      <BulkActionModal
        opened={bulkOpen}
        filters={{ ...filters, status: undefined }}
        stuckOnly={stuckOnly}
        onClose={() => setBulkOpen(false)}
      />
    </Stack>
  );
}

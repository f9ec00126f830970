import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CARA_IN_REVIEW, type CaraLogStatus } from '../../../../domain/bylaw17';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useCaraLogs, type CaraLog } from './cara.api';
import { CaraLogsTable } from './CaraLogsTable';

type View = 'DUE' | 'OVERDUE' | 'REVIEW' | 'ALL';
const VIEWS: Array<{ value: View; label: string }> = [
  { value: 'DUE', label: 'Due' },
  { value: 'OVERDUE', label: 'Overdue' },
  { value: 'REVIEW', label: 'In review' },
  { value: 'ALL', label: 'All' },
];

function inView(log: CaraLog, view: View): boolean {
  if (view === 'ALL') return true;
  if (view === 'REVIEW') return CARA_IN_REVIEW.includes(log.status as CaraLogStatus);
  if (view === 'OVERDUE') return log.due?.kind === 'OVERDUE';
  return !!log.due && log.due.kind !== 'OVERDUE';
}

/** The compliance assistant: CARA logs due, overdue and in review across the teams the person sees, by team. */
export function CaraAssistantPage() {
  const logs = useCaraLogs({});
  const [view, setView] = useState<View>('DUE');
  const items = logs.data?.items ?? [];
  const count = (v: View) => items.filter((l) => inView(l, v)).length;
  const shown = items
    .filter((l) => inView(l, view))
    .sort((a, b) => a.teamName.localeCompare(b.teamName) || b.periodStart.localeCompare(a.periodStart));

  return (
    <Stack>
      <PageHeader
        title="Compliance assistant"
        description="CARA logs that wait for a coach or a reviewer, by team. Logs are generated from the calendar at the end of each period."
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {VIEWS.map((v) => (
          <Card key={v.value} withBorder padding="sm">
            <Text size="sm" c="dimmed">
              {v.label}
            </Text>
            <Text fz="xl" fw={700} c={v.value === 'OVERDUE' && count(v.value) > 0 ? 'red.9' : undefined}>
              {logs.data ? count(v.value) : '–'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <SegmentedControl
          aria-label="Which logs"
          value={view}
          onChange={(v) => setView(v as View)}
          data={VIEWS.map((v) => ({ value: v.value, label: `${v.label} (${logs.data ? count(v.value) : 0})` }))}
        />
      </Group>
      {logs.isPending && <LoadingState rows={4} label="Loading CARA logs" />}
      {logs.error && <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />}
      {logs.data && shown.length === 0 && (
        <NothingHere
          title="Nothing here"
          description={
            view === 'ALL'
              ? 'No CARA logs yet. Turn on logging in a team’s CARA settings.'
              : 'No logs in this list right now.'
          }
        />
      )}
      {shown.length > 0 && <CaraLogsTable logs={shown} label="CARA logs" />}
    </Stack>
  );
}

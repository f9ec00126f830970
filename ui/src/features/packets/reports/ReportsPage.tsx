import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '../../../../../domain/packet-reports';
import type { SubmissionStatus } from '../../../../../domain/packets';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { PacketsNav } from '../home/PacketsNav';
import { submissionStatusLabel } from '../packet-labels';
import { usePacketReport, type PacketReportDto } from '../packets.api';
import { TableScroll } from '../../../shared/table/TableScroll';

/** Chart colours per submission status (the status badges' hues, at chart strength). */
type BreakdownStatus = SubmissionStatus | 'EXPIRED';
const STATUS_CHART_COLOURS: Record<BreakdownStatus, string> = {
  PENDING: 'gray.5',
  SUBMITTED: 'orange.5',
  RESUBMITTED: 'orange.7',
  APPROVED: 'teal.6',
  AUTO_APPROVED: 'green.4',
  REJECTED: 'red.6',
  NOT_APPLICABLE: 'gray.3',
  CHANGE_REQUESTED: 'yellow.6',
  VOIDED: 'dark.4',
  EXPIRED: 'pink.4',
};

function breakdownLabel(status: BreakdownStatus): string {
  return status === 'EXPIRED' ? 'Expired' : submissionStatusLabel(status);
}

/** "36 h" under two days, else "2.5 days". */
export function formatTurnaround(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** Reports, Big Picture (/reports): packets created, sent and completed over time, status breakdown, turnaround. */
export function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>('4W');
  // On a phone the three periods share the width, in a smaller size, instead of running past the window's edge.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const report = usePacketReport(period);
  const r = report.data;
  const empty = r && r.totals.created === 0 && r.totals.sent === 0 && r.totals.completed === 0;
  return (
    <Stack gap="md">
      <PageHeader
        title="Reports"
        description="The big picture of your packets: what was built, sent and completed, and how fast."
      />
      <PacketsNav />
      <SegmentedControl
        aria-label="Period"
        value={period}
        onChange={(v) => setPeriod(v as ReportPeriod)}
        data={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] }))}
        fullWidth={narrow}
        size={narrow ? 'xs' : 'sm'}
        w={narrow ? '100%' : 'fit-content'}
      />
      {report.isPending ? (
        <LoadingState rows={6} label="Loading the report" />
      ) : report.error && !r ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : empty ? (
        <NothingHere
          title="Nothing to report for this period"
          description="Packets built, sent and completed in the period show here."
        />
      ) : (
        r && <ReportBody r={r} />
      )}
    </Stack>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function ReportBody({ r }: { r: PacketReportDto }) {
  const per = r.unit === 'week' ? 'week' : 'month';
  const series = r.series.map((b) => ({ bucket: b.label, Created: b.created, Sent: b.sent, Completed: b.completed }));
  const donut = r.byStatus.map((b) => ({
    name: breakdownLabel(b.status),
    value: b.count,
    color: STATUS_CHART_COLOURS[b.status],
  }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Stat label="Packets created" value={String(r.totals.created)} />
        <Stat label="Sent" value={String(r.totals.sent)} hint={`${r.totals.sends} sends`} />
        <Stat label="Completed" value={String(r.totals.completed)} />
        <Stat
          label="Completion rate"
          value={r.totals.completionRate === null ? '—' : `${r.totals.completionRate}%`}
          hint="of sent, voided left out"
        />
        <Stat
          label="Average turnaround"
          value={formatTurnaround(r.totals.averageTurnaroundHours)}
          hint="sent to completed"
        />
        <Stat label="In progress" value={String(openCount(r))} hint="of those sent in the period" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            Sent and completed per {per}
          </Title>
          <LineChart
            h={240}
            data={series}
            dataKey="bucket"
            series={[
              { name: 'Sent', color: 'indigo.6' },
              { name: 'Completed', color: 'teal.6' },
            ]}
            curveType="linear"
            yAxisProps={{ allowDecimals: false }}
            withLegend
            role="img"
            aria-label={`Submissions sent and completed per ${per}`}
          />
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            Packets created per {per}
          </Title>
          <BarChart
            h={240}
            data={series}
            dataKey="bucket"
            series={[{ name: 'Created', color: 'grape.6' }]}
            yAxisProps={{ allowDecimals: false }}
            tickLine="y"
            role="img"
            aria-label={`Packets created per ${per}`}
          />
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            Breakdown of what was sent
          </Title>
          {donut.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing was sent in this period.
            </Text>
          ) : (
            <Group align="center" wrap="nowrap" gap="lg">
              <DonutChart
                data={donut}
                size={180}
                thickness={28}
                withTooltip
                role="img"
                aria-label="Submissions sent in the period by status"
              />
              <Table fz="sm" aria-label="Submissions by status" withRowBorders={false}>
                <Table.Tbody>
                  {donut.map((d) => (
                    <Table.Tr key={d.name}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <span
                            aria-hidden
                            style={{
                              width: 10,
                              height: 10,
                              borderRadius: 2,
                              display: 'inline-block',
                              background: `var(--mantine-color-${d.color.replace('.', '-')})`,
                            }}
                          />
                          {d.name}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{d.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Group>
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="sm">
            Figures per {per}
          </Title>
          <TableScroll minWidth={360}>
            <Table fz="sm" striped aria-label={`Figures per ${per}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{per === 'week' ? 'Week of' : 'Month'}</Table.Th>
                  <Table.Th ta="right">Created</Table.Th>
                  <Table.Th ta="right">Sent</Table.Th>
                  <Table.Th ta="right">Completed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {series.map((b) => (
                  <Table.Tr key={b.bucket}>
                    <Table.Td>{b.bucket}</Table.Td>
                    <Table.Td ta="right">{b.Created}</Table.Td>
                    <Table.Td ta="right">{b.Sent}</Table.Td>
                    <Table.Td ta="right">{b.Completed}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function openCount(r: PacketReportDto): number {
  const open: BreakdownStatus[] = ['PENDING', 'SUBMITTED', 'RESUBMITTED', 'CHANGE_REQUESTED'];
  return r.byStatus.filter((b) => open.includes(b.status)).reduce((n, b) => n + b.count, 0);
}

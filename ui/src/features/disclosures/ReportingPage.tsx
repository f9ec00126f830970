import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DateRangeField } from '../../shared/DateField';
import { useState } from 'react';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { exportCsvUrl, useDisclosureReport, type ReportRow } from './disclosures.api';
import { formatMoney, statusLabel, typeLabel } from './disclosure-labels';
import { TableScroll } from '../../shared/table/TableScroll';

type Range = [string | null, string | null];

/** Today in the browser's calendar as YYYY-MM-DD, and `days` before it. */
function isoDaysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The spec's report periods (part 2 §9): last 4 weeks, 3 months and 12 months. */
const PRESETS: Array<{ label: string; days: number }> = [
  { label: 'Last 4 weeks', days: 28 },
  { label: 'Last 3 months', days: 91 },
  { label: 'Last 12 months', days: 365 },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function monthLabel(key: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : key;
}

/** NIL reporting: counts and amounts by sport, type, status and month (archived disclosures excluded), and CSV. */
export function ReportingPage() {
  const [dates, setDates] = useState<Range>([null, null]);
  const [from, to] = dates;
  // A half-picked range (start only) filters nothing until its end is chosen.
  const range = from && to ? { from, to } : {};
  const report = useDisclosureReport(range);
  const r = report.data;
  return (
    <Stack>
      <PageHeader
        title="Reporting"
        description="Submitted disclosures (archived ones excluded) by sport, type, status and month."
        actions={
          <Button variant="default" component="a" href={exportCsvUrl(range)} download>
            Export CSV
          </Button>
        }
      />
      <Group align="flex-end">
        <DateRangeField
          label="Submitted between"
          placeholder="Any date"
          value={dates}
          onChange={(v) => setDates([v[0] ?? null, v[1] ?? null])}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the dates' }}
          allowSingleDateInRange
          maxDate={isoDaysAgo(0)}
          w={280}
        />
        <Group gap="xs" role="group" aria-label="Report period">
          {PRESETS.map((p) => (
            <Button
              key={p.label}
              size="sm"
              variant={from === isoDaysAgo(p.days) && to === isoDaysAgo(0) ? 'filled' : 'default'}
              onClick={() => setDates([isoDaysAgo(p.days), isoDaysAgo(0)])}
            >
              {p.label}
            </Button>
          ))}
        </Group>
      </Group>
      {from && to && (
        <Text size="sm" c="dimmed" aria-live="polite">
          Showing disclosures submitted from {from} to {to}; the CSV export uses the same dates.
        </Text>
      )}
      {report.isPending && <LoadingState rows={6} label="Loading the report" />}
      {report.error && <ErrorState error={report.error} onRetry={() => void report.refetch()} />}
      {r && r.total.count === 0 && (
        <NothingHere
          title={from && to ? 'Nothing submitted in these dates' : 'Nothing to report yet'}
          description={from && to ? 'Choose other dates or clear the filter.' : 'Submitted disclosures appear here.'}
        />
      )}
      {r && r.total.count > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                Disclosures
              </Text>
              <Text fz={28} fw={700}>
                {r.total.count}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                Total amount
              </Text>
              <Text fz={28} fw={700}>
                {formatMoney(r.total.amount)}
              </Text>
            </Card>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ChartCard title="By sport" rows={r.bySport} label={(k) => k} />
            <ChartCard title="By type" rows={r.byType} label={typeLabel} />
            <ChartCard title="By status" rows={r.byStatus} label={(k) => statusLabel(k)} />
            <ChartCard title="By month" rows={r.byMonth} label={monthLabel} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function ChartCard({ title, rows, label }: { title: string; rows: ReportRow[]; label: (key: string) => string }) {
  const data = rows.map((row) => ({ name: label(row.key), Disclosures: row.count, Amount: row.amount }));
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <BarChart
        h={220}
        data={data}
        dataKey="name"
        series={[{ name: 'Disclosures', color: 'indigo.6' }]}
        tickLine="y"
        role="img"
        aria-label={`${title}: number of disclosures`}
      />
      <TableScroll minWidth={320}>
        <Table mt="sm" fz="sm" aria-label={`${title}: figures`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{title.replace('By ', '').replace(/^./, (c) => c.toUpperCase())}</Table.Th>
              <Table.Th ta="right">Disclosures</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((d) => (
              <Table.Tr key={d.name}>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td ta="right">{d.Disclosures}</Table.Td>
                <Table.Td ta="right">{formatMoney(d.Amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

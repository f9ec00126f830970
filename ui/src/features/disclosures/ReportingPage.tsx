import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { humanize } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { exportCsvUrl, useDisclosureReport, type ReportRow } from './disclosures.api';
import { formatMoney, statusLabel, typeLabel } from './disclosure-labels';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** NIL reporting: counts and amounts by sport, type, status and month (archived disclosures excluded), and CSV. */
export function ReportingPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { ...(ISO.test(from) ? { from } : {}), ...(ISO.test(to) ? { to } : {}) };
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
        <TextInput
          label="Submitted from"
          placeholder="YYYY-MM-DD"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={160}
        />
        <TextInput
          label="Submitted to"
          placeholder="YYYY-MM-DD"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          w={160}
        />
      </Group>
      {report.isPending && <LoadingState rows={6} label="Loading the report" />}
      {report.error && <ErrorState error={report.error} onRetry={() => void report.refetch()} />}
      {r && r.total.count === 0 && (
        <NothingHere title="Nothing to report yet" description="Submitted disclosures appear here." />
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
            <ChartCard title="By month" rows={r.byMonth} label={(k) => k ?? humanize(k)} />
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
    </Card>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Card, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { useCaraDashboard } from './cara.api';

/** A team's countable hours per week against the weekly limit: the team average and the busiest athlete. */
export function CaraDashboardPage() {
  const { id = '' } = useParams();
  const dash = useCaraDashboard(id);
  if (dash.isPending) return <LoadingState rows={6} label="Loading the hours dashboard" />;
  if (dash.error) return <ErrorState error={dash.error} onRetry={() => void dash.refetch()} />;
  const d = dash.data;
  const data = d.weeks.map((w) => ({
    week: formatDate(w.weekStart),
    'Team average': w.teamAverage,
    'Busiest athlete': w.maxHours,
    Limit: w.weeklyLimit,
  }));
  const over = d.weeks.filter((w) => w.maxHours > w.weeklyLimit && !w.exempt).length;
  return (
    <Stack>
      <PageHeader
        title={`CARA hours: ${d.teamName}`}
        description="Countable hours per week against the Bylaw 17 weekly limit (20 in season, 8 out of season)."
        actions={
          <Anchor component={Link} to={`/cara/listing/${d.teamId}/${d.academicYearId}`} size="sm">
            CARA logs of this team
          </Anchor>
        }
      />
      {d.error && (
        <Alert color="orange" title="Hours not checked">
          {d.error.message}
        </Alert>
      )}
      {!d.error && d.weeks.length === 0 && (
        <NothingHere title="No weeks yet" description="Add the team's sport segments." />
      )}
      {d.weeks.length > 0 && (
        <>
          <Text size="sm" c={over > 0 ? 'red.9' : 'dimmed'}>
            {over === 0
              ? 'No week over the limit.'
              : `${over} ${over === 1 ? 'week' : 'weeks'} with an athlete over the limit.`}
          </Text>
          <Card withBorder padding="md">
            <BarChart
              h={280}
              data={data}
              dataKey="week"
              series={[
                { name: 'Team average', color: 'blue.7' },
                { name: 'Busiest athlete', color: 'orange.7' },
              ]}
              referenceLines={[
                { y: 20, label: 'In-season limit (20 h)', color: 'red.7' },
                { y: 8, label: 'Out-of-season limit (8 h)', color: 'gray.7' },
              ]}
              tickLine="y"
              withLegend
              role="img"
              aria-label="Countable hours per week against the limits"
            />
          </Card>
          <TableScroll minWidth={560}>
            <Table striped aria-label="Hours per week">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Week</Table.Th>
                  <Table.Th ta="right">Team average</Table.Th>
                  <Table.Th ta="right">Busiest athlete</Table.Th>
                  <Table.Th ta="right">Limit</Table.Th>
                  <Table.Th ta="right">Open violations</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.weeks.map((w) => (
                  <Table.Tr key={w.weekStart}>
                    <Table.Td>
                      {formatDate(w.weekStart)} to {formatDate(w.weekEnd)}
                      {w.exempt ? ' (exempt)' : ''}
                    </Table.Td>
                    <Table.Td ta="right">{w.teamAverage}</Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c={w.maxHours > w.weeklyLimit && !w.exempt ? 'red.9' : undefined}>
                        {w.maxHours}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{w.weeklyLimit}</Table.Td>
                    <Table.Td ta="right">{w.violations}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      )}
    </Stack>
  );
}

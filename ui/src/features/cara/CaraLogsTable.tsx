import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format';
import { TableScroll } from '../../shared/table/TableScroll';
import type { CaraLog } from './cara.api';
import { statusColour, statusLabel } from './cara-labels';

/** CARA logs as a table: team, period, status, due state, violations and hours; each opens its details. */
export function CaraLogsTable({ logs, label }: { logs: CaraLog[]; label: string }) {
  return (
    <TableScroll minWidth={720}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Team</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Violations</Table.Th>
            <Table.Th ta="right">Average hours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                <Anchor component={Link} to={`/caraDashboard/${l.teamId}`}>
                  {l.teamName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/cara/details/${l.id}`}>
                  {formatDate(l.periodStart)} to {formatDate(l.periodEnd)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={statusColour(l.status)}>
                  {statusLabel(l.status)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {l.due ? (
                  <Text
                    size="sm"
                    c={l.due.kind === 'OVERDUE' ? 'red.9' : undefined}
                    fw={l.due.kind === 'OVERDUE' ? 600 : 400}
                  >
                    {l.due.label}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {formatDate(l.dueAt)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c={l.violations > 0 ? 'red.9' : undefined}>
                  {l.violations}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{l.totalHours}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

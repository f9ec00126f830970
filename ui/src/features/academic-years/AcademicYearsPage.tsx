import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate, humanize } from '../../shared/format';
import { PlusIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { sortTerms, useAcademicYears, yearLabel, type AcademicYear } from './academic-years.api';
import { AcademicYearFormModal } from './AcademicYearFormModal';
import { TableScroll } from '../../shared/table/TableScroll';

export function AcademicYearsPage() {
  const me = useMe();
  const canWrite = hasPermission(me, 'academic-years:write');
  const years = useAcademicYears();
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState<AcademicYear | null>(null);
  const open = (year: AcademicYear | null) => {
    setEditing(year);
    setOpened(true);
  };

  return (
    <Stack>
      <PageHeader
        title="Academic years"
        description="Each academic year and its terms. Rosters, CARA logs and sport segments follow these dates."
        actions={
          canWrite && (
            <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)}>
              New academic year
            </Button>
          )
        }
      />
      {years.isPending && <LoadingState rows={3} label="Loading academic years" />}
      {years.error && <ErrorState error={years.error} onRetry={() => void years.refetch()} />}
      {years.data && years.data.length === 0 && (
        <NothingHere
          title="No academic years yet"
          description="Create the current academic year and its terms."
          action={canWrite && <Button onClick={() => open(null)}>New academic year</Button>}
        />
      )}
      {years.data?.map((year) => (
        <Card key={year.id} withBorder padding="lg" component="section" aria-labelledby={`year-${year.id}`}>
          <Group justify="space-between" mb="sm">
            <Group gap="sm">
              <Title order={2} size="h3" id={`year-${year.id}`}>
                {yearLabel(year)}
              </Title>
              {year.isCurrent && <Badge color="green">Current</Badge>}
            </Group>
            {canWrite && (
              <Button size="xs" variant="default" onClick={() => open(year)} aria-label={`Edit ${yearLabel(year)}`}>
                Edit
              </Button>
            )}
          </Group>
          {year.terms.length === 0 ? (
            <Text size="sm" c="dimmed">
              No terms configured.
            </Text>
          ) : (
            <TableScroll minWidth={520}>
              <Table aria-label={`Terms of ${yearLabel(year)}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Term</Table.Th>
                    <Table.Th>Start</Table.Th>
                    <Table.Th>Finals start</Table.Th>
                    <Table.Th>End</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sortTerms(year.terms).map((term) => (
                    <Table.Tr key={term.id ?? term.term}>
                      <Table.Td fw={600}>{humanize(term.term)}</Table.Td>
                      <Table.Td>{formatDate(term.startDate)}</Table.Td>
                      <Table.Td>{formatDate(term.finalsStartDate)}</Table.Td>
                      <Table.Td>{formatDate(term.endDate)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </Card>
      ))}
      <AcademicYearFormModal opened={opened} year={editing} onClose={() => setOpened(false)} />
    </Stack>
  );
}

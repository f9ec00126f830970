import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PLAN_LABELS } from '../../../../domain/plans';
import { divisionLabel } from '../../../../domain/schools';
import { humanize } from '../../shared/format';
import { PlusIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useSchools } from './schools.api';
import { TableScroll } from '../../shared/table/TableScroll';

function OnboardButton() {
  return (
    <Button component={Link} to="/school/create" leftSection={<PlusIcon size={16} />}>
      Onboard a school
    </Button>
  );
}

/** The provider's view of every school (tenant) and its product plan; each opens its profile. */
export function SchoolsPage() {
  const schools = useSchools();
  return (
    <Stack>
      <PageHeader
        title="Schools"
        description="Every school on the platform and its product plan."
        actions={<OnboardButton />}
      />
      {schools.isPending && <LoadingState rows={4} label="Loading schools" />}
      {schools.error && <ErrorState error={schools.error} onRetry={() => void schools.refetch()} />}
      {schools.data && schools.data.length === 0 && (
        <NothingHere
          title="No schools yet"
          description="Onboard the first school: choose its plan and invite its first admin."
          action={<OnboardButton />}
        />
      )}
      {schools.data && schools.data.length > 0 && (
        <TableScroll minWidth={640}>
          <Table striped aria-label="Schools">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Division</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th ta="right">Users</Table.Th>
                <Table.Th ta="right">Athletes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schools.data.map((school) => (
                <Table.Tr key={school.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/school/profile/${school.id}`} fw={600} size="sm">
                      {school.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {school.slug} · {school.timeZone}
                    </Text>
                  </Table.Td>
                  <Table.Td>{humanize(school.kind)}</Table.Td>
                  <Table.Td>
                    <Badge color={school.plan === 'CONNECT' ? 'indigo' : 'gray'}>
                      {PLAN_LABELS[school.plan] ?? school.plan}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{divisionLabel(school.division) ?? '—'}</Table.Td>
                  <Table.Td>{school.state ?? '—'}</Table.Td>
                  <Table.Td ta="right">{school.userCount}</Table.Td>
                  <Table.Td ta="right">{school.athleteCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

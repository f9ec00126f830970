import { Anchor, Badge, Button, Card, DataList, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PLAN_LABELS } from '../../../../domain/plans';
import { divisionLabel, US_STATES } from '../../../../domain/schools';
import { errorMessage, isApiError } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { formatDateTime, formatRelative, humanize } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { gmtOffsetLabel } from './school-form';
import { useSchoolProfile, type SchoolProfileData } from '../../shared/school-profile.api';
import { useUpgradePlan } from './schools.api';
import { TableScroll } from '../../shared/table/TableScroll';

const STATUS_COLOUR: Record<string, string> = {
  ACTIVE: 'green',
  INVITED: 'orange',
  NOT_INVITED: 'gray',
  INACTIVE: 'red',
};

function CountCard({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="md" aria-label={`${label}: ${value}`}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={800} c="indigo.9" lh={1.2}>
        {value}
      </Text>
    </Card>
  );
}

function PlanCard({ school }: { school: SchoolProfileData }) {
  const upgrade = useUpgradePlan(school.id);
  const [confirming, setConfirming] = useState(false);
  const upgradeToConnect = () =>
    upgrade.mutate('CONNECT', {
      onSuccess: () => notifications.show({ color: 'teal', message: `${school.name} is now on the Connect plan.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not upgrade the plan', message: errorMessage(error) }),
      onSettled: () => setConfirming(false),
    });
  const onConnect = school.plan === 'CONNECT';
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Product plan
          </Title>
          <Badge size="lg" color={onConnect ? 'indigo' : 'gray'}>
            {PLAN_LABELS[school.plan]}
          </Badge>
        </Group>
        {onConnect ? (
          <Text size="sm">
            Every feature is on: disclosures, paperwork, messaging and recruiting come with Connect. Plan upgrades are
            irreversible.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Compliance tools only. Upgrading to Connect adds disclosures, paperwork, messaging and recruiting for
              everyone at the school, at once.
            </Text>
            <Group>
              <Button onClick={() => setConfirming(true)}>Upgrade to Connect</Button>
            </Group>
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={`Upgrade ${school.name} to Connect?`}
        body="Disclosures, paperwork, messaging and recruiting open for the whole school right away. This cannot be undone: a school never moves back to the Compliance plan."
        confirmLabel="Upgrade to Connect"
        confirmColor="indigo"
        loading={upgrade.isPending}
        onConfirm={upgradeToConnect}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

function DetailsCard({ school }: { school: SchoolProfileData }) {
  const offset = gmtOffsetLabel(school.timeZone);
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Details
      </Title>
      <DataList withDivider labelWidth={120}>
        <DataList.Item>
          <DataList.ItemLabel>Slug</DataList.ItemLabel>
          <DataList.ItemValue>{school.slug}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Kind</DataList.ItemLabel>
          <DataList.ItemValue>{school.kind === 'PROVIDER' ? 'Provider organisation' : 'School'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Division</DataList.ItemLabel>
          <DataList.ItemValue>{divisionLabel(school.division) ?? '—'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>State</DataList.ItemLabel>
          <DataList.ItemValue>{school.state ? (US_STATES[school.state] ?? school.state) : '—'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Time zone</DataList.ItemLabel>
          <DataList.ItemValue>
            {school.timeZone.replace(/_/g, ' ')}
            {offset && ` (${offset})`}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Onboarded</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(school.createdAt)}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Card>
  );
}

function AdminsTable({ school }: { school: SchoolProfileData }) {
  if (school.admins.length === 0) {
    return <NothingHere title="No school admins" description="Invite one from the user permissions list." />;
  }
  return (
    <TableScroll minWidth={640}>
      <Table striped aria-label="School admins">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Compliance</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {school.admins.map((admin) => (
            <Table.Tr key={admin.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {admin.firstName} {admin.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {admin.email}
                </Text>
              </Table.Td>
              <Table.Td>{admin.compliance ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOUR[admin.status] ?? 'gray'}>{humanize(admin.status)}</Badge>
              </Table.Td>
              <Table.Td>{admin.lastActiveAt ? formatRelative(admin.lastActiveAt) : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The provider's view of one school: details, plan (with the irreversible upgrade), head counts and admins. */
export function SchoolProfilePage() {
  const { schoolId = '' } = useParams();
  const profile = useSchoolProfile(schoolId);
  const school = profile.data;
  // A malformed id (400) is as missing as an unknown one.
  const notFound = isApiError(profile.error) && [400, 404].includes(profile.error.status);

  return (
    <Stack gap="xl">
      <PageHeader
        title={school?.name ?? 'School profile'}
        description={
          <Anchor component={Link} to="/school">
            Back to schools
          </Anchor>
        }
        actions={
          school && (
            <>
              <Button variant="default" component={Link} to={`/school/athletes/${school.id}`}>
                Student-athletes
              </Button>
              <Button variant="default" component={Link} to={`/universities/${school.id}/userList`}>
                User permissions
              </Button>
              <Button variant="default" component={Link} to={`/school/recruiting/${school.id}`}>
                Recruiting
              </Button>
              <Button variant="default" component={Link} to={`/eventAndCompetitionListing/${school.id}`}>
                Events and competitions
              </Button>
            </>
          )
        }
      />
      {profile.isPending && <LoadingState rows={6} label="Loading the school" />}
      {profile.error &&
        (notFound ? (
          <NothingHere
            title="School not found"
            description="This school does not exist. It may have been mistyped in the address."
            action={
              <Button component={Link} to="/school">
                All schools
              </Button>
            }
          />
        ) : (
          <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
        ))}
      {school && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} style={{ alignItems: 'start' }}>
            <PlanCard school={school} />
            <DetailsCard school={school} />
          </SimpleGrid>
          <section aria-labelledby="people-heading">
            <Title order={2} size="h4" mb="sm" id="people-heading">
              People
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }}>
              <CountCard label="Users" value={school.counts.users} />
              <CountCard label="Active" value={school.counts.activeUsers} />
              <CountCard label="Invited" value={school.counts.invitedUsers} />
              <CountCard label="Admins" value={school.counts.admins} />
              <CountCard label="Coaches" value={school.counts.coaches} />
              <CountCard label="Student-athletes" value={school.counts.athletes} />
              <CountCard label="Teams" value={school.counts.teams} />
            </SimpleGrid>
          </section>
          <section aria-labelledby="admins-heading">
            <Title order={2} size="h4" mb="sm" id="admins-heading">
              School admins
            </Title>
            <AdminsTable school={school} />
          </section>
        </>
      )}
    </Stack>
  );
}

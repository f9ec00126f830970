import { Alert, Anchor, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { useAdminCounts } from './homes.api';
import { OverdueAcrossModules } from './OverdueAcrossModules';
import { PriorityTasks } from './PriorityTasks';
import { QuickLinks, type QuickLink } from './QuickLinks';
import { StatCard } from './StatCard';
import { WaitingOnYou } from './WaitingOnYou';

export function AdminHomePage() {
  const me = useMe();
  const counts = useAdminCounts();
  const links: QuickLink[] = [
    { to: '/createStudentAthlete', label: 'Add a student-athlete', description: 'Create a profile and invite them.' },
    { to: '/staff', label: 'Invite staff', description: 'Coaches and admins, with their title group.' },
    { to: '/teams', label: 'Sport teams', description: 'Create and rename your teams.' },
    { to: '/academicYears', label: 'Academic years', description: 'Years and their terms.' },
    {
      to: `/universities/${me.school.id}/userList`,
      label: 'User permissions',
      description: 'Everyone’s roles and status; edit roles or deactivate.',
    },
    { to: '/notifications', label: 'Notifications', description: 'Everything that needs your attention.' },
    { to: '/sprySign/home', label: 'E-signature packets', description: 'Build, send and review packets.' },
    { to: '/sprySign/actionRequired', label: 'Action required', description: 'Packets waiting on you.' },
  ];
  if (me.school.plan !== 'CONNECT') links.splice(-2);
  if (hasPermission(me, 'audit:read')) {
    links.push({ to: '/auditLog', label: 'Security audit log', description: 'Logins, role changes, invitations.' });
  }
  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, ${me.firstName}`} description={me.school.name} />
      {me.school.plan !== 'CONNECT' && (
        <Alert color="indigo" variant="light" title="Your school is on the Compliance plan">
          Disclosures, paperwork, messaging and recruiting come with the Connect plan.{' '}
          <Anchor component={Link} to="/compliance" c="indigo.9" fw={600} size="sm">
            See what Connect adds
          </Anchor>
        </Alert>
      )}
      <section aria-label="At a glance">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <StatCard label="Student-athletes" query={counts.athletes} to="/studentAthletes" />
          <StatCard label="Teams" query={counts.teams} to="/teams" />
          <StatCard label="Staff" query={counts.staff} to="/staff" />
          <StatCard label="Pending invitations" query={counts.invitations} to="/staff" />
        </SimpleGrid>
      </section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <WaitingOnYou empty="Nothing is waiting on you." />
        <OverdueAcrossModules canOperate={hasPermission(me, 'workflows:operate')} />
      </SimpleGrid>
      {/* Priority tasks are disclosure reviews: only for admins holding the compliance permission. */}
      {me.school.plan === 'CONNECT' && hasPermission(me, 'disclosures:review') && <PriorityTasks />}
      <QuickLinks links={links} />
    </Stack>
  );
}

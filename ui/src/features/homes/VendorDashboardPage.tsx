import { Stack } from '@mantine/core';
import { ROLE_LABELS } from '../../../../domain/roles';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { QuickLinks } from './QuickLinks';

/** Home for vendors, third parties and agents (the partner portal). */
export function VendorDashboardPage() {
  const me = useMe();
  const roles = me.roles.map((r) => ROLE_LABELS[r.role]).join(', ');
  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, ${me.firstName}`} description={`${roles} · ${me.school.name}`} />
      <QuickLinks
        links={[
          { to: '/notifications', label: 'Notifications', description: 'Updates from the schools you work with.' },
          { to: '/profile', label: 'My profile', description: 'Your account details.' },
        ]}
      />
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { QuickLinks } from './QuickLinks';

export function AthleteHomePage() {
  const me = useMe();
  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, ${me.firstName}`} description={me.school.name} />
      <QuickLinks
        links={[
          {
            to: '/studentDisclosureList',
            label: 'My NIL Tasks',
            description: 'Disclose an outside opportunity and follow its review.',
          },
          { to: '/notifications', label: 'Notifications', description: 'Updates from your school.' },
          { to: '/paperworks', label: 'Paperwork', description: 'Packets to fill in and sign.' },
          { to: '/education', label: 'Education', description: 'Required courses and articles.' },
          { to: '/profile', label: 'My profile', description: 'Your account details.' },
        ]}
      />
    </Stack>
  );
}

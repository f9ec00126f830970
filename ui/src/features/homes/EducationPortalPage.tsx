import { Alert, Stack } from '@mantine/core';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { QuickLinks } from './QuickLinks';

/** The educator's home. Content authoring arrives with the education feature; until then it points the way. */
export function EducationPortalPage() {
  const me = useMe();
  return (
    <Stack gap="xl">
      <PageHeader title="Education portal" description={`Welcome, ${me.firstName}`} />
      <Alert color="indigo" variant="light" title="Education content is coming">
        Articles, videos, presentations, courses and quizzes will be created and assigned from here in a later release.
      </Alert>
      <QuickLinks
        links={[
          { to: '/contentLibrary', label: 'Content library', description: 'Your articles, videos and courses.' },
          { to: '/notifications', label: 'Notifications', description: 'Updates for you.' },
          { to: '/profile', label: 'My profile', description: 'Your account details.' },
        ]}
      />
    </Stack>
  );
}

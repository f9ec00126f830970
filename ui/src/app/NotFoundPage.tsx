import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../shared/use-page-title';

export function NotFoundPage({ homePath }: { homePath: string }) {
  usePageTitle('Page not found');
  return (
    <Stack gap="md" align="flex-start" py="xl" data-testid="not-found">
      <Text fw={800} c="indigo.9" size="xl">
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text>We could not find the page you asked for. The link may be wrong, or the page may have moved.</Text>
      <Button component={Link} to={homePath}>
        Go to the home page
      </Button>
    </Stack>
  );
}

import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { RouteSpec } from '../../../domain/routes';
import { useSession } from '../shared/session';
import { PORTAL_HOME } from '../../../domain/roles';
import { usePageTitle } from '../shared/use-page-title';

/** What a screen of the product plan that is not available yet shows when someone reaches it by its address. */
export function ComingSoonPage({ spec }: { spec: RouteSpec }) {
  usePageTitle(`${spec.title} (not available yet)`);
  const { me } = useSession();
  return (
    <Card withBorder padding="xl" radius="md" data-testid="not-yet-available">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h2">
          {spec.title}
        </Title>
        <Text>
          This part of the product is not available yet. When it is, it will appear in the navigation on the left.
        </Text>
        <Anchor component={Link} to={me ? PORTAL_HOME[me.portal] : '/login'} fw={600}>
          {me ? 'Go to my home page' : 'Go to the login page'}
        </Anchor>
      </Stack>
    </Card>
  );
}

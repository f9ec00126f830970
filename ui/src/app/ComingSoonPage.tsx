import { Badge, Card, Code, Stack, Text, Title } from '@mantine/core';
import type { RouteSpec } from '../../../domain/routes';
import { usePageTitle } from '../shared/use-page-title';

/** The one placeholder for screens in the route table that are not built yet. */
export function ComingSoonPage({ spec }: { spec: RouteSpec }) {
  usePageTitle(`${spec.title} (coming soon)`);
  return (
    <Card withBorder padding="xl" radius="md" data-testid="coming-soon">
      <Stack gap="sm" align="flex-start">
        <Badge color="orange" variant="light" size="lg">
          Coming soon · not built yet
        </Badge>
        <Title order={1} size="h2">
          {spec.title}
        </Title>
        <Text>
          This screen is part of the product plan but has not been built yet. It will appear here in a later release.
        </Text>
        <Text size="sm" c="dimmed">
          Route: <Code>{spec.path}</Code>
        </Text>
      </Stack>
    </Card>
  );
}

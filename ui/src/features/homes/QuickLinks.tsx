import { Card, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export interface QuickLink {
  to: string;
  label: string;
  description: string;
}

/** Cards that each link to one screen; the whole card is the link. */
export function QuickLinks({ links, heading = 'Quick links' }: { links: QuickLink[]; heading?: string }) {
  return (
    <section aria-labelledby="quick-links-heading">
      <Title order={2} size="h4" mb="sm" id="quick-links-heading">
        {heading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {links.map((link) => (
          <UnstyledButton
            key={link.to}
            component={Link}
            to={link.to}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Card withBorder padding="md" h="100%">
              <Text fw={700} c="indigo.9">
                {link.label}
              </Text>
              <Text size="sm" c="dimmed">
                {link.description}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </section>
  );
}

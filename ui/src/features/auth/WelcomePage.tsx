import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PORTAL_HOME } from '../../../../domain/roles';
import { PRODUCT_NAME } from '../../shared/brand';
import { useSession } from '../../shared/session';
import { usePageTitle } from '../../shared/use-page-title';

const HIGHLIGHTS = [
  {
    title: 'NIL disclosures',
    text: 'Student-athletes disclose outside opportunities; compliance staff review them in one place.',
  },
  { title: 'Paperwork and e-signature', text: 'Multi-form packets with approval steps, reminders and signed PDFs.' },
  { title: 'Rosters and CARA hours', text: 'Roster rollover each academic year and team activity-hour logs.' },
  { title: 'Recruiting', text: 'Prospects, recruiting events, forms and expenses for coaching staff.' },
];

export function WelcomePage() {
  usePageTitle('Welcome');
  const { me } = useSession();
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>Welcome to {PRODUCT_NAME}</Title>
        <Text size="lg">Compliance and operations for college athletic departments.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {HIGHLIGHTS.map((item) => (
          <Card key={item.title} withBorder padding="lg">
            <Title order={2} size="h4" mb={4}>
              {item.title}
            </Title>
            <Text size="sm">{item.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        {me ? (
          <Button component={Link} to={PORTAL_HOME[me.portal]}>
            Go to my home page
          </Button>
        ) : (
          <Button component={Link} to="/login">
            Log in
          </Button>
        )}
      </Group>
    </Stack>
  );
}

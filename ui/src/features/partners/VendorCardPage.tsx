import { Alert, Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadingState } from '../../shared/states';
import { usePageTitle } from '../../shared/use-page-title';
import { useVendorCard } from './partners.api';

/** `/card/:customUrl`: a vendor's public business card, readable without an account; a deactivated vendor is gone. */
export function VendorCardPage() {
  const { customUrl = '' } = useParams();
  const card = useVendorCard(customUrl);
  usePageTitle(card.data?.name ?? 'Business profile');
  if (card.isPending) return <LoadingState label="Opening the card" />;
  if (card.error || !card.data) {
    return (
      <Stack maw={640} w="100%" mx="auto">
        <Title order={1} size="h3">
          Business profile
        </Title>
        <Alert color="gray" variant="light" title="Not found" role="alert">
          There is no business card at this address.
        </Alert>
      </Stack>
    );
  }
  const c = card.data;
  return (
    <Stack maw={640} w="100%" mx="auto">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group gap="md" wrap="nowrap">
            {c.logoUrl && <Image src={c.logoUrl} alt={`${c.name} logo`} w={64} h={64} fit="contain" />}
            <Stack gap={2}>
              <Title order={1} size="h2">
                {c.name}
              </Title>
              <Text size="sm" c="dimmed">
                Vendor at {c.schoolName}
              </Text>
            </Stack>
          </Group>
          {c.categories.length > 0 && (
            <Group gap="xs">
              {c.categories.map((cat) => (
                <Badge key={cat} variant="light">
                  {cat}
                </Badge>
              ))}
            </Group>
          )}
          {c.services && (
            <Stack gap={2}>
              <Title order={2} size="h5">
                Services
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.services}
              </Text>
            </Stack>
          )}
          {c.prices && (
            <Stack gap={2}>
              <Title order={2} size="h5">
                Prices
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.prices}
              </Text>
            </Stack>
          )}
          {c.contactEmail && (
            <Text size="sm">
              Contact: <a href={`mailto:${c.contactEmail}`}>{c.contactEmail}</a>
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

import { Container, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '../shared/brand';
import { ToolIcon } from '../shared/icons';
import { usePageTitle } from '../shared/use-page-title';

/** The only screen during maintenance (MAINTENANCE=1): no header, no data, nothing else to click. */
export function MaintenancePage() {
  usePageTitle("We'll be right back");
  return (
    <Container component="main" size="sm" py={80} id="main">
      <Stack align="center" gap="md" ta="center">
        <ToolIcon size={48} />
        <Title order={1}>We&apos;ll be right back</Title>
        <Text size="lg">
          {PRODUCT_NAME} is down for scheduled maintenance. Your work is saved; please check back in a few minutes.
        </Text>
      </Stack>
    </Container>
  );
}

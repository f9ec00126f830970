import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../shared/brand';
import { ExternalIcon, ShieldIcon } from '../shared/icons';

/**
 * Shown instead of the app when it is loaded inside another site's frame, so a hidden frame cannot trick a user
 * into clicking something (clickjacking). The link opens the real app in its own tab.
 */
export function FramedWarning({ appUrl }: { appUrl: string }) {
  useEffect(() => {
    document.title = `Security warning · ${PRODUCT_NAME}`;
  }, []);
  return (
    <Container component="main" size="sm" py="xl" id="main">
      <Stack gap="md">
        <Title order={1}>This page was loaded inside another website</Title>
        <Alert color="red" variant="light" icon={<ShieldIcon />} title="Clickjacking warning" role="alert">
          <Text size="sm">
            {PRODUCT_NAME} was opened inside a frame on another site. To protect your account, the app does not run
            inside frames. Someone may be trying to trick you into clicking something you cannot see.
          </Text>
        </Alert>
        <Text>
          <Anchor href={appUrl} target="_blank" rel="noopener noreferrer" fw={600}>
            Open {PRODUCT_NAME} safely in a new tab <ExternalIcon size={14} />
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}

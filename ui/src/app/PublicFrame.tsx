import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../shared/brand';
import { ShieldIcon } from '../shared/icons';

/** Chrome for screens reachable without logging in: the brand on top, the screen in <main>. */
export function PublicFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <Box mih="100vh">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h={56} px="md">
          <Anchor component={Link} to="/login" underline="never" c="indigo.9">
            <Group gap={8} wrap="nowrap">
              <ShieldIcon size={24} />
              <Text fw={800} size="lg" c="indigo.9">
                {PRODUCT_NAME}
              </Text>
            </Group>
          </Anchor>
        </Group>
      </Box>
      <Container component="main" id="main" tabIndex={-1} size={wide ? 'lg' : 460} py="xl" style={{ outline: 'none' }}>
        {children}
      </Container>
    </Box>
  );
}

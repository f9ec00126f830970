import { Anchor, AppShell, Box, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PORTAL_HOME, PORTAL_LABELS } from '../../../domain/roles';
import { PRODUCT_NAME } from '../shared/brand';
import { ShieldIcon } from '../shared/icons';
import type { Me } from '../shared/session';
import { HeaderTabs } from './HeaderTabs';
import { NotificationBell } from './NotificationBell';
import { PortalSwitch } from './PortalSwitch';
import { UserMenu } from './UserMenu';
import { useRealtimeNotifications } from './use-realtime';

const TOP_ROW = 56;
const TAB_ROW = 44;

/** The signed-in chrome: brand, portal switch, bell and account menu on top, the portal's tabs below, then <main>. */
export function AppFrame({ me, children }: { me: Me; children: ReactNode }) {
  useRealtimeNotifications(me.id);
  return (
    <AppShell header={{ height: TOP_ROW + TAB_ROW }} padding="lg">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h={TOP_ROW} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Anchor
              component={Link}
              to={PORTAL_HOME[me.portal]}
              underline="never"
              c="indigo.9"
              aria-label={`${PRODUCT_NAME} home`}
            >
              <Group gap={8} wrap="nowrap">
                <ShieldIcon size={24} />
                <Text fw={800} size="lg" c="indigo.9" visibleFrom="sm">
                  {PRODUCT_NAME}
                </Text>
              </Group>
            </Anchor>
            <Text size="sm" c="dimmed" visibleFrom="md" truncate>
              {me.school.name} · {PORTAL_LABELS[me.portal]}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PortalSwitch me={me} />
            <NotificationBell />
            <UserMenu me={me} />
          </Group>
        </Group>
        <Box h={TAB_ROW} px="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <HeaderTabs me={me} />
        </Box>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Box maw={1200} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

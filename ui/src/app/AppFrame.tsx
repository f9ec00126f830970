import { Anchor, AppShell, Box, Burger, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PORTAL_HOME, PORTAL_LABELS } from '../../../domain/roles';
import { navigationFor } from '../../../domain/routes';
import { PRODUCT_NAME } from '../shared/brand';
import { ShieldIcon } from '../shared/icons';
import { focusStatic, whenMainHeading } from '../shared/keyboard';
import type { Me } from '../shared/session';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { CommandPalette, CommandPaletteButton } from './CommandPalette';
import { placeOf } from './nav-state';
import { NotificationBell } from './NotificationBell';
import { PortalSwitch } from './PortalSwitch';
import { matchRouteSpec } from './route-match';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import { LiveStatus } from './LiveStatus';
import { useRealtimeNotifications } from './use-realtime';

const HEADER_HEIGHT = 56;
const SIDEBAR_WIDTH = 264;

/**
 * The signed-in chrome: brand, palette, portal switch, bell and account menu on top; the module sidebar on the left
 * (a burger drawer on phones, foldable on wider screens); breadcrumbs on deeper screens; then <main>.
 */
export function AppFrame({ me, children }: { me: Me; children: ReactNode }) {
  useRealtimeNotifications(me.id);
  const location = useLocation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, setDesktopOpened] = useLocalStorage({ key: 'sidebar-opened', defaultValue: true });
  const nav = useMemo(
    () =>
      navigationFor({ portal: me.portal, permissions: me.permissions, plan: me.school.plan, schoolId: me.school.id }),
    [me.portal, me.permissions, me.school.plan, me.school.id],
  );
  const spec = matchRouteSpec(location.pathname);
  const place = placeOf(spec?.path ?? null, nav);
  // Following a link in the phone drawer closes it.
  useEffect(() => mobile.close(), [location.pathname, location.search]); // eslint-disable-line react-hooks/exhaustive-deps
  useFocusHeadingOnNavigation(`${location.pathname}${location.search}`);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="lg"
    >
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={mobileOpened}
              aria-controls="app-sidebar"
            />
            <Tooltip label={desktopOpened ? 'Hide the navigation' : 'Show the navigation'}>
              <Burger
                opened={desktopOpened}
                onClick={() => setDesktopOpened((o) => !o)}
                visibleFrom="sm"
                size="sm"
                aria-label={desktopOpened ? 'Hide navigation' : 'Show navigation'}
                aria-expanded={desktopOpened}
                aria-controls="app-sidebar"
              />
            </Tooltip>
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
            <Text
              size="sm"
              c="dimmed"
              visibleFrom="lg"
              truncate
              title={`${me.school.name} · ${PORTAL_LABELS[me.portal]}`}
            >
              {me.school.name} · {PORTAL_LABELS[me.portal]}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LiveStatus />
            <CommandPaletteButton />
            <PortalSwitch me={me} />
            <NotificationBell />
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-sidebar" px="xs">
        <Sidebar nav={nav} place={place} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <Box maw={1200} mx="auto">
          <AppBreadcrumbs place={place} spec={spec} />
          {children}
        </Box>
      </AppShell.Main>
      <CommandPalette nav={nav} />
    </AppShell>
  );
}

/**
 * After login and after every route change, focus moves to the new page's main heading (once it has drawn), so
 * keyboard and screen-reader users start at the top of the new content instead of on <body>. A page that has already
 * put focus inside <main> itself (a search field, a tab it just switched) keeps it.
 */
function useFocusHeadingOnNavigation(place: string) {
  useEffect(
    () =>
      whenMainHeading((heading) => {
        const active = document.activeElement;
        const main = document.getElementById('main');
        if (active && active !== document.body && active !== main && main?.contains(active)) return;
        focusStatic(heading);
      }),
    [place],
  );
}

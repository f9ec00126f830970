import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

const LINKS = [
  { to: '/sprySign/home', label: 'Packets' },
  { to: '/sent', label: 'Sent' },
  { to: '/sprySign/actionRequired', label: 'Action required' },
  { to: '/reports', label: 'Reports' },
  { to: '/archive/packet', label: 'Archive' },
  { to: '/sprySign/forms', label: 'Forms' },
  { to: '/sprySign/processes', label: 'Process maps' },
];

/** The e-signature screens' own navigation, the current one marked. */
export function PacketsNav() {
  const { pathname } = useLocation();
  const current = (to: string) =>
    to === '/archive/packet'
      ? pathname.startsWith('/archive/')
      : pathname === to || (to === '/sprySign/home' && pathname === '/sprySign');
  return (
    <Group gap="md" component="nav" aria-label="E-signature">
      {LINKS.map((l) => (
        <Anchor
          key={l.to}
          component={Link}
          to={l.to}
          size="sm"
          fw={current(l.to) ? 700 : 400}
          aria-current={current(l.to) ? 'page' : undefined}
        >
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}

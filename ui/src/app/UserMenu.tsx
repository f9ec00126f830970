import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useMeta } from './MetaGate';
import { PORTAL_LABELS } from '../../../domain/roles';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '../shared/icons';
import { fullName } from '../shared/person-name';
import type { Me } from '../shared/session';
import { useLogout } from './session-actions';

function initials(me: Me): string {
  return `${me.firstName.charAt(0)}${me.lastName.charAt(0)}`.toUpperCase();
}

export function UserMenu({ me }: { me: Me }) {
  const logout = useLogout();
  const meta = useMeta();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${fullName(me)}`} px={4} py={2} style={{ borderRadius: 8 }}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="indigo" radius="xl" size={32}>
              {initials(me)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm">
              {me.firstName}
            </Text>
            <ChevronDownIcon size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {fullName(me)}
          </Text>
          <Text size="xs" c="dimmed">
            {me.email}
          </Text>
          <Text size="xs" c="dimmed">
            {PORTAL_LABELS[me.portal]} · {me.school.name}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<UserIcon size={16} />}>
          My profile
        </Menu.Item>
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => logout.mutate()} disabled={logout.isPending}>
          Log out
        </Menu.Item>
        {meta.data && (
          <>
            <Menu.Divider />
            <Menu.Label>Version {meta.data.version}</Menu.Label>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

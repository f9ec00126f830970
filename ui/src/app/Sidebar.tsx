import { Badge, Group, NavLink, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconBuildingCommunity,
  IconCalendar,
  IconChecklist,
  IconHome,
  IconMessages,
  IconSchool,
  IconSettings,
  IconShieldCheck,
  IconSignature,
  IconTargetArrow,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { VisibleNavItem, VisibleNavModule } from '../../../domain/routes';
import { useMyTaskCounts, type MyTaskCounts } from '../features/tasks/tasks.api';
import type { NavPlace } from './nav-state';
import classes from './Sidebar.module.css';

const MODULE_ICONS: Record<string, ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>> = {
  home: IconHome,
  tasks: IconChecklist,
  compliance: IconShieldCheck,
  'e-signature': IconSignature,
  athletes: IconUsers,
  calendar: IconCalendar,
  recruiting: IconTargetArrow,
  education: IconSchool,
  communication: IconMessages,
  settings: IconSettings,
  operations: IconBuildingCommunity,
};

/** Which entries show a count of the person's open tasks, and which tasks they count. */
function countFor(path: string, counts: MyTaskCounts | undefined): { n: number; late: boolean } | null {
  if (!counts) return null;
  if (path === '/task') return { n: counts.total, late: counts.overdue > 0 };
  if (path === '/sprySign/actionRequired') return { n: counts.byModule['packet-submission'] ?? 0, late: false };
  if (path === '/disclosures' || path === '/studentDisclosureList')
    return { n: counts.byModule.disclosure ?? 0, late: false };
  return null;
}

function ItemLabel({ item, counts }: { item: VisibleNavItem; counts: MyTaskCounts | undefined }) {
  const count = countFor(item.path, counts);
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Text size="sm" fw="inherit" c="inherit" truncate title={item.label}>
        {item.label}
      </Text>
      <Group gap={4} wrap="nowrap">
        {item.needsPlan && (
          <>
            <Badge size="xs" color="gray" variant="light" aria-hidden="true">
              Connect
            </Badge>
            <VisuallyHidden>(needs the Connect plan)</VisuallyHidden>
          </>
        )}
        {count && count.n > 0 && (
          <Badge
            size="sm"
            color={count.late ? 'red.9' : 'indigo.8'}
            variant="filled"
            data-testid={`nav-count-${item.path}`}
          >
            {count.n}
            <VisuallyHidden> waiting</VisuallyHidden>
          </Badge>
        )}
      </Group>
    </Group>
  );
}

/**
 * The left sidebar: the product's modules in order, each with the screens this person may open (domain/routes.ts
 * decides which), the current one highlighted. Groups fold open and shut and remember it; My Tasks shows how many
 * steps wait on the person, live.
 */
export function Sidebar({ nav, place }: { nav: VisibleNavModule[]; place: NavPlace | null }) {
  const counts = useMyTaskCounts();
  const [closed, setClosed] = useLocalStorage<string[]>({ key: 'sidebar-closed-groups', defaultValue: [] });
  const toggle = (key: string) =>
    setClosed((prev) => (prev.includes(key) ? prev.filter((k) => k !== key) : [...prev, key]));
  const link = (item: VisibleNavItem, icon?: VisibleNavModule['key']) => {
    const Icon = icon ? MODULE_ICONS[icon] : undefined;
    const active = place?.item.path === item.path;
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={item.to}
        label={<ItemLabel item={item} counts={counts.data} />}
        leftSection={Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : undefined}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.link}
      />
    );
  };
  return (
    <ScrollArea h="100%" type="auto" offsetScrollbars>
      <nav aria-label="Main">
        <Stack gap={2} py="xs">
          {nav.map((module) => {
            if (module.items.length === 1 && (module.key === 'home' || module.key === 'tasks'))
              return link(module.items[0]!, module.key);
            const Icon = MODULE_ICONS[module.key];
            const opened = !closed.includes(module.key) || place?.module.key === module.key;
            return (
              <NavLink
                key={module.key}
                component="button"
                type="button"
                label={
                  <Text size="sm" fw={700}>
                    {module.label}
                  </Text>
                }
                leftSection={Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : undefined}
                opened={opened}
                onChange={() => toggle(module.key)}
                aria-expanded={opened}
                childrenOffset={28}
                data-testid={`nav-group-${module.key}`}
              >
                {module.items.map((item) => link(item))}
              </NavLink>
            );
          })}
        </Stack>
      </nav>
    </ScrollArea>
  );
}

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Portal } from '../../../domain/roles';
import { errorMessage } from '../shared/api';
import type { Me } from '../shared/session';
import { useSwitchPortal } from './session-actions';

const SWITCHABLE: Array<{ value: Portal; label: string }> = [
  { value: 'admin', label: 'Admin' },
  { value: 'coach', label: 'Coach' },
];

/**
 * Admins who also coach switch between the two portals here; everyone else never sees it. Two toggle buttons, not a
 * radio group: a radio group changes on an arrow key, and switching portal reloads the whole app, so it only happens
 * when the user confirms (click, Enter or Space).
 */
export function PortalSwitch({ me }: { me: Me }) {
  const switchPortal = useSwitchPortal();
  const canSwitch =
    SWITCHABLE.every((p) => me.portals.includes(p.value)) && SWITCHABLE.some((p) => p.value === me.portal);
  if (!canSwitch) return null;
  const choose = (portal: Portal) => {
    if (portal === me.portal || switchPortal.isPending) return;
    switchPortal.mutate(portal, {
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not switch portal', message: errorMessage(error) }),
    });
  };
  return (
    <Button.Group aria-label="Portal">
      {SWITCHABLE.map(({ value, label }) => {
        const current = value === me.portal;
        return (
          <Button
            key={value}
            size="compact-sm"
            variant={current ? 'filled' : 'default'}
            aria-pressed={current}
            loading={switchPortal.isPending && switchPortal.variables === value}
            onClick={() => choose(value)}
          >
            {label}
          </Button>
        );
      })}
    </Button.Group>
  );
}

import { SegmentedControl } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Portal } from '../../../domain/roles';
import { errorMessage } from '../shared/api';
import type { Me } from '../shared/session';
import { useSwitchPortal } from './session-actions';

const SWITCHABLE: Portal[] = ['admin', 'coach'];

/** Admins who also coach switch between the two portals here; everyone else never sees it. */
export function PortalSwitch({ me }: { me: Me }) {
  const switchPortal = useSwitchPortal();
  const canSwitch = SWITCHABLE.every((p) => me.portals.includes(p)) && SWITCHABLE.includes(me.portal);
  if (!canSwitch) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label="Portal"
      value={me.portal}
      disabled={switchPortal.isPending}
      data={[
        { value: 'admin', label: 'Admin' },
        { value: 'coach', label: 'Coach' },
      ]}
      onChange={(value) =>
        switchPortal.mutate(value as Portal, {
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Could not switch portal', message: errorMessage(error) }),
        })
      }
    />
  );
}

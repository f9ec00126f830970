import { Badge, VisuallyHidden } from '@mantine/core';
import { NavLink } from 'react-router';
import { planAllows } from '../../../domain/plans';
import { HEADER_TABS, planFeatureFor } from '../../../domain/routes';
import type { Me } from '../shared/session';
import classes from './HeaderTabs.module.css';
import { matchRouteSpec } from './route-match';

/** The portal's header tabs as a navigation landmark; tabs that need the Connect plan say so when the school lacks it. */
export function HeaderTabs({ me }: { me: Me }) {
  const tabs = HEADER_TABS[me.portal].filter((tab) => !tab.permission || me.permissions.includes(tab.permission));
  return (
    <nav aria-label="Main" className={classes.nav}>
      {tabs.map((tab) => {
        const spec = matchRouteSpec(tab.path);
        const locked = !planAllows(me.school.plan, spec ? planFeatureFor(spec, me.portal) : undefined);
        return (
          <NavLink key={tab.path} to={tab.path} className={classes.tab}>
            {tab.label}
            {locked && (
              <>
                <Badge size="xs" color="gray" variant="light" aria-hidden="true">
                  Connect
                </Badge>
                <VisuallyHidden>(needs the Connect plan)</VisuallyHidden>
              </>
            )}
          </NavLink>
        );
      })}
    </nav>
  );
}

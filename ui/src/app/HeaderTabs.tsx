import { useLayoutEffect, useRef, useState } from 'react';
import { Badge, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link, NavLink, useLocation } from 'react-router';
import { planAllows } from '../../../domain/plans';
import { HEADER_TABS, planFeatureFor, type HeaderTab } from '../../../domain/routes';
import type { Me } from '../shared/session';
import classes from './HeaderTabs.module.css';
import { matchRouteSpec } from './route-match';

/** Width kept free for the "More" button when some tabs do not fit. */
const MORE_WIDTH = 96;

function LockBadge() {
  return (
    <>
      <Badge size="xs" color="gray" variant="light" aria-hidden="true">
        Connect
      </Badge>
      <VisuallyHidden>(needs the Connect plan)</VisuallyHidden>
    </>
  );
}

/**
 * The portal's header tabs as a navigation landmark; tabs that need the Connect plan say so when the school lacks
 * it. The tabs that do not fit the window's width go, in order, into a "More" menu at the end of the row (measured
 * from a hidden copy of the row, again whenever the row's width changes), so no tab is ever out of sight.
 */
export function HeaderTabs({ me }: { me: Me }) {
  const tabs = HEADER_TABS[me.portal].filter((tab) => !tab.permission || me.permissions.includes(tab.permission));
  const rowRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [fitting, setFitting] = useState(tabs.length);
  const location = useLocation();

  useLayoutEffect(() => {
    const row = rowRef.current;
    const measure = measureRef.current;
    if (!row || !measure) return;
    const fit = () => {
      const widths = [...measure.children].map((el) => (el as HTMLElement).offsetWidth);
      const gap = 4;
      const total = widths.reduce((sum, w) => sum + w + gap, 0);
      if (total <= row.clientWidth) return setFitting(widths.length);
      let used = MORE_WIDTH;
      let count = 0;
      for (const w of widths) {
        if (used + w + gap > row.clientWidth) break;
        used += w + gap;
        count += 1;
      }
      setFitting(count);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(row);
    return () => observer.disconnect();
  }, [tabs.length]);

  const locked = (tab: HeaderTab) => {
    const spec = matchRouteSpec(tab.path);
    return !planAllows(me.school.plan, spec ? planFeatureFor(spec, me.portal) : undefined);
  };
  const shown = tabs.slice(0, fitting);
  const more = tabs.slice(fitting);
  const activeInMore = more.find((tab) => location.pathname.startsWith(tab.path));

  return (
    <nav aria-label="Main" className={classes.nav} ref={rowRef}>
      {shown.map((tab) => (
        <NavLink key={tab.path} to={tab.path} className={classes.tab}>
          {tab.label}
          {locked(tab) && <LockBadge />}
        </NavLink>
      ))}
      {more.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.tab} aria-current={activeInMore ? 'page' : undefined}>
              More ▾
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((tab) => (
              <Menu.Item
                key={tab.path}
                component={Link}
                to={tab.path}
                aria-current={tab === activeInMore ? 'page' : undefined}
                rightSection={locked(tab) && <LockBadge />}
              >
                {tab.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <div ref={measureRef} className={classes.measure} aria-hidden="true">
        {tabs.map((tab) => (
          <span key={tab.path} className={classes.tab}>
            {tab.label}
            {locked(tab) && <LockBadge />}
          </span>
        ))}
      </div>
    </nav>
  );
}

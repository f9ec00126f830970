import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RouteSpec } from '../../../domain/routes';
import type { NavPlace } from './nav-state';

/** Module › section › this screen, on screens below a sidebar entry (a packet's submissions, a form, a school). */
export function AppBreadcrumbs({ place, spec }: { place: NavPlace | null; spec: RouteSpec | null }) {
  if (!place?.deep || !spec) return null;
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" mb="md" styles={{ breadcrumb: { fontSize: 'var(--mantine-font-size-sm)' } }}>
        <Text size="sm" c="gray.8">
          {place.module.label}
        </Text>
        <Anchor component={Link} to={place.item.to} size="sm" c="indigo.9">
          {place.item.label}
        </Anchor>
        <Text size="sm" fw={600} aria-current="page">
          {spec.title}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

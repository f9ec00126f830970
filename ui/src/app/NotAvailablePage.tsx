import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ERRORS } from '../../../domain/errors';
import { PORTAL_HOME, PORTAL_LABELS, type Portal } from '../../../domain/roles';
import { routeAllows, type RouteSpec } from '../../../domain/routes';
import type { Me } from '../shared/session';
import { usePageTitle } from '../shared/use-page-title';
import { useSwitchPortal } from './session-actions';

/** A known route that the current portal does not offer; offers the other portal when the user has one that does. */
export function NotAvailablePage({ spec, me }: { spec: RouteSpec; me: Me }) {
  usePageTitle('Not available in this portal');
  const switchPortal = useSwitchPortal();
  const otherPortal = me.portals.find(
    (p): p is Portal => p !== me.portal && (p === 'admin' || p === 'coach') && routeAllows(spec, p),
  );
  return (
    <Stack gap="md" maw={640} data-testid="not-available">
      <Title order={1} size="h2">
        Not available in this portal
      </Title>
      <Alert color="gray" variant="light">
        <Text size="sm">
          <strong>{spec.title}</strong> is not part of the {PORTAL_LABELS[me.portal]}.
        </Text>
      </Alert>
      <Group>
        <Button component={Link} to={PORTAL_HOME[me.portal]}>
          Go to my home page
        </Button>
        {otherPortal && (
          <Button variant="default" loading={switchPortal.isPending} onClick={() => switchPortal.mutate(otherPortal)}>
            Switch to the {PORTAL_LABELS[otherPortal]}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** A Connect-plan screen for a non-admin at a school without Connect (admins are sent to /compliance instead). */
export function PlanRequiredPage({ spec, me }: { spec: RouteSpec; me: Me }) {
  usePageTitle(spec.title);
  return (
    <Stack gap="md" maw={640} data-testid="plan-required">
      <Title order={1} size="h2">
        {spec.title}
      </Title>
      <Alert color="gray" variant="light" title="Not on your school's plan">
        <Text size="sm">{ERRORS.PLAN_REQUIRED.message} Ask your school admin about upgrading.</Text>
      </Alert>
      <Anchor component={Link} to={PORTAL_HOME[me.portal]}>
        Back to my home page
      </Anchor>
    </Stack>
  );
}

import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PLAN_LABELS } from '../../../../domain/plans';
import { PORTAL_LABELS, ROLE_LABELS, TITLE_GROUP_LABELS, type RoleGrant } from '../../../../domain/roles';
import { PageHeader } from '../../shared/PageHeader';
import { fullName } from '../../shared/person-name';
import { useMe } from '../../shared/session';

function grantLabel(grant: RoleGrant): string {
  const base = ROLE_LABELS[grant.role];
  if (grant.role === 'COACH' && grant.titleGroup) return `${base} · ${TITLE_GROUP_LABELS[grant.titleGroup]}`;
  if (grant.role === 'SCHOOL_ADMIN') return grant.compliance ? `${base} · compliance` : base;
  return base;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** The signed-in user's own account: who they are, where, and with which roles. */
export function ProfilePage() {
  const me = useMe();
  return (
    <Stack>
      <PageHeader
        title="My profile"
        description="Your account details. Ask your school admin to change your name, e-mail or roles."
      />
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          Account
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label="Name">{fullName(me)}</Field>
          <Field label="Email">{me.email}</Field>
          <Field label="School">
            {me.school.name}{' '}
            <Badge color={me.school.plan === 'CONNECT' ? 'indigo' : 'gray'} ml={4}>
              {PLAN_LABELS[me.school.plan]}
            </Badge>
          </Field>
          <Field label="Current portal">{PORTAL_LABELS[me.portal]}</Field>
          <Field label="Roles">
            <Group gap={6}>
              {me.roles.map((g) => (
                <Badge key={`${g.role}-${g.titleGroup ?? ''}`} color="indigo">
                  {grantLabel(g)}
                </Badge>
              ))}
            </Group>
          </Field>
          <Field label="Portals">{me.portals.map((p) => PORTAL_LABELS[p]).join(', ')}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Password
        </Title>
        <Text size="sm">
          To change your password, log out and use{' '}
          <Anchor component={Link} to="/reset-password">
            Forgot password
          </Anchor>
          ; we will e-mail you a link.
        </Text>
      </Card>
    </Stack>
  );
}

import { ActionIcon, Button, Checkbox, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { COMPLIANCE_STAFF } from '../../../../../domain/permissions';
import { ROLES } from '../../../../../domain/roles';
import { TrashIcon } from '../../../shared/icons';
import type { PacketStepKind, StepActor } from '../../../shared/workflow-graph/packet-workflow';
import { roleLabel } from '../../../shared/workflow-graph/step-labels';

type External = Extract<StepActor, { kind: 'EXTERNAL' }>;

interface Props {
  kind: PacketStepKind;
  actors: StepActor[];
  people: ReadonlyArray<{ id: string; name: string }>;
  locked: boolean;
  onChange: (actors: StepActor[]) => void;
}

/** Groups a step may go to, worded as groups ("Student-athletes"), each a role held at the school. */
const ROLE_CHOICES = [
  // School admins holding the compliance permission: the group that approves and signs as compliance.
  { value: COMPLIANCE_STAFF, label: 'Compliance staff (admins with the compliance permission)' },
  ...ROLES.filter((r) => r !== 'OPERATOR').map((role) => ({ value: role, label: `${roleLabel(role)}s` })),
];

/** Who acts at a step: the recipient, people, roles or groups; external signers by e-mail and name. */
export function ActorsEditor({ kind, actors, people, locked, onChange }: Props) {
  if (kind === 'EXTERNAL_SIGNER') return <ExternalSigners actors={actors} locked={locked} onChange={onChange} />;
  const recipient = actors.some((a) => a.kind === 'RECIPIENT');
  const roles = actors.flatMap((a) => (a.kind === 'ROLE' ? [a.role] : []));
  const users = actors.flatMap((a) => (a.kind === 'USER' ? [a.userId] : []));
  const names = new Map(people.map((p) => [p.id, p.name]));
  const rebuild = (next: { recipient?: boolean; roles?: string[]; users?: string[] }) => {
    const out: StepActor[] = [];
    if (next.recipient ?? recipient) out.push({ kind: 'RECIPIENT' });
    for (const role of next.roles ?? roles) out.push({ kind: 'ROLE', role });
    for (const userId of next.users ?? users) {
      const name = names.get(userId);
      out.push(name ? { kind: 'USER', userId, name } : { kind: 'USER', userId });
    }
    onChange(out);
  };
  const peopleData = [
    ...people.map((p) => ({ value: p.id, label: p.name })),
    // People chosen earlier who are not in the loaded list keep their stored name.
    ...actors.flatMap((a) =>
      a.kind === 'USER' && !names.has(a.userId) ? [{ value: a.userId, label: a.name ?? 'Unknown user' }] : [],
    ),
  ];
  return (
    <Stack gap="xs">
      <Checkbox
        label="The recipient (the person the packet is sent to)"
        checked={recipient}
        disabled={locked}
        onChange={(e) => rebuild({ recipient: e.currentTarget.checked })}
      />
      <MultiSelect
        size="xs"
        label="Roles or groups"
        description="Anyone holding the role at the school may act"
        data={ROLE_CHOICES}
        value={roles}
        disabled={locked}
        searchable
        clearable
        onChange={(value) => rebuild({ roles: value })}
      />
      <MultiSelect
        size="xs"
        label="People"
        data={peopleData}
        value={users}
        disabled={locked}
        searchable
        clearable
        nothingFoundMessage="Nobody found"
        onChange={(value) => rebuild({ users: value })}
      />
      {actors.length > 1 && (
        <Text size="xs" c="dimmed">
          {actors.length} people or groups act at this step: it is one phase that completes when all have acted.
        </Text>
      )}
    </Stack>
  );
}

function ExternalSigners({
  actors,
  locked,
  onChange,
}: {
  actors: StepActor[];
  locked: boolean;
  onChange: (actors: StepActor[]) => void;
}) {
  const signers = actors.filter((a): a is External => a.kind === 'EXTERNAL');
  const set = (index: number, patch: Partial<External>) =>
    onChange(signers.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <Stack gap="xs">
      {signers.map((signer, index) => (
        <Stack key={index} gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
          <Group justify="space-between">
            <Text size="xs" fw={600}>
              External signer {index + 1}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              disabled={locked}
              aria-label={`Remove external signer ${index + 1}`}
              onClick={() => onChange(signers.filter((_, i) => i !== index))}
            >
              <TrashIcon size={14} />
            </ActionIcon>
          </Group>
          <TextInput
            size="xs"
            label="E-mail"
            type="email"
            required
            disabled={locked}
            value={signer.email}
            error={!signer.email.trim() ? 'Required' : undefined}
            onChange={(e) => set(index, { email: e.currentTarget.value })}
          />
          <Group grow gap={6}>
            <TextInput
              size="xs"
              label="First name"
              required
              disabled={locked}
              value={signer.firstName}
              error={!signer.firstName.trim() ? 'Required' : undefined}
              onChange={(e) => set(index, { firstName: e.currentTarget.value })}
            />
            <TextInput
              size="xs"
              label="Last name"
              required
              disabled={locked}
              value={signer.lastName}
              error={!signer.lastName.trim() ? 'Required' : undefined}
              onChange={(e) => set(index, { lastName: e.currentTarget.value })}
            />
          </Group>
        </Stack>
      ))}
      {signers.length === 0 && (
        <Text size="xs" c="dimmed">
          No signer named here: whoever sends the packet names the external signer.
        </Text>
      )}
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          disabled={locked}
          onClick={() => onChange([...signers, { kind: 'EXTERNAL', email: '', firstName: '', lastName: '' }])}
        >
          Add external signer
        </Button>
      </Group>
    </Stack>
  );
}

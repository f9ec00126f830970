import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DISCLOSURE_LIMITS } from '../../../../domain/disclosures';
import { ERRORS } from '../../../../domain/errors';
import { errorMessage, fieldErrors } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { PlusIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import {
  useConflictFlags,
  useDeleteConflictFlag,
  useSaveConflictFlag,
  useTeamOptions,
  type ConflictFlag,
  type ConflictFlagInput,
} from './disclosures.api';
import { conflictLabel, formatMoney } from './disclosure-labels';
import { ReviewReminderCard } from './ReviewReminderCard';
import { TableScroll } from '../../shared/table/TableScroll';
import { DialogModal } from '../../shared/DialogModal';

/** Conflict-of-interest flags: admins keep them; athletes read them before they agree to a deal. */
export function ConflictOfInterestPage() {
  const me = useMe();
  const canWrite = hasPermission(me, 'conflict-flags:write');
  const flags = useConflictFlags();
  const teams = useTeamOptions();
  const remove = useDeleteConflictFlag();
  const [editing, setEditing] = useState<ConflictFlag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ConflictFlag | null>(null);
  const teamName = (id: string) => teams.data?.find((t) => t.id === id)?.name ?? 'Team';

  return (
    <Stack>
      <PageHeader
        title="Conflict of interest"
        description={
          canWrite
            ? 'Flags every submitted disclosure is checked against. A hit tags the deal for review.'
            : 'Deals your school or state law does not allow, or that need a closer look.'
        }
        actions={
          canWrite && (
            <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing('new')}>
              New flag
            </Button>
          )
        }
      />
      {canWrite && <ReviewReminderCard />}
      {flags.isPending && <LoadingState label="Loading conflict flags" />}
      {flags.error && <ErrorState error={flags.error} onRetry={() => void flags.refetch()} />}
      {flags.data && (
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            Categories prohibited by state NIL law
          </Title>
          <Group gap={6}>
            {flags.data.stateCategories.map((c) => (
              <Badge key={c} color="red" variant="light">
                {c}
              </Badge>
            ))}
          </Group>
        </Card>
      )}
      {flags.data && flags.data.items.length === 0 && (
        <NothingHere
          title="No flags yet"
          description={canWrite ? 'Add sponsor competitors, boosters or limits.' : undefined}
        />
      )}
      {flags.data && flags.data.items.length > 0 && (
        <TableScroll minWidth={800}>
          <Table striped aria-label="Conflict of interest flags">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Companies and boosters</Table.Th>
                <Table.Th ta="right">Max payment</Table.Th>
                <Table.Th>Teams</Table.Th>
                {canWrite && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flags.data.items.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {f.name}
                    </Text>
                    {f.description && (
                      <Text size="xs" c="dimmed">
                        {f.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="red">
                      {conflictLabel(f.type)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{f.category}</Table.Td>
                  <Table.Td>{[...f.companies, ...f.boosters].join(', ') || '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(f.maxPayment)}</Table.Td>
                  <Table.Td>{f.teamIds.length ? f.teamIds.map(teamName).join(', ') : 'All teams'}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(f)} aria-label={`Edit ${f.name}`}>
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(f)}
                          aria-label={`Delete ${f.name}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {editing && (
        <FlagModal
          flag={editing === 'new' ? null : editing}
          teams={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'flag'}?`}
        body="New submissions are no longer checked against it. Disclosures already tagged keep their tags."
        confirmLabel="Delete flag"
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Could not delete the flag', message: errorMessage(error) }),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function FlagModal({
  flag,
  teams,
  onClose,
}: {
  flag: ConflictFlag | null;
  teams: Array<{ value: string; label: string }>;
  onClose: () => void;
}) {
  const save = useSaveConflictFlag();
  const [v, setV] = useState<ConflictFlagInput>({
    name: flag?.name ?? '',
    type: flag?.type ?? 'UNIVERSITY',
    category: flag?.category ?? '',
    description: flag?.description ?? '',
    teamIds: flag?.teamIds ?? [],
    maxPayment: flag?.maxPayment ?? null,
    companies: flag?.companies ?? [],
    boosters: flag?.boosters ?? [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof ConflictFlagInput>(k: K, value: ConflictFlagInput[K]) => {
    setV((s) => ({ ...s, [k]: value }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const submit = () => {
    const local: Record<string, string> = {};
    if (!v.name.trim()) local.name = ERRORS.CONFLICT_FLAG_FIELDS.message;
    if (!v.category.trim()) local.category = ERRORS.CONFLICT_FLAG_FIELDS.message;
    if ((v.description ?? '').length > DISCLOSURE_LIMITS.flagDescriptionMaxChars) {
      local.description = ERRORS.FLAG_DESCRIPTION_TOO_LONG.message;
    }
    if (Object.keys(local).length) return setErrors(local);
    save.mutate(
      { id: flag?.id ?? null, input: { ...v, description: v.description?.trim() || null } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: flag ? 'Flag saved.' : 'Flag added.' });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          notifications.show({ color: 'red', title: 'Could not save the flag', message: errorMessage(error) });
        },
      },
    );
  };
  return (
    <DialogModal
      opened
      onClose={onClose}
      title={flag ? 'Edit flag' : 'New conflict-of-interest flag'}
      size="lg"
      actionLabel="Save flag"
      onAction={submit}
      loading={save.isPending}
    >
      <TextInput
        label="Name"
        required
        value={v.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
        data-autofocus
      />
      <Group grow>
        <Select
          label="Type"
          required
          data={[
            { value: 'UNIVERSITY', label: 'University' },
            { value: 'STATE_LEGISLATION_CONFLICT', label: 'State legislation conflict' },
          ]}
          value={v.type}
          onChange={(t) => t && set('type', t as ConflictFlagInput['type'])}
          allowDeselect={false}
        />
        <TextInput
          label="Category"
          required
          description="For state law: the prohibited category, e.g. alcohol"
          value={v.category}
          onChange={(e) => set('category', e.currentTarget.value)}
          error={errors.category}
        />
      </Group>
      <Textarea
        label="Description"
        description={`${(v.description ?? '').length} of ${DISCLOSURE_LIMITS.flagDescriptionMaxChars} characters`}
        value={v.description ?? ''}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
        autosize
      />
      <MultiSelect
        label="Teams"
        description="Empty: every team"
        data={teams}
        value={v.teamIds}
        onChange={(x) => set('teamIds', x)}
        searchable
      />
      <NumberInput
        label="Max payment"
        description="Deals above this amount are flagged"
        prefix="$"
        thousandSeparator=","
        allowNegative={false}
        min={0}
        max={DISCLOSURE_LIMITS.maxAmount}
        value={v.maxPayment ?? ''}
        onChange={(x) => set('maxPayment', x === '' ? null : Number(x))}
        error={errors.maxPayment}
      />
      <TagsInput
        label="Companies"
        description="e.g. competitors of a school sponsor; press Enter after each"
        value={v.companies}
        onChange={(x) => set('companies', x)}
      />
      <TagsInput
        label="Boosters"
        description="Boosters or collectives; press Enter after each"
        value={v.boosters}
        onChange={(x) => set('boosters', x)}
      />
    </DialogModal>
  );
}

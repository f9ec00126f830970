import {
  Badge,
  Button,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUrlFilters } from '../../shared/table/FilteredList';
import { errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { formatDateTime } from '../../shared/format';
import { PlusIcon, SearchIcon } from '../../shared/icons';
import { PAGE_SIZE, pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import {
  CREATE_FORM_PATH,
  formBuilderPath,
  formDetailPath,
  KIND_COLOURS,
  KIND_LABELS,
  shortFormId,
  STATUS_COLOURS,
  STATUS_LABELS,
} from './form-labels';
import { FORM_KINDS, useArchiveForm, useCloneForm, useForms, type FormKindCode, type FormListItem } from './forms.api';
import { TableScroll } from '../../shared/table/TableScroll';

const KIND_FILTERS = [
  { value: 'ALL', label: 'All' },
  ...FORM_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
];

function readKind(value: string | null): FormKindCode | null {
  return value && (FORM_KINDS as readonly string[]).includes(value) ? (value as FormKindCode) : null;
}

/** The form template list (spec: id, name, category, created by, created at) with kind, status and actions. */
export function FormsListPage() {
  const me = useMe();
  const canWrite = hasPermission(me, 'forms:write');
  const { params, update } = useUrlFilters();
  const kind = readKind(params.get('kind'));
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const forms = useForms({ q, kind, page });
  const clone = useCloneForm();
  const archive = useArchiveForm();
  const [archiving, setArchiving] = useState<FormListItem | null>(null);

  const cloneForm = (form: FormListItem) =>
    clone.mutate(
      { id: form.id },
      {
        onSuccess: (copy) => notifications.show({ color: 'teal', message: `Created "${copy.name}".` }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not clone the form', message: errorMessage(error) }),
      },
    );
  const archiveForm = (form: FormListItem) =>
    archive.mutate(form.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `"${form.name}" archived.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not archive the form', message: errorMessage(error) }),
      onSettled: () => setArchiving(null),
    });

  const rows = forms.data?.items ?? [];
  const total = forms.data?.total ?? 0;
  const filtered = !!q || !!kind;
  const createButton = canWrite && (
    <Button component={Link} to={CREATE_FORM_PATH} leftSection={<PlusIcon size={16} />}>
      Create a form
    </Button>
  );

  return (
    <Stack>
      <PageHeader
        title="Forms"
        description="Form templates for paperwork packets: long forms, short questionnaires and imported PDFs."
        actions={createButton}
      />
      <Group align="flex-end" gap="md" role="search" aria-label="Filter forms">
        <TextInput
          label="Search"
          placeholder="Form name"
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            if (page !== 1) update({ page: null });
          }}
          w={{ base: '100%', sm: 300 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="forms-kind-label">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="forms-kind-label"
            data={KIND_FILTERS}
            value={kind ?? 'ALL'}
            onChange={(value) => update({ kind: value === 'ALL' ? null : value, page: null })}
          />
        </Stack>
      </Group>
      {forms.isPending && <LoadingState rows={6} label="Loading forms" />}
      {forms.error && <ErrorState error={forms.error} onRetry={() => void forms.refetch()} />}
      {forms.isSuccess && rows.length === 0 && (
        <NothingHere
          title={filtered ? 'No forms match' : 'No forms yet'}
          description={
            filtered
              ? 'Try another name or kind.'
              : 'Build a long form, a short questionnaire, or import a PDF to use in paperwork packets.'
          }
          action={!filtered && createButton}
        />
      )}
      {rows.length > 0 && (
        <TableScroll minWidth={1080}>
          <Table striped aria-label="Forms" style={{ opacity: forms.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created by</Table.Th>
                <Table.Th>Created at</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((form) => (
                <Table.Tr key={form.id}>
                  <Table.Td>
                    <Text ff="monospace" size="xs" title={form.id}>
                      {shortFormId(form.id)}
                    </Text>
                  </Table.Td>
                  <Table.Td fw={600}>
                    <Text component={Link} to={formDetailPath(form)} size="sm" fw={600} c="blue.8">
                      {form.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>{form.category ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={KIND_COLOURS[form.kind]} variant="light">
                      {KIND_LABELS[form.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[form.status]} variant="light">
                      {STATUS_LABELS[form.status]} · v{form.latestVersion}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{form.createdBy || '—'}</Table.Td>
                  <Table.Td>{formatDateTime(form.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {canWrite && (
                        <Button
                          size="xs"
                          variant="default"
                          component={Link}
                          to={formBuilderPath(form)}
                          aria-label={`Edit ${form.name}`}
                        >
                          Edit
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={formDetailPath(form)}
                        aria-label={`Preview ${form.name}`}
                      >
                        Preview
                      </Button>
                      {canWrite && (
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => cloneForm(form)}
                          loading={clone.isPending && clone.variables?.id === form.id}
                          aria-label={`Clone ${form.name}`}
                        >
                          Clone
                        </Button>
                      )}
                      {canWrite && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setArchiving(form)}
                          aria-label={`Archive ${form.name}`}
                        >
                          Archive
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={pageCount(total)}
            value={page}
            onChange={(next) => update({ page: next === 1 ? null : String(next) })}
            getControlProps={(control) => ({ 'aria-label': `Go to ${control} page` })}
          />
        </Group>
      )}
      <ConfirmModal
        opened={archiving !== null}
        title={`Archive "${archiving?.name ?? 'form'}"?`}
        body="The form leaves this list and can no longer be added to packets. Packets already sent keep their copy."
        confirmLabel="Archive form"
        loading={archive.isPending}
        onConfirm={() => archiving && archiveForm(archiving)}
        onClose={() => setArchiving(null)}
      />
    </Stack>
  );
}

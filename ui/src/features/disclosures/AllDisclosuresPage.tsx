import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  DEAL_TYPES,
  DISCLOSURE_LIMITS,
  DISCLOSURE_SORT_LABELS,
  DISCLOSURE_SORTS,
  DISCLOSURE_STATUS_LABELS,
  DISCLOSURE_STATUSES,
  DISCLOSURE_TYPE_LABELS,
  DISCLOSURE_TYPES,
  wordCount,
  type DisclosureView,
} from '../../../../domain/disclosures';
import { ERRORS } from '../../../../domain/errors';
import { errorMessage } from '../../shared/api';
import { formatDate, formatDateTime, humanize } from '../../shared/format';
import { SearchIcon } from '../../shared/icons';
import { PAGE_SIZE, pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { ConflictBadges, NotifyBadge, StatusBadge } from './DisclosureBadges';
import { exportCsvUrl, useDisclosureList, useGroupReview, type DisclosureRow } from './disclosures.api';
import { formatMoney, typeLabel } from './disclosure-labels';
import { TableScroll } from '../../shared/table/TableScroll';
import { useUrlFilters } from '../../shared/table/FilteredList';
import { DialogModal } from '../../shared/DialogModal';
import { PersonLink } from '../../shared/PersonLink';

export function AllDisclosuresPage() {
  return <DisclosureTable archived={false} />;
}

export function ArchivedDisclosuresPage() {
  return <DisclosureTable archived />;
}

const VIEW_LABELS: Record<DisclosureView, string> = {
  student: 'Student view',
  conflict: 'Conflict view',
  notify: 'Notify view',
};

/** The deal lists (spec: student, conflict and notify views) with sorts, filters, selection and group decisions. */
function DisclosureTable({ archived }: { archived: boolean }) {
  const me = useMe();
  const canReview = hasPermission(me, 'disclosures:review') && !archived;
  const { params, update: updateParams, page } = useUrlFilters();
  const view = (params.get('view') as DisclosureView | null) ?? 'student';
  const sort = params.get('sort') ?? 'recent';
  const status = params.get('status');
  const type = params.get('type');
  const dealType = params.get('dealType');
  const conflict = params.get('conflict');
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search, 300);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const group = useGroupReview();

  const update = (changes: Record<string, string | null>) => {
    setSelected(new Set());
    updateParams(changes);
  };
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) updateParams({ q: q || null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sync only when the debounced search changes
  }, [q]);

  const query = {
    view,
    sort,
    status,
    type,
    dealType,
    conflict,
    q,
    archived: archived ? true : null,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const list = useDisclosureList(query);
  const rows = list.data?.items ?? [];
  const selectable = rows.filter((r) => r.status === 'PENDING');
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.id));

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const decide = (decision: 'APPROVE' | 'REJECT', reason?: string) =>
    group.mutate(
      { ids: rows.filter((r) => selected.has(r.id)).map((r) => r.id), decision, ...(reason ? { reason } : {}) },
      {
        onSuccess: ({ results }) => {
          const ok = results.filter((r) => r.ok).length;
          const failed = results.filter((r) => !r.ok);
          notifications.show({
            color: failed.length ? 'orange' : 'teal',
            title: `${ok} disclosure${ok === 1 ? '' : 's'} ${decision === 'APPROVE' ? 'approved' : 'rejected'}`,
            message: failed.length
              ? `${failed.length} could not be decided: ${failed[0]!.error?.message ?? ''}`
              : 'Every selected disclosure was decided.',
          });
          setSelected(new Set());
          setRejecting(false);
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not decide the selection', message: errorMessage(error) }),
      },
    );

  return (
    <Stack>
      <PageHeader
        title={archived ? 'Archived disclosures' : 'All Disclosures'}
        description={
          list.data
            ? `${list.data.total} disclosure${list.data.total === 1 ? '' : 's'}${archived ? ' in the archive; they count in no metric' : ''}`
            : undefined
        }
        actions={
          <Group>
            {!archived && (
              <>
                <Button variant="default" component={Link} to="/conflictOfInterest">
                  Conflict flags
                </Button>
                <Button variant="default" component={Link} to="/reporting">
                  Reporting
                </Button>
                <Button variant="default" component={Link} to="/archiveDisclosures">
                  Archive
                </Button>
              </>
            )}
            {archived && (
              <Button variant="default" component={Link} to="/disclosures">
                All Disclosures
              </Button>
            )}
            <Button variant="default" component="a" href={exportCsvUrl(query)} download>
              Export CSV
            </Button>
          </Group>
        }
      />
      <Tabs value={view} onChange={(v) => update({ view: v === 'student' ? null : v })}>
        <Tabs.List>
          {(Object.keys(VIEW_LABELS) as DisclosureView[]).map((v) => (
            <Tabs.Tab key={v} value={v}>
              {VIEW_LABELS[v]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Student or company"
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={220}
        />
        <Select
          label="Sort by"
          data={DISCLOSURE_SORTS.map((s) => ({ value: s, label: DISCLOSURE_SORT_LABELS[s] }))}
          value={sort}
          onChange={(v) => update({ sort: v === 'recent' ? null : v })}
          allowDeselect={false}
          w={200}
        />
        <Select
          label="Status"
          placeholder="Any"
          data={DISCLOSURE_STATUSES.filter((s) => s !== 'DRAFT').map((s) => ({
            value: s,
            label: DISCLOSURE_STATUS_LABELS[s],
          }))}
          value={status}
          onChange={(v) => update({ status: v })}
          clearable
          w={170}
        />
        <Select
          label="Type"
          placeholder="Any"
          data={DISCLOSURE_TYPES.map((t) => ({ value: t, label: DISCLOSURE_TYPE_LABELS[t] }))}
          value={type}
          onChange={(v) => update({ type: v })}
          clearable
          w={170}
        />
        <Select
          label="Deal type"
          placeholder="Any"
          data={DEAL_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
          value={dealType}
          onChange={(v) => update({ dealType: v })}
          clearable
          w={140}
        />
        <Select
          label="Conflict"
          placeholder="Any"
          data={[
            { value: 'ANY', label: 'Any conflict' },
            { value: 'NONE', label: 'No conflict' },
            { value: 'STATE_LEGISLATION_CONFLICT', label: 'State law' },
            { value: 'UNIVERSITY', label: 'University' },
          ]}
          value={conflict}
          onChange={(v) => update({ conflict: v })}
          clearable
          w={160}
        />
      </Group>
      {canReview && selected.size > 0 && (
        <Group gap="sm" role="toolbar" aria-label="Group actions">
          <Text size="sm">{selected.size} selected</Text>
          <Button color="teal.9" size="xs" onClick={() => decide('APPROVE')} loading={group.isPending}>
            Approve selected
          </Button>
          <Button color="red" variant="light" size="xs" onClick={() => setRejecting(true)} disabled={group.isPending}>
            Reject selected
          </Button>
        </Group>
      )}
      {list.isPending && <LoadingState rows={6} label="Loading disclosures" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && rows.length === 0 && (
        <NothingHere
          title={archived ? 'Nothing archived' : 'No disclosures match'}
          description={archived ? 'Archived disclosures appear here.' : 'Submitted disclosures appear here.'}
        />
      )}
      {rows.length > 0 && (
        <TableScroll minWidth={1000}>
          <Table striped highlightOnHover aria-label={archived ? 'Archived disclosures' : 'Disclosures'}>
            <Table.Thead>
              <Table.Tr>
                {canReview && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select every pending disclosure on this page"
                      checked={allSelected}
                      indeterminate={!allSelected && selectable.some((r) => selected.has(r.id))}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.id)))}
                      disabled={selectable.length === 0}
                    />
                  </Table.Th>
                )}
                <Table.Th>Date submitted</Table.Th>
                <Table.Th>Tentative start date</Table.Th>
                <Table.Th>Student</Table.Th>
                {view !== 'student' && <Table.Th>Company</Table.Th>}
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Deal type</Table.Th>
                <Table.Th>Conflict</Table.Th>
                <Table.Th>Status</Table.Th>
                {view === 'notify' && <Table.Th>Notify</Table.Th>}
                {view === 'student' && <Table.Th>Company</Table.Th>}
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Row
                  key={r.id}
                  r={r}
                  view={view}
                  selectable={canReview}
                  selected={selected.has(r.id)}
                  onToggle={() => toggle(r.id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={pageCount(list.data.total)}
            value={page}
            onChange={(p) => update({ page: String(p) })}
            aria-label="Pages"
          />
        </Group>
      )}
      {rejecting && (
        <GroupRejectModal
          count={selected.size}
          loading={group.isPending}
          onClose={() => setRejecting(false)}
          onConfirm={(reason) => decide('REJECT', reason)}
        />
      )}
    </Stack>
  );
}

function Row(props: {
  r: DisclosureRow;
  view: DisclosureView;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
}) {
  const { r, view } = props;
  const company = <Table.Td>{r.companyName ?? '—'}</Table.Td>;
  return (
    <Table.Tr>
      {props.selectable && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${r.student.name} – ${r.companyName ?? typeLabel(r.type)}`}
            checked={props.selected}
            onChange={props.onToggle}
            disabled={r.status !== 'PENDING'}
          />
        </Table.Td>
      )}
      <Table.Td>{formatDateTime(r.submittedAt)}</Table.Td>
      <Table.Td>{formatDate(r.startDate)}</Table.Td>
      <Table.Td>
        <PersonLink kind="athlete" id={r.student.id} name={r.student.name} fw={600} />
        <Text size="xs" c="dimmed">
          {typeLabel(r.type)}
          {r.team ? ` · ${r.team.name}` : ''}
        </Text>
      </Table.Td>
      {view !== 'student' && company}
      <Table.Td ta="right">{formatMoney(r.amount)}</Table.Td>
      <Table.Td>{humanize(r.dealType)}</Table.Td>
      <Table.Td>
        <ConflictBadges types={r.conflictTypes} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={r.status} archived={r.archived} />
      </Table.Td>
      {view === 'notify' && (
        <Table.Td>
          <NotifyBadge notify={r.notify} deadline={r.reportingDeadline} />
        </Table.Td>
      )}
      {view === 'student' && company}
      <Table.Td>
        <Anchor
          component={Link}
          to={`/disclosuredetail?id=${r.id}`}
          size="sm"
          aria-label={`Open ${r.student.name}'s ${typeLabel(r.type)} disclosure with ${r.companyName ?? 'no company'}`}
        >
          {r.status === 'PENDING' && !r.archived ? 'Review' : 'View'}
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

function GroupRejectModal(props: {
  count: number;
  loading: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const words = wordCount(reason);
  const problem =
    words > DISCLOSURE_LIMITS.reasonMaxWords
      ? 'Reason max 50 words.'
      : reason.trim()
        ? null
        : ERRORS.REASON_REQUIRED.message;
  return (
    <DialogModal
      opened
      onClose={props.onClose}
      title={`Reject ${props.count} disclosure${props.count === 1 ? '' : 's'}`}
      actionLabel="Reject"
      actionColor="red.9"
      loading={props.loading}
      actionDisabled={problem !== null}
      onAction={() => props.onConfirm(reason.trim())}
    >
      <Textarea
        label="Reason"
        required
        description={`${words} of ${DISCLOSURE_LIMITS.reasonMaxWords} words`}
        autosize
        minRows={3}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={reason && problem ? problem : undefined}
        data-autofocus
      />
    </DialogModal>
  );
}

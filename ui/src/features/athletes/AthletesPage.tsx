import {
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Pagination,
  Popover,
  Select,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useUrlFilters } from '../../shared/table/FilteredList';
import {
  ACCOUNT_STATUS_LABELS,
  ATHLETE_LIST_COLUMNS,
  DEFAULT_ATHLETE_COLUMNS,
  formatListCell,
  type AthleteListColumn,
} from '../../../../domain/athlete-profiles';
import { ACADEMIC_STANDING_LABELS, RESIDENCY_STATUSES, ROSTER_STATUSES } from '../../../../domain/athletes';
import { errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { ArrowDownIcon, ArrowUpIcon, ChevronDownIcon, PlusIcon, SearchIcon } from '../../shared/icons';
import { countOf } from '../../shared/labels';
import { PAGE_SIZE, pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import {
  exportUrl,
  useAccountAction,
  useAthletes,
  useListColumns,
  useSaveListColumns,
  useSendInvitation,
  useTags,
  useTeamOptions,
  type AccountAction,
  type AthleteFilters,
  type AthleteRow,
} from './athletes.api';
import { fromRecord } from './person-form';
import { ACCOUNT_STATUS_COLOUR } from './profile-fields';
import { TableScroll } from '../../shared/table/TableScroll';
import { routeAllows, routeSpecOf } from '../../../../domain/routes';
import { PersonLink } from '../../shared/PersonLink';

const INVITABLE = new Set(['NOT_INVITED', 'INVITED']);
const labelOfColumn = (key: AthleteListColumn) => ATHLETE_LIST_COLUMNS.find((c) => c.key === key)!.label;

const ACTION_TEXT: Record<AccountAction, { verb: string; title: string; body: string; colour: string }> = {
  activate: {
    verb: 'Invite',
    title: 'Invite student-athletes',
    body: 'Each selected student-athlete without an account gets an invitation e-mail to activate it.',
    colour: 'blue',
  },
  deactivate: {
    verb: 'Deactivate',
    title: 'Deactivate student-athletes',
    body: 'The selected student-athletes lose access at once: they are signed out and cannot log in until reactivated.',
    colour: 'red.9',
  },
  reactivate: {
    verb: 'Reactivate',
    title: 'Reactivate student-athletes',
    body: 'Access is restored; anyone who never set a password gets a new invitation e-mail.',
    colour: 'blue',
  },
};

/**
 * The student-athlete list: the spec's 23 columns (the chosen ones remembered per user on the server), filters and
 * sort in the URL, pages, CSV and XLSX export of exactly what is shown, and account actions on selected rows. A
 * coach (coach portal) gets the same list of their own teams' athletes (the API scopes it), without the admin's tools.
 */
export function AthletesPage() {
  const me = useMe();
  const { params, update } = useUrlFilters();
  const get = (k: string) => params.get(k);
  const page = Math.max(1, Number(get('page') ?? '1') || 1);
  const [search, setSearch] = useState(get('q') ?? '');
  const [q] = useDebouncedValue(search, 300);
  const filters: AthleteFilters = {
    q,
    teamId: get('teamId'),
    rosterStatus: get('rosterStatus'),
    accountStatus: get('accountStatus'),
    residencyStatus: get('residencyStatus'),
    classYear: get('classYear'),
    tagId: get('tagId'),
    isAtRisk: get('isAtRisk'),
    sortBy: get('sortBy') as AthleteListColumn | null,
    sortDir: get('sortDir') as 'asc' | 'desc' | null,
  };
  const teams = useTeamOptions();
  const tags = useTags(hasPermission(me, 'athletes:tag'));
  const athletes = useAthletes({ ...filters, page });
  const saved = useListColumns();
  const saveColumns = useSaveListColumns();
  // The choice shows at once and is saved behind it (quick clicks never act on a stale list); a failed save falls
  // back to what the server holds.
  const [chosen, setChosen] = useState<AthleteListColumn[] | null>(null);
  const columns = chosen ?? saved.data?.columns ?? DEFAULT_ATHLETE_COLUMNS;
  const canInvite = hasPermission(me, 'users:invite');
  const canAccounts = hasPermission(me, 'users:deactivate') || canInvite;
  const invite = useSendInvitation();
  const account = useAccountAction();
  const [selected, setSelected] = useState<string[]>([]);
  const [confirm, setConfirm] = useState<AccountAction | null>(null);

  useEffect(() => {
    if ((get('q') ?? '') !== q) update({ q: q || null, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sync only when the debounced search changes
  }, [q]);

  const rows = athletes.data?.items ?? [];
  const filtered = Object.entries(filters).some(([k, v]) => v && k !== 'sortBy' && k !== 'sortDir');
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));

  const toggleColumn = (key: AthleteListColumn, on: boolean) => {
    const next = ATHLETE_LIST_COLUMNS.map((c) => c.key).filter((k) => (k === key ? on : columns.includes(k)));
    if (next.length === 0) return;
    setChosen(next);
    saveColumns.mutate(next, {
      onError: (error) => {
        setChosen(null);
        notifications.show({ color: 'red', message: errorMessage(error) });
      },
    });
  };

  const sortBy = (key: AthleteListColumn) => {
    const dir = filters.sortBy === key && filters.sortDir !== 'desc' ? 'desc' : 'asc';
    update({ sortBy: key, sortDir: dir, page: null });
  };

  const sendInvitation = (a: AthleteRow) =>
    invite.mutate(a.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `Invitation sent to ${a.studentEmail}.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not send the invitation', message: errorMessage(error) }),
    });

  const runAction = (action: AccountAction) =>
    account.mutate(
      { action, athleteIds: selected },
      {
        onSuccess: ({ results }) => {
          const ok = results.filter((r) => r.ok).length;
          const failed = results.filter((r) => !r.ok);
          notifications.show({
            color: failed.length ? 'orange' : 'teal',
            message: `${ACTION_TEXT[action].verb}: ${countOf(ok, 'student-athlete')} done${
              failed.length ? `, ${failed.length} not (${failed[0]!.error})` : ''
            }.`,
          });
          setSelected([]);
          setConfirm(null);
        },
        onError: (error) => {
          notifications.show({ color: 'red', message: errorMessage(error) });
          setConfirm(null);
        },
      },
    );

  const cell = (a: AthleteRow, key: AthleteListColumn) => {
    if (key === 'athletName') {
      return (
        <>
          <PersonLink kind="athlete" id={a.id} name={a.athletName} fw={600} />
          {!columns.includes('studentEmail') && (
            <Text size="xs" c="dimmed">
              {a.studentEmail}
            </Text>
          )}
        </>
      );
    }
    if (key === 'userStatus') {
      return <Badge color={ACCOUNT_STATUS_COLOUR[a.userStatus] ?? 'gray'}>{formatListCell(key, a)}</Badge>;
    }
    return formatListCell(key, a) || '—';
  };

  const columnChooser = (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" rightSection={<ChevronDownIcon size={14} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {/* Two columns in a box that scrolls, so all 23 choices stay reachable on a short screen. */}
        <ScrollArea.Autosize mah="60vh" type="auto">
          <SimpleGrid
            cols={{ base: 1, xs: 2 }}
            spacing="md"
            verticalSpacing={6}
            role="group"
            aria-label="Columns shown"
          >
            {ATHLETE_LIST_COLUMNS.map((c) => (
              <Checkbox
                key={c.key}
                label={c.label}
                checked={columns.includes(c.key)}
                disabled={columns.length === 1 && columns.includes(c.key)}
                onChange={(e) => toggleColumn(c.key, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <Stack>
      <PageHeader
        title="Student-athletes"
        description={athletes.data ? countOf(athletes.data.total, 'student-athlete') : undefined}
        actions={
          <Group gap="xs">
            {hasPermission(me, 'athletes:upload') && routeAllows(routeSpecOf('/createBulkStudent')!, me.portal) && (
              <Button component={Link} to="/createBulkStudent" variant="default">
                Bulk upload
              </Button>
            )}
            {columnChooser}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" rightSection={<ChevronDownIcon size={14} />}>
                  Export
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component="a" href={exportUrl(filters, columns, 'csv')} download>
                  CSV
                </Menu.Item>
                <Menu.Item component="a" href={exportUrl(filters, columns, 'xlsx')} download>
                  Excel (XLSX)
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {hasPermission(me, 'athletes:write') && (
              <Button component={Link} to="/createStudentAthlete" leftSection={<PlusIcon size={16} />}>
                Add student-athlete
              </Button>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} role="search" aria-label="Filter student-athletes">
        <TextInput
          label="Search"
          placeholder="Name, e-mail or student ID"
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          data={teams.data ?? []}
          value={filters.teamId}
          onChange={(v) => update({ teamId: v, page: null })}
        />
        <Select
          label="Invitation"
          placeholder="Any"
          clearable
          data={fromRecord(ACCOUNT_STATUS_LABELS)}
          value={filters.accountStatus}
          onChange={(v) => update({ accountStatus: v, page: null })}
        />
        <Select
          label="Roster status"
          placeholder="Any"
          clearable
          data={fromRecord(ROSTER_STATUSES)}
          value={filters.rosterStatus}
          onChange={(v) => update({ rosterStatus: v, page: null })}
        />
        <Select
          label="Class"
          placeholder="Any"
          clearable
          data={fromRecord(ACADEMIC_STANDING_LABELS)}
          value={filters.classYear}
          onChange={(v) => update({ classYear: v, page: null })}
        />
        <Select
          label="Residency"
          placeholder="Any"
          clearable
          data={fromRecord(RESIDENCY_STATUSES)}
          value={filters.residencyStatus}
          onChange={(v) => update({ residencyStatus: v, page: null })}
        />
        {tags.data && (
          <Select
            label="Tag"
            placeholder="Any"
            clearable
            searchable
            data={tags.data.map((t) => ({ value: t.id, label: t.name }))}
            value={filters.tagId}
            onChange={(v) => update({ tagId: v, page: null })}
          />
        )}
        <Select
          label="At risk"
          placeholder="Any"
          clearable
          data={[
            { value: 'true', label: 'At risk' },
            { value: 'false', label: 'Not at risk' },
          ]}
          value={filters.isAtRisk}
          onChange={(v) => update({ isAtRisk: v, page: null })}
        />
      </SimpleGrid>
      {canAccounts && selected.length > 0 && (
        <Group gap="xs" aria-label="Selected student-athletes" role="toolbar">
          <Text size="sm" fw={600}>
            {countOf(selected.length, 'student-athlete')} selected
          </Text>
          {canInvite && (
            <Button size="xs" variant="default" onClick={() => setConfirm('activate')}>
              Invite
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => setConfirm('deactivate')}>
            Deactivate
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirm('reactivate')}>
            Reactivate
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        </Group>
      )}
      {athletes.isPending && <LoadingState rows={6} label="Loading student-athletes" />}
      {athletes.error && <ErrorState error={athletes.error} onRetry={() => void athletes.refetch()} />}
      {athletes.isSuccess && rows.length === 0 && (
        <NothingHere
          title={filtered ? 'No student-athletes match' : 'No student-athletes yet'}
          description={filtered ? 'Try other filters.' : 'Add the first student-athlete to get started.'}
        />
      )}
      {rows.length > 0 && (
        <TableScroll minWidth={Math.max(600, columns.length * 130)}>
          <Table striped aria-label="Student-athletes" style={{ opacity: athletes.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                {canAccounts && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select all on this page"
                      checked={allOnPage}
                      indeterminate={!allOnPage && rows.some((r) => selected.includes(r.id))}
                      onChange={(e) =>
                        setSelected(
                          e.currentTarget.checked
                            ? [...new Set([...selected, ...rows.map((r) => r.id)])]
                            : selected.filter((id) => !rows.some((r) => r.id === id)),
                        )
                      }
                    />
                  </Table.Th>
                )}
                {columns.map((key) => {
                  const active = filters.sortBy === key || (!filters.sortBy && key === 'athletName');
                  const dir = active ? (filters.sortDir ?? 'asc') : null;
                  return (
                    <Table.Th
                      key={key}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      <UnstyledButton onClick={() => sortBy(key)} fz="sm" fw={700}>
                        <Group gap={4} wrap="nowrap">
                          {labelOfColumn(key)}
                          {dir === 'asc' && <ArrowUpIcon size={12} aria-hidden />}
                          {dir === 'desc' && <ArrowDownIcon size={12} aria-hidden />}
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
                {canInvite && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  {canAccounts && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${a.athletName}`}
                        checked={selected.includes(a.id)}
                        onChange={(e) =>
                          setSelected(
                            e.currentTarget.checked ? [...selected, a.id] : selected.filter((id) => id !== a.id),
                          )
                        }
                      />
                    </Table.Td>
                  )}
                  {columns.map((key) => (
                    <Table.Td key={key}>{cell(a, key)}</Table.Td>
                  ))}
                  {canInvite && (
                    <Table.Td>
                      {INVITABLE.has(a.userStatus) && (
                        <Button
                          size="xs"
                          variant="default"
                          style={{ whiteSpace: 'nowrap' }}
                          loading={invite.isPending && invite.variables === a.id}
                          onClick={() => sendInvitation(a)}
                          aria-label={`${a.userStatus === 'INVITED' ? 'Resend' : 'Send'} invitation to ${a.athletName}`}
                        >
                          {a.userStatus === 'INVITED' ? 'Resend invite' : 'Invite'}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {athletes.data && athletes.data.total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={pageCount(athletes.data.total)}
            value={page}
            onChange={(p) => update({ page: p === 1 ? null : String(p) })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
      {confirm && (
        <ConfirmModal
          opened
          title={ACTION_TEXT[confirm].title}
          body={`${ACTION_TEXT[confirm].body} (${countOf(selected.length, 'student-athlete')})`}
          confirmLabel={ACTION_TEXT[confirm].verb}
          confirmColor={ACTION_TEXT[confirm].colour}
          loading={account.isPending}
          onConfirm={() => runAction(confirm)}
          onClose={() => setConfirm(null)}
        />
      )}
    </Stack>
  );
}

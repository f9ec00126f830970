import {
  Anchor,
  Badge,
  Button,
  Group,
  MultiSelect,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PSA_COLUMNS, PSA_FIELDS, PSA_LIST_COLUMNS, type PsaListColumn } from '../../../../domain/recruiting';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDate } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { Stars } from './Stars';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { COMMITMENT_COLORS, COMMITMENT_STATUSES, commitmentLabel } from './recruiting-labels';
import {
  exportUrl,
  useDuplicateGroups,
  usePsaAction,
  usePsaList,
  usePsaMeta,
  phoneCallTemplateUrl,
  type Psa,
} from './recruiting.api';
import { BulkUploadModal, type BulkUploadModalProps } from './BulkUploadModal';

const PAGE = 25;

function cell(p: Psa, c: PsaListColumn) {
  if (c === 'name') {
    return (
      <Anchor component={Link} to={`/psaProfile/${p.id}`}>
        {p.name}
      </Anchor>
    );
  }
  if (c === 'commitmentStatus') {
    return (
      <Badge variant="light" color={COMMITMENT_COLORS[p.commitmentStatus]}>
        {commitmentLabel(p.commitmentStatus)}
      </Badge>
    );
  }
  if (c === 'rating') return p.rating ? <Stars value={p.rating} /> : '—';
  if (c === 'tags') return p.tags.length ? p.tags.join(', ') : '—';
  if (c === 'lastContactDate' || c === 'dob') return formatDate(p[c] as string | null) || '—';
  const v = p[c];
  return v === null || v === undefined || v === '' ? '—' : String(v);
}

/** A prospect upload reports field names: shown with their labels. */
const psaColumnLabel = (column: string) =>
  column === 'commitmentStatus'
    ? 'Commitment status'
    : ((PSA_FIELDS as Record<string, { label: string }>)[column]?.label ?? column);

/** Which bulk upload is open on the list: prospects, or phone calls to them. */
type UploadKind = 'prospects' | 'phoneCalls';

const UPLOADS: Record<UploadKind, Omit<BulkUploadModalProps, 'opened' | 'onClose'>> = {
  prospects: {
    title: 'Bulk upload prospects',
    description:
      'An XLSX, XLS or CSV file with at most 1,000 prospects. The first row names the columns (at least First name and Last name). Every row is checked before anything is stored.',
    path: '/psas/uploads',
    noun: 'prospect',
    ready: 'ready to add',
    done: 'added',
    submitLabel: 'Add prospects',
    columnLabel: psaColumnLabel,
  },
  phoneCalls: {
    title: 'Upload phone calls',
    description:
      "An XLSX, XLS or CSV file with at most 1,000 phone calls, one a row: the prospect's email (or prospect ID), the date and time (your school's time zone), the duration in minutes, the coach's email (blank: you) and notes. Every row is checked before anything is stored; each call appears in its prospect's recruiting history.",
    path: '/psas/phone-calls/uploads',
    noun: 'phone call',
    ready: 'ready to log',
    done: 'logged',
    submitLabel: 'Log phone calls',
    templates: { xlsx: phoneCallTemplateUrl('xlsx'), csv: phoneCallTemplateUrl('csv') },
  },
};

/** The prospect list (admin and coach portals) and its archived twin: columns, filters, export, upload. */
export function PsaListPage({ archived = false }: { archived?: boolean }) {
  const me = useMe();
  const listPath = me.portal === 'coach' ? '/coach/psaManagement' : '/admin/psaManagement';
  const meta = usePsaMeta();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const [team, setTeam] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [columns, setColumns] = useState<PsaListColumn[]>(DEFAULT_PSA_COLUMNS);
  const [uploading, setUploading] = useState<UploadKind | null>(null);
  const [showDuplicates, setShowDuplicates] = useState(false);
  const filters = {
    archived: archived || undefined,
    search: search.trim() || undefined,
    commitmentStatus: status ?? undefined,
    graduationYear: year ? Number(year) : undefined,
    sportTeamId: team ?? undefined,
    tag: tag ?? undefined,
    limit: PAGE,
    offset: (page - 1) * PAGE,
  };
  const list = usePsaList(filters);
  const duplicates = useDuplicateGroups(showDuplicates);
  const action = usePsaAction(null);
  const years = Array.from({ length: 8 }, (_, i) => String(new Date().getFullYear() + i - 1));
  const total = list.data?.total ?? 0;
  const title = archived ? 'Archived PSAs' : 'PSA List';

  return (
    <Stack>
      <PageHeader
        title={title}
        description={
          archived
            ? 'Prospects taken off the list and board. Unarchive one to bring them back.'
            : 'Prospective student-athletes: their details, commitment status, staff-only tags and ratings.'
        }
        actions={
          archived ? (
            <Button variant="default" component={Link} to={listPath}>
              Back to the list
            </Button>
          ) : (
            <>
              <Button component={Link} to="/psaProfile">
                Add prospect
              </Button>
              <Button variant="default" onClick={() => setUploading('prospects')}>
                Bulk upload
              </Button>
              <Button variant="default" onClick={() => setUploading('phoneCalls')}>
                Upload phone calls
              </Button>
              <Button variant="default" component={Link} to="/recruitingBoard">
                Board
              </Button>
              <Button variant="default" component={Link} to="/archived/psas">
                Archived
              </Button>
            </>
          )
        }
      />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, email, phone, high school"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        <Select
          label="Commitment status"
          clearable
          data={Object.entries(COMMITMENT_STATUSES).map(([value, label]) => ({ value, label }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          w={200}
        />
        <Select
          label="Graduation year"
          clearable
          data={years}
          value={year}
          onChange={(v) => {
            setYear(v);
            setPage(1);
          }}
          w={150}
        />
        <Select
          label="Sport team"
          clearable
          data={(meta.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={team}
          onChange={(v) => {
            setTeam(v);
            setPage(1);
          }}
          w={180}
        />
        <Select
          label="Tag"
          clearable
          data={meta.data?.tags ?? []}
          value={tag}
          onChange={(v) => {
            setTag(v);
            setPage(1);
          }}
          w={160}
        />
      </Group>
      <Group justify="space-between" wrap="wrap">
        <MultiSelect
          label="Columns"
          data={Object.entries(PSA_LIST_COLUMNS).map(([value, label]) => ({ value, label }))}
          value={columns}
          onChange={(v) => setColumns((v.length ? v : ['name']) as PsaListColumn[])}
          maw={640}
          style={{ flex: 1 }}
          searchable
        />
        <Group>
          {!archived && (
            <Button variant="subtle" onClick={() => setShowDuplicates((s) => !s)} aria-pressed={showDuplicates}>
              {showDuplicates ? 'Hide duplicates' : 'Find duplicates'}
            </Button>
          )}
          <Button variant="default" component="a" href={exportUrl(filters, columns)} download>
            Export CSV
          </Button>
        </Group>
      </Group>
      {showDuplicates && (
        <Stack gap="xs" aria-label="Possible duplicates">
          {duplicates.isPending && <LoadingState rows={2} label="Looking for duplicates" />}
          {duplicates.data?.length === 0 && (
            <Text size="sm">No duplicates: no two prospects share an email or phone.</Text>
          )}
          {duplicates.data?.map((g) => (
            <Group key={`${g.matchedOn}:${g.value}`} gap="xs">
              <Badge variant="light" color="orange">
                Same {g.matchedOn}
              </Badge>
              <Text size="sm">{g.value}:</Text>
              {g.prospects.map((p) => (
                <Anchor key={p.id} component={Link} to={`/psaProfile/${p.id}`} size="sm">
                  {p.name}
                </Anchor>
              ))}
            </Group>
          ))}
        </Stack>
      )}
      <ApiErrorAlert error={action.error} />
      {list.isPending && <LoadingState rows={6} label="Loading prospects" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && total === 0 && (
        <NothingHere
          title={archived ? 'No archived prospects' : 'No prospects found'}
          description={archived ? 'Archived prospects appear here.' : 'Add a prospect or upload a spreadsheet of them.'}
        />
      )}
      {list.data && total > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {countOf(total, 'prospect')}
          </Text>
          <TableScroll minWidth={Math.max(640, columns.length * 140)}>
            <Table striped aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c}>{PSA_LIST_COLUMNS[c]}</Table.Th>
                  ))}
                  {archived && <Table.Th>Action</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((p) => (
                  <Table.Tr key={p.id}>
                    {columns.map((c) => (
                      <Table.Td key={c}>{cell(p, c)}</Table.Td>
                    ))}
                    {archived && (
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="default"
                          loading={action.isPending && action.variables?.path === `/${p.id}/unarchive`}
                          onClick={() => action.mutate({ path: `/${p.id}/unarchive` })}
                        >
                          Unarchive {p.name}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          {total > PAGE && <Pagination total={Math.ceil(total / PAGE)} value={page} onChange={setPage} />}
        </>
      )}
      {uploading && (
        <BulkUploadModal key={uploading} opened onClose={() => setUploading(null)} {...UPLOADS[uploading]} />
      )}
    </Stack>
  );
}

export function ArchivedPsasPage() {
  return <PsaListPage archived />;
}

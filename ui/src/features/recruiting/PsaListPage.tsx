import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Pagination,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  FileInput,
  List,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PSA_COLUMNS, PSA_LIST_COLUMNS, type PsaListColumn } from '../../../../domain/recruiting';
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
  useUploadPsas,
  type Psa,
} from './recruiting.api';

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

/** Bulk upload of prospects: pick a file, every row is checked first, then stored all at once. */
function UploadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<'idle' | 'checking' | 'checked' | 'importing' | 'done'>('idle');
  const upload = useUploadPsas();
  const [result, setResult] = useState<{
    rows?: number;
    created?: number;
    errors?: { row: number; column: string; message: string }[];
  } | null>(null);
  const progress = { idle: 0, checking: 35, checked: 50, importing: 80, done: 100 }[stage];
  const reset = () => {
    setFile(null);
    setStage('idle');
    setResult(null);
    upload.reset();
  };
  const check = async (f: File) => {
    setStage('checking');
    setResult(null);
    try {
      setResult(await upload.mutateAsync({ file: f, commit: false }));
      setStage('checked');
    } catch {
      setStage('idle');
    }
  };
  const store = async () => {
    if (!file) return;
    setStage('importing');
    try {
      setResult(await upload.mutateAsync({ file, commit: true }));
      setStage('done');
    } catch {
      setStage('checked');
    }
  };
  const errors = result?.errors ?? [];
  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title="Bulk upload prospects"
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          An XLSX, XLS or CSV file with at most 1,000 prospects. The first row names the columns (at least First name
          and Last name). Every row is checked before anything is stored.
        </Text>
        <FileInput
          label="Spreadsheet"
          placeholder="Choose a file"
          accept=".xlsx,.xls,.csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            if (f) void check(f);
          }}
        />
        {stage !== 'idle' && (
          <Progress
            value={progress}
            animated={stage === 'checking' || stage === 'importing'}
            aria-label="Upload progress"
          />
        )}
        <ApiErrorAlert error={upload.error} />
        {stage === 'checked' && result && errors.length === 0 && (
          <Text size="sm">{countOf(result.rows ?? 0, 'prospect')} ready to add.</Text>
        )}
        {errors.length > 0 && (
          <Stack gap={4} role="alert">
            <Text size="sm" fw={600} c="red.8">
              Bulk upload errors: fix {countOf(errors.length, 'problem')} and choose the file again.
            </Text>
            <List size="sm" mah={220} style={{ overflow: 'auto' }}>
              {errors.slice(0, 200).map((e, i) => (
                <List.Item key={i}>
                  Row {e.row}, {e.column}: {e.message}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {stage === 'done' && result && (
          <Text size="sm" c="green.9" role="status">
            {countOf(result.created ?? 0, 'prospect')} added.
          </Text>
        )}
        <Group justify="flex-end">
          {stage === 'done' ? (
            <Button
              onClick={() => {
                reset();
                onClose();
              }}
            >
              Done
            </Button>
          ) : (
            <Button
              onClick={() => void store()}
              disabled={stage !== 'checked' || errors.length > 0}
              loading={stage === 'importing'}
            >
              Add prospects
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

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
  const [uploading, setUploading] = useState(false);
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
              <Button variant="default" onClick={() => setUploading(true)}>
                Bulk upload
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
      <UploadModal opened={uploading} onClose={() => setUploading(false)} />
    </Stack>
  );
}

export function ArchivedPsasPage() {
  return <PsaListPage archived />;
}

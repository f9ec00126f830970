import { Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONTENT_KINDS, type ContentKind, type ContentStatus } from '../../../../domain/education';
import { formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { NewContentButtons } from './EducatorHomePage';
import { useLibrary } from './education.api';
import { CONTENT_KIND_LABELS, CONTENT_STATUS_LABELS, detailsPathOf, STATUS_COLORS } from './labels';

/** `/contentLibrary` and `/archivedContent`: the school's content, filtered by state and kind. */
export function ContentLibraryPage({ archived = false }: { archived?: boolean }) {
  const [status, setStatus] = useState<ContentStatus | null>(archived ? 'ARCHIVED' : null);
  const [kind, setKind] = useState<ContentKind | null>(null);
  const [q, setQ] = useState('');
  const list = useLibrary({ status: archived ? 'ARCHIVED' : status, kind, q: q.trim() || null, limit: 100 });
  return (
    <Stack>
      <PageHeader
        title={archived ? 'Archived content' : 'Content library'}
        description={
          archived
            ? 'Content taken out of use. It stays here with its history.'
            : 'Articles, videos, presentations, courses and quizzes of your school.'
        }
        actions={archived ? undefined : <NewContentButtons />}
      />
      <Group>
        <TextInput
          label="Search"
          placeholder="Headline, topic or category"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        {!archived && (
          <Select
            label="State"
            placeholder="All but archived"
            clearable
            data={(['SAVED', 'PUBLISHED', 'UPDATED', 'RECALLED'] as const).map((s) => ({
              value: s,
              label: CONTENT_STATUS_LABELS[s],
            }))}
            value={status}
            onChange={(v) => setStatus(v as ContentStatus | null)}
          />
        )}
        <Select
          label="Kind"
          placeholder="Every kind"
          clearable
          data={CONTENT_KINDS.map((k) => ({ value: k, label: CONTENT_KIND_LABELS[k] }))}
          value={kind}
          onChange={(v) => setKind(v as ContentKind | null)}
        />
      </Group>
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.items.length === 0 ? (
        <NothingHere
          title={archived ? 'Nothing archived' : 'No content matches'}
          description={archived ? undefined : 'Create content with the buttons above, or change the filters.'}
        />
      ) : list.data ? (
        <>
          <Text size="sm" c="dimmed">
            {countOf(list.data.total, 'item')}
          </Text>
          <TableScroll minWidth={640}>
            <Table aria-label="Content library" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Headline</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Required</Table.Th>
                  <Table.Th>Changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Text component={Link} to={detailsPathOf(c.kind, c.id)} size="sm" c="blue">
                        {c.headline}
                      </Text>
                    </Table.Td>
                    <Table.Td>{CONTENT_KIND_LABELS[c.kind]}</Table.Td>
                    <Table.Td>{c.category ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[c.status]} variant="light">
                        {CONTENT_STATUS_LABELS[c.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.required ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>{formatDateTime(c.updatedAt, list.data.timeZone)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      ) : null}
    </Stack>
  );
}

export function ArchivedContentPage() {
  return <ContentLibraryPage archived />;
}

import { Anchor, Badge, Button, Card, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PSA_FIELDS, type PsaField } from '../../../../domain/recruiting';
import { api } from '../../shared/api';
import { formatDate, formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { PsaAttachmentsCard } from './PsaAttachmentsCard';
import { ACTIVITY_KINDS, COMMITMENT_COLORS, commitmentLabel, PSA_STATES } from './recruiting-labels';
import type { Psa, PsaProfile } from './recruiting.api';

/** The provider's read-only list of a school's prospects (`/school/recruiting/:schoolId` and its archive). */
export function OperatorRecruitingPage({ archived = false }: { archived?: boolean }) {
  const { schoolId = '' } = useParams();
  const [search, setSearch] = useState('');
  const list = useQuery({
    queryKey: ['operator-psas', schoolId, archived, search],
    queryFn: ({ signal }) =>
      api.get<{ schoolName: string; items: Psa[]; total: number }>(
        `/schools/${encodeURIComponent(schoolId)}/psas`,
        { archived: archived || undefined, search: search.trim() || undefined, limit: 100 },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const title = archived ? 'Archived PSAs' : 'Recruiting';
  return (
    <Stack>
      <PageHeader
        title={title}
        description={list.data ? `${list.data.schoolName}: prospects, read only.` : 'Prospects, read only.'}
        actions={
          <Button
            variant="default"
            component={Link}
            to={archived ? `/school/recruiting/${schoolId}` : `/school/recruiting/${schoolId}/archived/psas`}
          >
            {archived ? 'Active prospects' : 'Archived PSAs'}
          </Button>
        }
      />
      <TextInput label="Search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} />
      {list.isPending && <LoadingState rows={5} label="Loading prospects" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && <NothingHere title="No prospects" description="None to show here." />}
      {list.data && list.data.total > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {countOf(list.data.total, 'prospect')}
          </Text>
          <TableScroll minWidth={720}>
            <Table striped aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Graduation year</Table.Th>
                  <Table.Th>Commitment status</Table.Th>
                  <Table.Th>Sport team</Table.Th>
                  <Table.Th>Last contact</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/school/psaProfile/${p.id}`}>
                        {p.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.email ?? '—'}</Table.Td>
                    <Table.Td>{(p.graduationYear as number | null) ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={COMMITMENT_COLORS[p.commitmentStatus]}>
                        {commitmentLabel(p.commitmentStatus)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{p.sportTeam ?? '—'}</Table.Td>
                    <Table.Td>{formatDate(p.lastContactDate) || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      )}
    </Stack>
  );
}

export function OperatorArchivedPsasPage() {
  return <OperatorRecruitingPage archived />;
}

/** The provider's read-only view of one prospect (`/school/psaProfile/:psaId`). */
export function OperatorPsaProfilePage() {
  const { psaId = '' } = useParams();
  const q = useQuery({
    queryKey: ['operator-psa', psaId],
    queryFn: ({ signal }) =>
      api.get<PsaProfile & { schoolId: string }>(`/operator/psas/${encodeURIComponent(psaId)}`, undefined, signal),
  });
  if (q.isPending) return <LoadingState rows={6} label="Loading prospect" />;
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const { psa, activities } = q.data;
  const shown = (Object.keys(PSA_FIELDS) as PsaField[]).filter(
    (f) => f !== 'sportTeamId' && f !== 'recruitingCoachId' && psa[f] !== null && psa[f] !== '',
  );
  return (
    <Stack>
      <PageHeader
        title={psa.name}
        description={`${commitmentLabel(psa.commitmentStatus)} · ${PSA_STATES[psa.psaState]} · read only`}
        actions={
          <Button variant="default" component={Link} to={`/school/recruiting/${q.data.schoolId}`}>
            Back to the school's prospects
          </Button>
        }
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {shown.map((f) => (
            <Stack gap={0} key={f}>
              <Text size="xs" c="dimmed">
                {PSA_FIELDS[f].label}
              </Text>
              <Text size="sm">{String(psa[f])}</Text>
            </Stack>
          ))}
          {psa.sportTeam && (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Sport team
              </Text>
              <Text size="sm">{psa.sportTeam}</Text>
            </Stack>
          )}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Recruiting history
          </Title>
          {activities.length === 0 && <Text size="sm">No activity logged.</Text>}
          {activities.map((a) => (
            <Text size="sm" key={a.id}>
              {formatDateTime(a.occurredAt)} · {(ACTIVITY_KINDS as Record<string, string>)[a.kind] ?? a.kind}
              {a.summary ? `: ${a.summary}` : ''}
              {a.flags.length ? ` (${a.flags.join(' ')})` : ''}
            </Text>
          ))}
        </Stack>
      </Card>
      <PsaAttachmentsCard psaId={psa.id} canEdit={false} via="operator" />
    </Stack>
  );
}

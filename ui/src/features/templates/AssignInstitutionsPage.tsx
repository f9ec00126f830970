import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PLAN_LABELS, type Plan } from '../../../../domain/plans';
import { divisionLabel } from '../../../../domain/schools';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDate } from '../../shared/format';
import { SearchIcon } from '../../shared/icons';
import { pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { AssignmentProgress } from './AssignmentProgress';
import { BackToLibrary, WithTemplate } from './TemplateHeader';
import { useInstitutions, useStartAssignment, type TemplateDetailData } from './templates.api';
import { TableScroll } from '../../shared/table/TableScroll';

const PAGE = 25;
type View = 'unassigned' | 'assigned' | 'all';

function Picker({ template }: { template: TemplateDetailData }) {
  const [params, setParams] = useSearchParams();
  const view = (
    ['unassigned', 'assigned', 'all'].includes(params.get('view') ?? '') ? params.get('view') : 'unassigned'
  ) as View;
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [jobId, setJobId] = useState<string | null>(template.runningJobId);
  const institutions = useInstitutions({
    templateId: template.id,
    q,
    assigned: view === 'all' ? null : view === 'assigned',
    limit: PAGE,
    offset: (page - 1) * PAGE,
  });
  const start = useStartAssignment(template.id);
  const rows = institutions.data?.items ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOnPage = rows.some((r) => selected.has(r.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const run = (action: 'ASSIGN' | 'UNASSIGN') =>
    start.mutate(
      { action, selection: { schoolIds: [...selected] } },
      {
        onSuccess: (job) => {
          setJobId(job.id);
          setSelected(new Set());
        },
      },
    );
  return (
    <Stack>
      <BackToLibrary />
      <PageHeader
        title={`Assign "${template.title}"`}
        description={`Pick institutions one by one. ${template.assignedCount} institution${template.assignedCount === 1 ? ' has' : 's have'} this template.`}
        actions={
          <Button variant="default" component={Link} to={`/bulkAssignInstitutions?templateId=${template.id}`}>
            Assign by filter
          </Button>
        }
      />
      {template.archivedAt && (
        <Alert color="orange" variant="light" title="This template is archived">
          Unarchive it in the template library before assigning it. You can still un-assign it.
        </Alert>
      )}
      {jobId && <AssignmentProgress jobId={jobId} />}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search institutions"
          placeholder="Name"
          leftSection={<SearchIcon size={16} />}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
          w={300}
        />
        <SegmentedControl
          aria-label="Which institutions"
          value={view}
          onChange={(value) => {
            setParams({ templateId: template.id, view: value }, { replace: true });
            setPage(1);
          }}
          data={[
            { value: 'unassigned', label: 'Not assigned' },
            { value: 'assigned', label: 'Assigned' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {selected.size} selected
          {selected.size > 0 && (
            <Anchor component="button" type="button" size="sm" ml="xs" onClick={() => setSelected(new Set())}>
              Clear
            </Anchor>
          )}
        </Text>
        <Group>
          <Button
            variant="default"
            color="red"
            disabled={selected.size === 0}
            loading={start.isPending && start.variables?.action === 'UNASSIGN'}
            onClick={() => run('UNASSIGN')}
          >
            Un-assign selected
          </Button>
          <Button
            disabled={selected.size === 0 || !!template.archivedAt}
            loading={start.isPending && start.variables?.action === 'ASSIGN'}
            onClick={() => run('ASSIGN')}
          >
            Assign {selected.size > 0 ? selected.size : ''} selected
          </Button>
        </Group>
      </Group>
      {start.error && <ApiErrorAlert error={start.error} />}
      {institutions.isPending && <LoadingState rows={6} label="Loading institutions" />}
      {institutions.error && <ErrorState error={institutions.error} onRetry={() => void institutions.refetch()} />}
      {institutions.data && rows.length === 0 && (
        <NothingHere
          title="No institution here"
          description={view === 'assigned' ? 'No institution has this template yet.' : 'Try another search.'}
        />
      )}
      {rows.length > 0 && (
        <>
          <TableScroll minWidth={640}>
            <Table striped highlightOnHover aria-label="Institutions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select every institution on this page"
                      checked={allOnPage}
                      indeterminate={!allOnPage && someOnPage}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setSelected((prev) => {
                          const next = new Set(prev);
                          for (const r of rows) {
                            if (on) next.add(r.id);
                            else next.delete(r.id);
                          }
                          return next;
                        });
                      }}
                    />
                  </Table.Th>
                  <Table.Th>Institution</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Division</Table.Th>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Assigned</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${r.name}`}
                        checked={selected.has(r.id)}
                        onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.state ?? '—'}</Table.Td>
                    <Table.Td>{divisionLabel(r.division) ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={r.plan === 'CONNECT' ? 'indigo' : 'gray'} variant="light">
                        {PLAN_LABELS[r.plan as Plan] ?? r.plan}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.assignedAt ? formatDate(r.assignedAt) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {institutions.data?.total ?? 0} institution{institutions.data?.total === 1 ? '' : 's'}
            </Text>
            {pageCount(institutions.data?.total ?? 0, PAGE) > 1 && (
              <Pagination
                total={pageCount(institutions.data?.total ?? 0, PAGE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** /assignInstitutions?templateId=…: assign or un-assign a template institution by institution. */
export function AssignInstitutionsPage() {
  const [params] = useSearchParams();
  const templateId = params.get('templateId');
  return (
    <WithTemplate templateId={templateId} title="Assign institutions">
      {(template) => <Picker key={template.id} template={template} />}
    </WithTemplate>
  );
}

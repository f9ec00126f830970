import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PLANS, PLAN_LABELS } from '../../../../domain/plans';
import { DIVISIONS, DIVISION_LABELS, US_STATES } from '../../../../domain/schools';
import { describeInstitutionFilter, type InstitutionFilter } from '../../../../domain/templates';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { SearchIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { AssignmentProgress } from './AssignmentProgress';
import { BackToLibrary, WithTemplate } from './TemplateHeader';
import { useInstitutions, useStartAssignment, type TemplateDetailData } from './templates.api';

function FilterAssign({ template }: { template: TemplateDetailData }) {
  const [q, setQ] = useState('');
  const [state, setState] = useState<string | null>(null);
  const [division, setDivision] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(template.runningJobId);
  const [debouncedQ] = useDebouncedValue(q, 250);
  const query = { templateId: template.id, q: debouncedQ, state, division, plan, limit: 1, offset: 0 };
  const matching = useInstitutions(query);
  const having = useInstitutions({ ...query, assigned: true });
  const start = useStartAssignment(template.id);
  const filter: InstitutionFilter = {
    ...(debouncedQ.trim() ? { q: debouncedQ.trim() } : {}),
    ...(state ? { states: [state] } : {}),
    ...(division ? { divisions: [division] } : {}),
    ...(plan ? { plans: [plan as (typeof PLANS)[number]] } : {}),
  };
  const total = matching.data?.total ?? 0;
  const assigned = having.data?.total ?? 0;
  const counting = matching.isFetching || having.isFetching;
  const run = (action: 'ASSIGN' | 'UNASSIGN') =>
    start.mutate({ action, selection: { filter } }, { onSuccess: (job) => setJobId(job.id) });
  return (
    <Stack>
      <BackToLibrary />
      <PageHeader
        title={`Assign "${template.title}" by filter`}
        description="Every institution matching all the criteria gets the template. Leave a criterion empty to include all."
        actions={
          <Button variant="default" component={Link} to={`/assignInstitutions?templateId=${template.id}`}>
            Pick institutions
          </Button>
        }
      />
      {template.archivedAt && (
        <Alert color="orange" variant="light" title="This template is archived">
          Unarchive it in the template library before assigning it. You can still un-assign it.
        </Alert>
      )}
      {jobId && <AssignmentProgress jobId={jobId} />}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <TextInput
            label="Name contains"
            leftSection={<SearchIcon size={16} />}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          <Select
            label="State"
            placeholder="Any state"
            searchable
            clearable
            data={Object.entries(US_STATES).map(([value, label]) => ({ value, label: `${label} (${value})` }))}
            value={state}
            onChange={setState}
          />
          <Select
            label="Division"
            placeholder="Any division"
            clearable
            data={DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d] }))}
            value={division}
            onChange={setDivision}
          />
          <Select
            label="Plan"
            placeholder="Any plan"
            clearable
            data={PLANS.map((p) => ({ value: p, label: PLAN_LABELS[p] }))}
            value={plan}
            onChange={setPlan}
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <Stack gap={4} aria-live="polite" aria-busy={counting}>
          <Text size="sm" c="dimmed">
            {describeInstitutionFilter(filter)}
          </Text>
          <Text size="xl" fw={700}>
            {total} institution{total === 1 ? '' : 's'} match
          </Text>
          <Text size="sm">
            {assigned} already {assigned === 1 ? 'has' : 'have'} this template; {Math.max(0, total - assigned)} would
            get it.
          </Text>
        </Stack>
      </Paper>
      {start.error && <ApiErrorAlert error={start.error} />}
      <Group justify="flex-end">
        <Button
          variant="default"
          color="red"
          disabled={assigned === 0 || counting}
          loading={start.isPending && start.variables?.action === 'UNASSIGN'}
          onClick={() => run('UNASSIGN')}
        >
          Un-assign from {assigned}
        </Button>
        <Button
          disabled={total === 0 || counting || !!template.archivedAt}
          loading={start.isPending && start.variables?.action === 'ASSIGN'}
          onClick={() => run('ASSIGN')}
        >
          Assign to {total} institution{total === 1 ? '' : 's'}
        </Button>
      </Group>
    </Stack>
  );
}

/** /bulkAssignInstitutions?templateId=…: assign or un-assign a template to every institution matching a filter. */
export function BulkAssignInstitutionsPage() {
  const [params] = useSearchParams();
  return (
    <WithTemplate templateId={params.get('templateId')} title="Bulk assign institutions">
      {(template) => <FilterAssign key={template.id} template={template} />}
    </WithTemplate>
  );
}

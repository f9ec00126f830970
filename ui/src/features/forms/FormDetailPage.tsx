import { Alert, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDateTime } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState } from '../../shared/states';
import { formatFileSize } from '../../shared/form-renderer/attachment-answer';
import {
  browserToday,
  formBuilderPath,
  formDetailPath,
  KIND_COLOURS,
  KIND_LABELS,
  STATUS_COLOURS,
  STATUS_LABELS,
} from './form-labels';
import {
  formDocumentUrl,
  useForm,
  usePrepopulation,
  useValidateAnswers,
  type FormDetail,
  type ServerAnswerError,
} from './forms.api';
import { PdfPages } from '../../shared/pdf/PdfPages';
import { FormRenderer } from '../../shared/form-renderer/FormRenderer';
import { SuccessMessage } from '../../shared/SuccessMessage';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function FormSummary({ form }: { form: FormDetail }) {
  const definition = form.version.definition;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          <Fact label="Name">{form.name}</Fact>
          <Fact label="Category">{form.category ?? '—'}</Fact>
          <Fact label="Kind">
            <Badge color={KIND_COLOURS[form.kind]} variant="light">
              {KIND_LABELS[form.kind]}
            </Badge>
          </Fact>
          <Fact label="Status">
            <Badge color={STATUS_COLOURS[form.version.status]} variant="light">
              {STATUS_LABELS[form.version.status]} · v{form.version.version}
            </Badge>
          </Fact>
          <Fact label="Elements">{definition.elements.length}</Fact>
          <Fact label="Conditions">{definition.conditions.length}</Fact>
          <Fact label="Created by">{form.createdBy || '—'}</Fact>
          <Fact label="Created at">{formatDateTime(form.createdAt)}</Fact>
          <Fact label="Last changed">{formatDateTime(form.updatedAt)}</Fact>
          {form.document && (
            <Fact label="PDF document">
              {form.document.filename} ({formatFileSize(form.document.sizeBytes)}
              {form.document.pageCount ? `, ${form.document.pageCount} pages` : ''})
            </Fact>
          )}
        </SimpleGrid>
        {definition.description && (
          <Text size="sm" mt="md">
            {definition.description}
          </Text>
        )}
      </Paper>
      {form.frozen && (
        <Alert color="blue" variant="light" title="This version is frozen">
          It has been published or answered, so only wording can change. Clone the form to change its questions.
        </Alert>
      )}
      <Stack gap="xs">
        <Text fw={600} component="h2" size="lg" m={0}>
          Versions
        </Text>
        <Table withTableBorder aria-label="Versions" maw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Published</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.versions.map((version) => (
              <Table.Tr key={version.version}>
                <Table.Td>v{version.version}</Table.Td>
                <Table.Td>{STATUS_LABELS[version.status]}</Table.Td>
                <Table.Td>{formatDateTime(version.publishedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Stack>
  );
}

/**
 * Fill in the form as a recipient would, pre-populated with the viewer's own data on the school's date. Submitting
 * asks the server to validate (POST /forms/:id/validate): its errors land on the fields; nothing is stored.
 */
function FormPreview({ form }: { form: FormDetail }) {
  const person = usePrepopulation();
  const validate = useValidateAnswers();
  const [serverErrors, setServerErrors] = useState<ServerAnswerError[]>([]);
  const [accepted, setAccepted] = useState(false);
  const [attempt, setAttempt] = useState(0);

  if (person.isPending) return <LoadingState rows={6} label="Loading the preview" />;
  const { today: serverToday, ...personData } = person.data ?? {};
  const today = serverToday ?? browserToday();

  const submit = async (answers: Record<string, unknown>) => {
    setAccepted(false);
    const result = await validate
      .mutateAsync({ id: form.id, answers, version: form.version.version })
      .catch(() => null);
    if (!result) return;
    setServerErrors(result.errors);
    setAccepted(result.valid);
  };
  const startAgain = () => {
    setServerErrors([]);
    setAccepted(false);
    validate.reset();
    setAttempt((n) => n + 1);
  };

  const renderer = (
    <Stack gap="md" key={attempt}>
      <Text size="sm" c="dimmed">
        This is how recipients see the form, filled in with your own details where the form pre-populates them.
        Submitting checks the answers on the server; nothing is stored.
      </Text>
      {person.error && (
        <Alert color="yellow" variant="light">
          Your details could not be loaded, so nothing is pre-populated.
        </Alert>
      )}
      <ApiErrorAlert error={validate.error} />
      {accepted ? (
        <SuccessMessage title="Answers accepted">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">The server validated these answers: a recipient could submit them as they are.</Text>
            <Button size="xs" variant="white" onClick={startAgain}>
              Fill in again
            </Button>
          </Stack>
        </SuccessMessage>
      ) : (
        <FormRenderer
          version={form.version.definition}
          person={personData}
          today={today}
          serverErrors={serverErrors}
          submitLabel="Submit answers"
          onSubmit={submit}
        />
      )}
    </Stack>
  );

  if (form.kind !== 'PDF' || !form.document)
    return (
      <Paper withBorder p="lg" maw={820}>
        {renderer}
      </Paper>
    );
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <PdfPages source={formDocumentUrl(form.id)} title={form.document.filename} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        {/* The fields stay in view while the pages scroll beside them. */}
        <Paper
          withBorder
          p="lg"
          style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))' }}
        >
          {renderer}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** /formDetail/:formId and /shortFormDetail/:formId: the form's summary, its versions and a live preview. */
export function FormDetailPage() {
  const { formId } = useParams();
  const location = useLocation();
  const me = useMe();
  const form = useForm(formId);
  const [tab, setTab] = useState<string | null>('summary');

  if (form.isPending) return <LoadingState rows={6} label="Loading the form" />;
  if (form.error)
    return <ErrorState error={form.error} onRetry={() => void form.refetch()} title="Could not load the form" />;
  const detail = form.data;
  // Short forms live under /shortFormDetail, the others under /formDetail (spec route table).
  const expected = formDetailPath(detail);
  if (decodeURIComponent(location.pathname) !== decodeURIComponent(expected)) return <Navigate to={expected} replace />;

  return (
    <Stack>
      <PageHeader
        title={detail.name}
        description={`${KIND_LABELS[detail.kind]} · ${STATUS_LABELS[detail.version.status]} · version ${detail.version.version}`}
        actions={
          <Group gap="sm">
            <Button variant="default" component={Link} to="/sprySign/forms">
              All forms
            </Button>
            {hasPermission(me, 'forms:write') && (
              <Button component={Link} to={formBuilderPath(detail)}>
                Edit form
              </Button>
            )}
          </Group>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="summary">Summary</Tabs.Tab>
          <Tabs.Tab value="preview">Preview and fill in</Tabs.Tab>
          {detail.document && <Tabs.Tab value="document">PDF pages</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="summary" pt="lg">
          <FormSummary form={detail} />
          <Group mt="lg">
            <Button onClick={() => setTab('preview')}>Preview and fill in</Button>
          </Group>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="lg">
          <FormPreview form={detail} />
        </Tabs.Panel>
        {detail.document && (
          <Tabs.Panel value="document" pt="lg">
            <PdfPages source={formDocumentUrl(detail.id)} title={detail.document.filename} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

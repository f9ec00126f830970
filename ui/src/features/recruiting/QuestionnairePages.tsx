import {
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_STATUSES } from '../../../../domain/questionnaires';
import { wordCount } from '../../../../domain/recruiting';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { fieldErrors } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { formatFileSize, readAttachments } from '../../shared/form-renderer/attachment-answer';
import { FormRenderer } from '../../shared/form-renderer/FormRenderer';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import {
  questionnaireAttachmentUrl,
  useQuestionnaire,
  useQuestionnaireMeta,
  useQuestionnaires,
  useSaveQuestionnaire,
  useSetQuestionnaireActive,
  type Questionnaire,
} from './questionnaires.api';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const publicUrl = (q: Questionnaire) => `${window.location.origin}${q.publicPath}`;

function StatusBadge({ status }: { status: Questionnaire['status'] }) {
  return (
    <Badge variant="light" color={status === 'ACTIVE' ? 'teal' : 'gray'}>
      {QUESTIONNAIRE_STATUSES[status]}
    </Badge>
  );
}

function ActiveSwitch({ q }: { q: Questionnaire }) {
  const toggle = useSetQuestionnaireActive();
  const me = useMe();
  return (
    <Stack gap={4}>
      <Switch
        label={q.status === 'ACTIVE' ? 'Open to the public' : 'Closed'}
        checked={q.status === 'ACTIVE'}
        disabled={!hasPermission(me, 'recruiting:write') || toggle.isPending}
        onChange={(e) =>
          toggle.mutate(
            { id: q.id, active: e.currentTarget.checked },
            {
              onSuccess: (saved) =>
                notifications.show({
                  color: 'teal',
                  message: saved.status === 'ACTIVE' ? `${saved.name} is open.` : `${saved.name} is closed.`,
                }),
            },
          )
        }
      />
      <ApiErrorAlert error={toggle.error} />
    </Stack>
  );
}

/** /questionnaireListing: the school's questionnaires with their status, public link and response count. */
export function QuestionnaireListPage() {
  const list = useQuestionnaires();
  const me = useMe();
  const navigate = useNavigate();
  return (
    <Stack>
      <PageHeader
        title="Questionnaires"
        description="Public recruiting questionnaires: prospects answer at your custom link and land on your PSA list."
        actions={
          hasPermission(me, 'recruiting:write') && (
            <Button onClick={() => void navigate('/createQuestionnaire')}>New questionnaire</Button>
          )
        }
      />
      {list.isPending && <LoadingState label="Loading questionnaires" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <NothingHere
          title="No questionnaires yet"
          description="Build the questions in the form builder, publish the form, then create a questionnaire for it."
        />
      )}
      {list.data && list.data.length > 0 && (
        <TableScroll minWidth={760}>
          <Table striped aria-label="Questionnaires">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Public link</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Responses</Table.Th>
                <Table.Th>Last response</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((q) => (
                <Table.Tr key={q.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/questionnaireDetails?id=${q.id}`}>
                      {q.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {q.formName}
                      {q.sportTeam ? ` · ${q.sportTeam}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {q.publicPath}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={q.status} />
                  </Table.Td>
                  <Table.Td ta="right">{q.responseCount}</Table.Td>
                  <Table.Td>{q.lastResponseAt ? formatDateTime(q.lastResponseAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

/** /createQuestionnaire and /editQuestionnaire?id=: name, custom URL, the published form, the confirmation. */
export function QuestionnaireEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const existing = useQuestionnaire(id);
  if (id && existing.isPending) return <LoadingState label="Loading the questionnaire" />;
  if (id && existing.error) return <ErrorState error={existing.error} />;
  return <QuestionnaireForm key={id ?? 'new'} initial={existing.data?.questionnaire ?? null} />;
}

function QuestionnaireForm({ initial }: { initial: Questionnaire | null }) {
  const navigate = useNavigate();
  const meta = useQuestionnaireMeta();
  const save = useSaveQuestionnaire(initial?.id ?? null);
  const [name, setName] = useState(initial?.name ?? '');
  const [customUrl, setCustomUrl] = useState(initial?.customUrl ?? '');
  const [formId, setFormId] = useState<string | null>(initial?.formId ?? null);
  const [teamId, setTeamId] = useState<string | null>(initial?.sportTeamId ?? null);
  const [confirmation, setConfirmation] = useState(
    initial?.confirmationMessage ?? 'Thank you! Our coaching staff will review your answers and be in touch.',
  );
  const [active, setActive] = useState(initial ? initial.status === 'ACTIVE' : true);
  const errors = fieldErrors(save.error);
  const words = wordCount(confirmation);
  const title = initial ? 'Edit questionnaire' : 'New questionnaire';
  const submit = () =>
    save.mutate(
      { name, customUrl, formId: formId ?? '', confirmationMessage: confirmation, sportTeamId: teamId, active },
      {
        onSuccess: (q) => {
          notifications.show({ color: 'teal', message: `${q.name} saved.` });
          void navigate(`/questionnaireDetails?id=${q.id}`);
        },
      },
    );
  return (
    <Stack maw={720}>
      <PageHeader title={title} />
      <Card withBorder padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label="Custom URL"
              required
              description="Letters, numbers, hyphens and underscores only; unique in your school."
              value={customUrl}
              onChange={(e) => setCustomUrl(e.currentTarget.value)}
              error={errors.customUrl}
            />
            <Select
              label="Form"
              required
              description={
                <>
                  A published form of your school.{' '}
                  <Anchor component={Link} to="/forms" size="xs">
                    Build or publish one in the form builder
                  </Anchor>
                </>
              }
              placeholder={meta.isPending ? 'Loading forms' : 'Choose a form'}
              data={(meta.data?.forms ?? []).map((f) => ({ value: f.id, label: f.name }))}
              value={formId}
              onChange={setFormId}
              searchable
              nothingFoundMessage="No published forms"
              error={errors.formId}
            />
            <Select
              label="Team"
              description="Prospects who answer are added to this team's recruiting list."
              placeholder="No team"
              data={(meta.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name }))}
              value={teamId}
              onChange={setTeamId}
              clearable
              searchable
            />
            <Textarea
              label="Confirmation message"
              required
              autosize
              minRows={2}
              description={`Shown after submitting: ${words} of ${QUESTIONNAIRE_LIMITS.confirmationMaxWords} words.`}
              value={confirmation}
              onChange={(e) => setConfirmation(e.currentTarget.value)}
              error={
                errors.confirmationMessage ??
                (words > QUESTIONNAIRE_LIMITS.confirmationMaxWords ? 'Confirmation message max 30 words.' : undefined)
              }
            />
            <Switch label="Open to the public" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
            <ApiErrorAlert
              error={save.error}
              isShownInline={(f) => ['name', 'customUrl', 'formId', 'confirmationMessage'].includes(f)}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {initial ? 'Save changes' : 'Create questionnaire'}
              </Button>
              <Button variant="default" onClick={() => void navigate(-1)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

/** /questionnaireDetails?id=: the questionnaire, its public link, open/closed, and every response with its prospect. */
export function QuestionnaireDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const details = useQuestionnaire(id);
  const me = useMe();
  const navigate = useNavigate();
  if (!id) return <ErrorState error={null} title="Choose a questionnaire from the list" />;
  if (details.isPending) return <LoadingState label="Loading the questionnaire" />;
  if (details.error) return <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  const { questionnaire: q, responses, form } = details.data;
  const labels = new Map((form?.elements ?? []).map((e) => [e.id, e.label || e.dataLabel || e.id]));
  return (
    <Stack>
      <PageHeader
        title={q.name}
        description={`${q.formName}${q.sportTeam ? ` · ${q.sportTeam}` : ''} · ${plural(q.responseCount, 'response')}`}
        actions={
          <>
            <Button variant="default" component={Link} to={`/questionnaire?id=${q.id}`}>
              Preview
            </Button>
            {hasPermission(me, 'recruiting:write') && (
              <Button variant="default" onClick={() => void navigate(`/editQuestionnaire?id=${q.id}`)}>
                Edit
              </Button>
            )}
          </>
        }
      />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <StatusBadge status={q.status} />
            <ActiveSwitch q={q} />
          </Group>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              Public link:
            </Text>
            <Anchor href={q.publicPath} target="_blank" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {publicUrl(q)}
            </Anchor>
            <CopyButton value={publicUrl(q)}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            <Text span fw={600}>
              Confirmation message:
            </Text>{' '}
            {q.confirmationMessage}
          </Text>
        </Stack>
      </Card>
      {responses.length === 0 ? (
        <NothingHere title="No responses yet" description="Share the public link with prospects." />
      ) : (
        <TableScroll minWidth={720}>
          <Table striped aria-label="Responses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Prospect</Table.Th>
                <Table.Th>Submitted</Table.Th>
                <Table.Th>Answers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {responses.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/psaProfile/${r.psaId}`}>
                      {r.psaName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {r.email}
                      {r.createdPsa ? ' · new prospect' : ' · updated prospect'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.submittedAt)}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {Object.entries(r.answers).map(([elementId, value]) => (
                        <Text size="sm" key={elementId} component="div">
                          <Text span fw={600}>
                            {labels.get(elementId) ?? 'Answer'}:
                          </Text>{' '}
                          <AnswerValue questionnaireId={q.id} value={value} />
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}

/** An attachment answer as links that download each file; any other answer as one line of text. */
function AnswerValue({ questionnaireId, value }: { questionnaireId: string; value: unknown }) {
  const files = readAttachments(value).filter((f) => typeof f.fileId === 'string' && f.fileId);
  if (files.length === 0) return <>{describeAnswer(value)}</>;
  return (
    <>
      {files.map((f, i) => (
        <Text span key={f.fileId} style={{ overflowWrap: 'anywhere' }}>
          {i > 0 && ', '}
          <Anchor
            href={questionnaireAttachmentUrl(questionnaireId, f.fileId)}
            download={f.name}
            aria-label={`Download ${f.name}`}
          >
            {f.name}
          </Anchor>
          {typeof f.size === 'number' && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({formatFileSize(f.size)})
            </Text>
          )}
        </Text>
      ))}
    </>
  );
}

/** An answer as one line: text as typed, files by name, lists joined, anything structured as its values. */
function describeAnswer(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(describeAnswer).join(', ');
  if (typeof value === 'object') {
    const file = value as { name?: unknown; fileId?: unknown };
    if (typeof file.name === 'string' && typeof file.fileId === 'string') return file.name;
    return Object.values(value as Record<string, unknown>)
      .map(describeAnswer)
      .join(' ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** /questionnaire?id=: the form as prospects will see it, without sending anything. */
export function QuestionnairePreviewPage() {
  const [params] = useSearchParams();
  const details = useQuestionnaire(params.get('id'));
  if (!params.get('id')) return <ErrorState error={null} title="Choose a questionnaire from the list" />;
  if (details.isPending) return <LoadingState label="Loading the questionnaire" />;
  if (details.error) return <ErrorState error={details.error} />;
  const { questionnaire: q, form } = details.data;
  return (
    <Stack maw={760}>
      <PageHeader
        title={`Preview: ${q.name}`}
        description="What prospects see after their contact details. Nothing is sent."
      />
      {form ? (
        <Card withBorder padding="md">
          <FormRenderer version={form} today={new Date().toISOString().slice(0, 10)} submitLabel="Check answers" />
        </Card>
      ) : (
        <NothingHere
          title="The form is not published"
          description="Publish it in the form builder to open this questionnaire."
        />
      )}
    </Stack>
  );
}

import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  EDUCATION_LIMITS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type ContentKind,
  type QuestionType,
} from '../../../../domain/education';
import { countWords } from '../../../../domain/text';
import { fieldErrors } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { DateField } from '../../shared/DateField';
import { DialogModal } from '../../shared/DialogModal';
import { formatDate, formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import {
  useAssignContent,
  useAudience,
  useContentAction,
  useCreateContent,
  useEditContent,
  useEditorContent,
  useLibrary,
  type EditorView,
  type NewContent,
} from './education.api';
import {
  ASSIGNEE_STATUS_LABELS,
  CONTENT_KIND_LABELS,
  CONTENT_STATUS_LABELS,
  detailsPathOf,
  kindOfSegment,
  PROGRESS_COLORS,
  STATUS_COLORS,
} from './labels';

interface QuestionDraft {
  type: QuestionType;
  prompt: string;
  choices: string[];
  correct: number[];
}
interface Draft {
  headline: string;
  topic: string;
  category: string;
  author: string;
  estimatedMinutes: number | '';
  description: string;
  articleText: string;
  videoUrl: string;
  thumbnailUrl: string;
  required: boolean;
  completeBy: string;
  moduleIds: string[];
  timeLimitMinutes: number | '';
  passingScore: number | '';
  maxAttempts: number | '';
  shuffleQuestions: boolean;
  shuffleAnswers: boolean;
  allowContinue: boolean;
  dueDate: string;
  excludedEmails: string;
  questions: QuestionDraft[];
}

const blankQuestion = (): QuestionDraft => ({
  type: 'MULTIPLE_CHOICE',
  prompt: '',
  choices: ['', '', '', ''],
  correct: [],
});

function draftOf(view: EditorView | null): Draft {
  const q = view?.quiz;
  return {
    headline: view?.headline ?? '',
    topic: view?.topic ?? '',
    category: view?.category ?? '',
    author: view?.author ?? '',
    estimatedMinutes: view?.estimatedMinutes ?? '',
    description: view?.description ?? '',
    articleText: view?.articleText ?? '',
    videoUrl: view?.videoUrl ?? '',
    thumbnailUrl: view?.thumbnailUrl ?? '',
    required: view?.required ?? false,
    completeBy: view?.completeBy ?? '',
    moduleIds: view?.moduleIds ?? [],
    timeLimitMinutes: q?.settings.timeLimitMinutes ?? 10,
    passingScore: q?.settings.passingScore ?? 70,
    maxAttempts: q?.settings.maxAttempts ?? '',
    shuffleQuestions: q?.settings.shuffleQuestions ?? false,
    shuffleAnswers: q?.settings.shuffleAnswers ?? false,
    allowContinue: q?.settings.allowContinue ?? true,
    dueDate: q?.settings.dueDate ?? '',
    excludedEmails: (q?.settings.excludedEmails ?? []).join(', '),
    questions: q
      ? q.questions.map((x) => ({
          type: x.type,
          prompt: x.prompt,
          choices: x.choices.map((c) => c.text),
          correct: x.correctChoiceIds.map((id) => x.choices.findIndex((c) => c.id === id)),
        }))
      : [blankQuestion()],
  };
}

function bodyOf(kind: ContentKind, d: Draft): Omit<NewContent, 'kind'> {
  const opt = (s: string) => (s.trim() === '' ? null : s);
  return {
    headline: d.headline,
    topic: opt(d.topic),
    category: opt(d.category),
    author: opt(d.author),
    estimatedMinutes: d.estimatedMinutes === '' ? null : d.estimatedMinutes,
    description: opt(d.description),
    articleText: kind === 'ARTICLE' ? d.articleText : null,
    videoUrl: kind === 'VIDEO' || kind === 'PRESENTATION' ? opt(d.videoUrl) : null,
    thumbnailUrl: opt(d.thumbnailUrl),
    required: d.required,
    completeBy: opt(d.completeBy),
    ...(kind === 'COURSE' ? { moduleIds: d.moduleIds } : {}),
    ...(kind === 'QUIZ'
      ? {
          quiz: {
            settings: {
              timeLimitMinutes: d.timeLimitMinutes === '' ? 0 : d.timeLimitMinutes,
              passingScore: d.passingScore === '' ? 0 : d.passingScore,
              maxAttempts: d.maxAttempts === '' ? null : d.maxAttempts,
              shuffleQuestions: d.shuffleQuestions,
              shuffleAnswers: d.shuffleAnswers,
              allowContinue: d.allowContinue,
              dueDate: opt(d.dueDate),
              excludedEmails: d.excludedEmails
                .split(/[,\s]+/)
                .map((e) => e.trim())
                .filter(Boolean),
            },
            questions: d.questions.map((q) => ({
              type: q.type,
              prompt: q.prompt,
              ...(q.type === 'BOOLEAN' ? {} : { choices: q.choices }),
              correct: q.correct,
            })),
          },
        }
      : {}),
  };
}

function QuestionEditor({
  index,
  q,
  onChange,
  onRemove,
}: {
  index: number;
  q: QuestionDraft;
  onChange: (q: QuestionDraft) => void;
  onRemove: () => void;
}) {
  const choices = q.type === 'BOOLEAN' ? ['True', 'False'] : q.choices;
  const multiple = q.type === 'MULTIPLE_CHOICE';
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Question {index + 1}</Text>
          <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
            Remove question {index + 1}
          </Button>
        </Group>
        <Select
          label="Question type"
          data={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
          value={q.type}
          allowDeselect={false}
          onChange={(v) => {
            const type = (v ?? 'MULTIPLE_CHOICE') as QuestionType;
            const base = type === 'BOOLEAN' ? ['True', 'False'] : q.choices.length >= 2 ? q.choices : ['', '', '', ''];
            onChange({ ...q, type, choices: base, correct: [] });
          }}
        />
        <TextInput
          label="Question"
          required
          value={q.prompt}
          onChange={(e) => onChange({ ...q, prompt: e.currentTarget.value })}
        />
        <Text size="xs" c="dimmed">
          {multiple
            ? `At least ${EDUCATION_LIMITS.quizMinChoices} answers; tick every right one.`
            : 'Choose the one right answer.'}
        </Text>
        {choices.map((c, i) => (
          <Group key={i} gap="xs" wrap="nowrap">
            {multiple ? (
              <Checkbox
                aria-label={`Answer ${i + 1} is right`}
                checked={q.correct.includes(i)}
                onChange={(e) =>
                  onChange({
                    ...q,
                    correct: e.currentTarget.checked ? [...q.correct, i] : q.correct.filter((x) => x !== i),
                  })
                }
              />
            ) : (
              <Radio
                aria-label={`Answer ${i + 1} is right`}
                checked={q.correct[0] === i}
                onChange={() => onChange({ ...q, correct: [i] })}
              />
            )}
            <TextInput
              style={{ flex: 1 }}
              aria-label={`Answer ${i + 1}`}
              value={c}
              disabled={q.type === 'BOOLEAN'}
              onChange={(e) => {
                const next = [...q.choices];
                next[i] = e.currentTarget.value;
                onChange({ ...q, choices: next });
              }}
            />
            {q.type !== 'BOOLEAN' && choices.length > 2 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove answer ${i + 1}`}
                onClick={() =>
                  onChange({
                    ...q,
                    choices: q.choices.filter((_, j) => j !== i),
                    correct: q.correct.filter((x) => x !== i).map((x) => (x > i ? x - 1 : x)),
                  })
                }
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {q.type !== 'BOOLEAN' && q.choices.length < EDUCATION_LIMITS.maxChoices && (
          <Button variant="subtle" size="xs" onClick={() => onChange({ ...q, choices: [...q.choices, ''] })}>
            Add an answer
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function ContentForm({ kind, view }: { kind: ContentKind; view: EditorView | null }) {
  const [d, setD] = useState<Draft>(() => draftOf(view));
  const navigate = useNavigate();
  const create = useCreateContent();
  const edit = useEditContent(view?.id ?? '');
  const mutation = view ? edit : create;
  const modules = useLibrary({ limit: 200 });
  const errors = fieldErrors(mutation.error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((x) => ({ ...x, [key]: value }));
  const descLimit =
    kind === 'COURSE' ? EDUCATION_LIMITS.courseDescriptionUnderChars : EDUCATION_LIMITS.descriptionUnderChars;
  const save = () => {
    const body = bodyOf(kind, d);
    if (view) edit.mutate(body);
    else create.mutate({ kind, ...body }, { onSuccess: (v) => void navigate(detailsPathOf(v.kind, v.id)) });
  };
  return (
    <Stack>
      <Card withBorder>
        <Stack gap="sm">
          <TextInput
            label="Headline"
            required
            value={d.headline}
            error={errors.headline}
            onChange={(e) => set('headline', e.currentTarget.value)}
          />
          <Group grow>
            <TextInput label="Topic" value={d.topic} onChange={(e) => set('topic', e.currentTarget.value)} />
            <TextInput label="Category" value={d.category} onChange={(e) => set('category', e.currentTarget.value)} />
          </Group>
          <Group grow>
            <TextInput
              label="Author or source"
              value={d.author}
              onChange={(e) => set('author', e.currentTarget.value)}
            />
            <NumberInput
              label="Estimated time (minutes)"
              min={1}
              max={EDUCATION_LIMITS.maxEstimatedMinutes}
              value={d.estimatedMinutes}
              onChange={(v) => set('estimatedMinutes', typeof v === 'number' ? v : '')}
            />
          </Group>
          <Textarea
            label="Description"
            description={`${d.description.length} of fewer than ${descLimit.toLocaleString('en-US')} characters`}
            autosize
            minRows={2}
            value={d.description}
            error={errors.description}
            onChange={(e) => set('description', e.currentTarget.value)}
          />
          {kind === 'ARTICLE' && (
            <Textarea
              label="Article"
              description={`${countWords(d.articleText).toLocaleString('en-US')} of at most ${EDUCATION_LIMITS.articleMaxWords.toLocaleString('en-US')} words. Leave a blank line between paragraphs.`}
              required
              autosize
              minRows={8}
              value={d.articleText}
              error={errors.articleText}
              onChange={(e) => set('articleText', e.currentTarget.value)}
            />
          )}
          {(kind === 'VIDEO' || kind === 'PRESENTATION') && (
            <TextInput
              label={kind === 'VIDEO' ? 'Video link' : 'Presentation link (PDF)'}
              required={kind === 'VIDEO'}
              placeholder="https://"
              value={d.videoUrl}
              error={errors.videoUrl}
              onChange={(e) => set('videoUrl', e.currentTarget.value)}
            />
          )}
          <TextInput
            label="Thumbnail link"
            placeholder="https://"
            value={d.thumbnailUrl}
            error={errors.thumbnailUrl}
            onChange={(e) => set('thumbnailUrl', e.currentTarget.value)}
          />
          {kind === 'COURSE' && (
            <MultiSelect
              label="Modules, in order"
              required
              searchable
              error={errors.moduleIds}
              data={(modules.data?.items ?? [])
                .filter((m) => m.kind !== 'COURSE' && m.id !== view?.id)
                .map((m) => ({ value: m.id, label: `${m.headline} (${CONTENT_KIND_LABELS[m.kind]})` }))}
              value={d.moduleIds}
              onChange={(v) => set('moduleIds', v)}
            />
          )}
          <Group>
            <Switch label="Required" checked={d.required} onChange={(e) => set('required', e.currentTarget.checked)} />
            <DateField
              label="Complete by"
              value={d.completeBy}
              error={errors.completeBy}
              onChange={(v) => set('completeBy', v)}
            />
          </Group>
        </Stack>
      </Card>
      {kind === 'QUIZ' && (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Quiz settings
            </Title>
            <Group grow>
              <NumberInput
                label="Time limit (minutes)"
                description={`At most ${EDUCATION_LIMITS.quizMaxMinutes} minutes`}
                min={1}
                value={d.timeLimitMinutes}
                error={errors['quiz.settings.timeLimitMinutes'] ?? errors['quiz.timeLimitMinutes']}
                onChange={(v) => set('timeLimitMinutes', typeof v === 'number' ? v : '')}
              />
              <NumberInput
                label="Passing score (%)"
                min={0}
                max={100}
                value={d.passingScore}
                onChange={(v) => set('passingScore', typeof v === 'number' ? v : '')}
              />
              <NumberInput
                label="Most attempts"
                description="Empty for no limit"
                min={1}
                max={EDUCATION_LIMITS.maxAttempts}
                value={d.maxAttempts}
                onChange={(v) => set('maxAttempts', typeof v === 'number' ? v : '')}
              />
            </Group>
            <Group>
              <Switch
                label="Shuffle questions"
                checked={d.shuffleQuestions}
                onChange={(e) => set('shuffleQuestions', e.currentTarget.checked)}
              />
              <Switch
                label="Shuffle answers"
                checked={d.shuffleAnswers}
                onChange={(e) => set('shuffleAnswers', e.currentTarget.checked)}
              />
              <Switch
                label="Allow continue"
                checked={d.allowContinue}
                onChange={(e) => set('allowContinue', e.currentTarget.checked)}
              />
            </Group>
            <Group grow>
              <DateField label="Due date" value={d.dueDate} onChange={(v) => set('dueDate', v)} />
              <TextInput
                label="No time limit for (e-mails)"
                description="Accessibility exclusions, separated by commas"
                value={d.excludedEmails}
                onChange={(e) => set('excludedEmails', e.currentTarget.value)}
              />
            </Group>
            {d.questions.map((q, i) => (
              <QuestionEditor
                key={i}
                index={i}
                q={q}
                onChange={(next) =>
                  set(
                    'questions',
                    d.questions.map((x, j) => (j === i ? next : x)),
                  )
                }
                onRemove={() =>
                  set(
                    'questions',
                    d.questions.filter((_, j) => j !== i),
                  )
                }
              />
            ))}
            <Group>
              <Button variant="light" onClick={() => set('questions', [...d.questions, blankQuestion()])}>
                Add a question
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <ApiErrorAlert
        error={mutation.error}
        isShownInline={(f) =>
          ['headline', 'description', 'articleText', 'videoUrl', 'moduleIds'].includes(f.replace(/^\/?(body\/)?/, ''))
        }
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={mutation.isPending}>
          {view ? 'Save changes' : 'Save to library'}
        </Button>
      </Group>
    </Stack>
  );
}

function AssignDialog({ view, opened, onClose }: { view: EditorView; opened: boolean; onClose: () => void }) {
  const audience = useAudience(opened);
  const assign = useAssignContent(view.id);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [dueDate, setDueDate] = useState(view.completeBy ?? '');
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={`Assign "${view.headline}"`}
      actionLabel="Assign"
      loading={assign.isPending}
      error={assign.error}
      onAction={() => assign.mutate({ teamIds, userIds, dueDate: dueDate || null }, { onSuccess: () => onClose() })}
    >
      <Stack gap="sm">
        <MultiSelect
          label="Teams"
          searchable
          data={(audience.data?.teams ?? []).map((t) => ({
            value: t.id,
            label: `${t.name} (${countOf(t.athletes, 'athlete')})`,
          }))}
          value={teamIds}
          onChange={setTeamIds}
        />
        <MultiSelect
          label="Athletes"
          searchable
          data={(audience.data?.athletes ?? []).map((a) => ({ value: a.id, label: a.name }))}
          value={userIds}
          onChange={setUserIds}
        />
        <DateField label="Due date" required value={dueDate} onChange={setDueDate} />
        <Text size="xs" c="dimmed">
          Each athlete gets a My Tasks item and a reminder before the due date; those not done by then show as overdue.
        </Text>
      </Stack>
    </DialogModal>
  );
}

function ContentDetails({ view }: { view: EditorView }) {
  const action = useContentAction(view.id);
  const [assigning, setAssigning] = useState(false);
  const [editing, setEditing] = useState(false);
  return (
    <Stack>
      <PageHeader
        title={view.headline}
        description={
          <>
            {CONTENT_KIND_LABELS[view.kind]} · changed {formatDateTime(view.updatedAt, view.timeZone)}
          </>
        }
        actions={
          <>
            <Badge color={STATUS_COLORS[view.status]} variant="light" size="lg">
              {CONTENT_STATUS_LABELS[view.status]}
            </Badge>
            {view.actions.canPublish && (
              <Button
                onClick={() => action.mutate('publish')}
                loading={action.isPending && action.variables === 'publish'}
              >
                Publish
              </Button>
            )}
            {view.actions.canAssign && (
              <Button variant="light" onClick={() => setAssigning(true)}>
                Assign
              </Button>
            )}
            {view.actions.canEdit && (
              <Button variant="default" onClick={() => setEditing((e) => !e)}>
                {editing ? 'Close editor' : 'Edit'}
              </Button>
            )}
            {view.actions.canRecall && (
              <Button variant="default" color="orange" onClick={() => action.mutate('recall')}>
                Recall
              </Button>
            )}
            {view.actions.canArchive && (
              <Button variant="subtle" color="red" onClick={() => action.mutate('archive')}>
                Archive
              </Button>
            )}
          </>
        }
      />
      <ApiErrorAlert error={action.error} />
      {editing ? (
        <ContentForm key={view.updatedAt} kind={view.kind} view={view} />
      ) : (
        <Card withBorder>
          <Stack gap="xs">
            {view.description && <Text>{view.description}</Text>}
            <Text size="sm" c="dimmed">
              {[view.topic, view.category, view.author, view.estimatedMinutes ? `${view.estimatedMinutes} min` : null]
                .filter(Boolean)
                .join(' · ') || 'No topic, category or author yet.'}
            </Text>
            {view.required && (
              <Text size="sm">Required{view.completeBy ? `, complete by ${formatDate(view.completeBy)}` : ''}.</Text>
            )}
            {view.quiz && (
              <Text size="sm">
                {countOf(view.quiz.questions.length, 'question')}, {view.quiz.settings.timeLimitMinutes} minutes, pass
                at {view.quiz.settings.passingScore}%,{' '}
                {view.quiz.settings.maxAttempts
                  ? countOf(view.quiz.settings.maxAttempts, 'attempt')
                  : 'any number of attempts'}
                .
              </Text>
            )}
          </Stack>
        </Card>
      )}
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Progress
        </Title>
        {view.progress.length === 0 ? (
          <NothingHere
            title="Not assigned yet"
            description={
              view.actions.canAssign ? 'Assign it to athletes or teams.' : 'Publish it first, then assign it.'
            }
          />
        ) : (
          <TableScroll minWidth={480}>
            <Table aria-label="Progress per athlete">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Athlete</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Progress</Table.Th>
                  <Table.Th>Completed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.progress.map((p) => (
                  <Table.Tr key={`${p.assignmentId}-${p.userId}`}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{formatDate(p.dueDate)}</Table.Td>
                    <Table.Td>
                      <Badge color={PROGRESS_COLORS[p.status]} variant="light">
                        {ASSIGNEE_STATUS_LABELS[p.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{p.completedAt ? formatDateTime(p.completedAt, view.timeZone) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Card>
      {assigning && <AssignDialog view={view} opened={assigning} onClose={() => setAssigning(false)} />}
    </Stack>
  );
}

/** `/addEducationContent/:contentType`: a new article, video, presentation, course or quiz. */
export function AddContentPage() {
  const { contentType } = useParams();
  const kind = kindOfSegment(contentType);
  if (!kind)
    return (
      <NothingHere title="Unknown kind of content" description="Choose article, video, presentation, course or quiz." />
    );
  return (
    <Stack>
      <PageHeader
        title={`New ${CONTENT_KIND_LABELS[kind].toLowerCase()}`}
        description="It is saved to your library; publish it when it is ready."
      />
      <ContentForm kind={kind} view={null} />
    </Stack>
  );
}

/** `/contentDetails/:contentType/:id`: one piece of content with its actions, editor and progress. */
export function ContentDetailsPage() {
  const { id } = useParams();
  const view = useEditorContent(id ?? null);
  if (view.isLoading) return <LoadingState />;
  if (view.error) return <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  return view.data ? <ContentDetails view={view.data} /> : null;
}

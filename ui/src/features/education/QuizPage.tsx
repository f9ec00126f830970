import { Alert, Badge, Button, Card, Checkbox, Group, Progress, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDate, formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import {
  useAnswer,
  useAttempt,
  useOpenContent,
  useStartAttempt,
  useSubmitAttempt,
  type OpenAttempt,
} from './education.api';
import { QUIZ_STATE_LABELS } from './labels';

/** mm:ss of what is left. */
function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The time left by the server's deadline. The browser's own clock may be wrong: the offset between the server's
 * "now" (sent with the attempt) and the browser's is taken once, and the countdown runs on that.
 */
function useTimeLeft(attempt: OpenAttempt): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const offset = Date.parse(attempt.serverNow) - Date.now();
    const tick = () => setNow(Date.now() + offset);
    const first = setTimeout(tick, 0);
    const t = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(t);
    };
  }, [attempt.serverNow]);
  if (!attempt.deadlineAt) return null;
  return now === null
    ? Date.parse(attempt.deadlineAt) - Date.parse(attempt.serverNow)
    : Date.parse(attempt.deadlineAt) - now;
}

function TakeQuiz({ attempt, onDone }: { attempt: OpenAttempt; onDone: (attemptId: string) => void }) {
  const [answers, setAnswers] = useState<Record<string, string[]>>(attempt.answers);
  const answer = useAnswer(attempt.id);
  const submit = useSubmitAttempt(attempt.id);
  const left = useTimeLeft(attempt);
  const total = attempt.deadlineAt ? Date.parse(attempt.deadlineAt) - Date.parse(attempt.startedAt) : null;
  const timeUp = left !== null && left <= 0;
  const ended = useRef(false);
  useEffect(() => {
    if (timeUp && !ended.current) {
      ended.current = true;
      // The server closes the attempt on what was saved in time; the result page reads it.
      onDone(attempt.id);
    }
  }, [timeUp, attempt.id, onDone]);
  const choose = (questionId: string, choiceIds: string[]) => {
    setAnswers((a) => ({ ...a, [questionId]: choiceIds }));
    answer.mutate({ questionId, choiceIds });
  };
  const answered = attempt.questions.filter((q) => (answers[q.id] ?? []).length > 0).length;
  return (
    <Stack>
      <Card withBorder pos="sticky" style={{ zIndex: 2, top: 'var(--app-shell-header-height, 56px)' }}>
        <Group justify="space-between">
          <Text size="sm">
            Attempt {attempt.seq}
            {attempt.maxAttempts ? ` of ${attempt.maxAttempts}` : ''} · {answered} of{' '}
            {countOf(attempt.questions.length, 'question')} answered
          </Text>
          {left !== null ? (
            <Text
              fw={700}
              role="timer"
              aria-live="off"
              aria-label={`Time left ${clock(left)}`}
              c={left < 60_000 ? 'red' : undefined}
            >
              Time left {clock(left)}
            </Text>
          ) : (
            <Text size="sm">No time limit</Text>
          )}
        </Group>
        {left !== null && total && (
          <Progress
            value={(Math.max(0, left) / total) * 100}
            color={left < 60_000 ? 'red' : 'blue'}
            mt="xs"
            aria-hidden
          />
        )}
      </Card>
      {timeUp && (
        <Alert color="red" variant="light" role="alert">
          Time is up. Your answers saved in time are being graded.
        </Alert>
      )}
      {attempt.questions.map((q, i) => (
        <Card withBorder key={q.id}>
          <Stack gap="xs">
            <Text fw={600}>
              {i + 1}. {q.prompt}
            </Text>
            {q.multiple ? (
              <Checkbox.Group
                aria-label={`Question ${i + 1}`}
                description="Choose every right answer."
                value={answers[q.id] ?? []}
                onChange={(v) => choose(q.id, v)}
              >
                <Stack gap={6} mt={4}>
                  {q.choices.map((c) => (
                    <Checkbox key={c.id} value={c.id} label={c.text} disabled={timeUp} />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : (
              <Radio.Group
                aria-label={`Question ${i + 1}`}
                value={(answers[q.id] ?? [])[0] ?? null}
                onChange={(v) => choose(q.id, [v])}
              >
                <Stack gap={6}>
                  {q.choices.map((c) => (
                    <Radio key={c.id} value={c.id} label={c.text} disabled={timeUp} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </Stack>
        </Card>
      ))}
      <ApiErrorAlert error={submit.error ?? (isApiError(answer.error) ? answer.error : null)} />
      <Group justify="flex-end">
        <Button
          onClick={() =>
            submit.mutate(answers, { onSuccess: () => onDone(attempt.id), onError: () => onDone(attempt.id) })
          }
          loading={submit.isPending}
          disabled={timeUp}
        >
          Submit answers
        </Button>
      </Group>
    </Stack>
  );
}

/** `/quiz/:contentId`: a quiz's rules, the athlete's attempts, and taking it against the server's clock. */
export function QuizPage() {
  const { contentId } = useParams();
  const navigate = useNavigate();
  const content = useOpenContent(contentId);
  const start = useStartAttempt(contentId ?? '');
  const [taking, setTaking] = useState<OpenAttempt | null>(null);
  const resumeId = content.data?.quiz?.openAttemptId;
  const resume = useAttempt(taking ? undefined : (resumeId ?? undefined));
  if (content.isLoading) return <LoadingState />;
  if (content.error) return <ErrorState error={content.error} onRetry={() => void content.refetch()} />;
  const c = content.data;
  if (!c?.quiz) return <ErrorState error={new Error('Not a quiz')} />;
  const quiz = c.quiz;
  const done = (attemptId: string) => void navigate(`/quizResult/${attemptId}`);
  if (taking) {
    return (
      <Stack>
        <PageHeader title={c.headline} description={`Pass at ${quiz.passingScore}%.`} />
        <TakeQuiz attempt={taking} onDone={done} />
      </Stack>
    );
  }
  const begin = () =>
    resume.data?.open ? setTaking(resume.data.open) : start.mutate(undefined, { onSuccess: (a) => setTaking(a) });
  return (
    <Stack>
      <PageHeader
        title={c.headline}
        description={c.description ?? undefined}
        actions={
          <Badge
            size="lg"
            variant="light"
            color={quiz.state === 'PASSED' ? 'green' : quiz.state === 'NOT_PASSED' ? 'red' : 'gray'}
          >
            {QUIZ_STATE_LABELS[quiz.state]}
          </Badge>
        }
      />
      <Card withBorder>
        <Stack gap={4}>
          <Text>
            {countOf(quiz.questionCount, 'question')} · {quiz.timeLimitMinutes} minutes · pass at {quiz.passingScore}%
          </Text>
          <Text size="sm" c="dimmed">
            {quiz.maxAttempts
              ? `${quiz.attemptsUsed} of ${countOf(quiz.maxAttempts, 'attempt')} used.`
              : `${countOf(quiz.attemptsUsed, 'attempt')} so far; no limit.`}
            {quiz.dueDate ? ` Due ${formatDate(quiz.dueDate)}.` : ''} The clock starts when you start and keeps running
            if you close the page.
          </Text>
        </Stack>
      </Card>
      {quiz.blockedReason ? (
        <Alert color={quiz.state === 'PASSED' ? 'green' : 'red'} variant="light" role="status">
          {quiz.blockedReason}
        </Alert>
      ) : (
        <Group>
          <Button onClick={begin} loading={start.isPending || resume.isLoading}>
            {resumeId ? 'Continue the quiz' : quiz.attemptsUsed > 0 ? 'Try again' : 'Start the quiz'}
          </Button>
        </Group>
      )}
      <ApiErrorAlert error={start.error} />
      {quiz.attempts.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Your attempts
          </Title>
          <TableScroll minWidth={420}>
            <Table aria-label="Your attempts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Attempt</Table.Th>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Score</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {quiz.attempts.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.seq}</Table.Td>
                    <Table.Td>{formatDateTime(a.submittedAt, c.timeZone)}</Table.Td>
                    <Table.Td>{a.score}%</Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => done(a.id)}>
                        {a.passed ? 'Passed' : 'Not passed'}: see answers
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Card>
      )}
    </Stack>
  );
}

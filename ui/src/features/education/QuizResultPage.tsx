import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import { useAttempt } from './education.api';

/** `/quizResult/:quizId` (an attempt's id): the score, pass or not, and now the right answers. */
export function QuizResultPage() {
  const { quizId } = useParams();
  const attempt = useAttempt(quizId);
  if (attempt.isLoading) return <LoadingState />;
  if (attempt.error) return <ErrorState error={attempt.error} onRetry={() => void attempt.refetch()} />;
  const r = attempt.data?.result;
  if (!r) {
    return (
      <Alert color="blue" variant="light">
        This attempt is still open.{' '}
        {attempt.data?.open && <Link to={`/quiz/${attempt.data.open.contentId}`}>Go back to the quiz</Link>}
      </Alert>
    );
  }
  return (
    <Stack>
      <PageHeader
        title={`Result: ${r.headline}`}
        description={`Attempt ${r.seq}${r.maxAttempts ? ` of ${r.maxAttempts}` : ''}, submitted ${formatDateTime(r.submittedAt)}`}
        actions={
          <Badge size="xl" color={r.passed ? 'green' : 'red'} variant="light">
            {r.passed ? 'Passed' : 'Not passed'}
          </Badge>
        }
      />
      <Card withBorder>
        <Text size="lg" fw={700}>
          {r.score}%
        </Text>
        <Text size="sm" c="dimmed">
          {r.correct} of {r.total} right; {r.passingScore}% passes.
        </Text>
      </Card>
      {r.blockedReason && !r.passed && (
        <Alert color="red" variant="light" role="status">
          {r.blockedReason}
        </Alert>
      )}
      <Group>
        {r.canRetry && (
          <Button component={Link} to={`/quiz/${r.contentId}`}>
            Try again
          </Button>
        )}
        <Button component={Link} to="/education/required" variant="default">
          Back to required education
        </Button>
      </Group>
      {r.questions.map((q, i) => (
        <Card withBorder key={q.id}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>
                {i + 1}. {q.prompt}
              </Text>
              <Badge color={q.correct ? 'green' : 'red'} variant="light">
                {q.correct ? 'Right' : 'Wrong'}
              </Badge>
            </Group>
            {q.choices.map((c) => {
              const right = q.correctChoiceIds.includes(c.id);
              const chosen = q.chosen.includes(c.id);
              return (
                <Text key={c.id} size="sm" fw={right ? 600 : undefined}>
                  {right ? '✓ ' : chosen ? '✗ ' : '\u2003'}
                  {c.text}
                  {chosen ? ' (your answer)' : ''}
                  {right ? ' (right answer)' : ''}
                </Text>
              );
            })}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

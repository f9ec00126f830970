import { Anchor, Badge, Button, Card, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDate, formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../shared/states';
import { useCompleteContent, useOpenContent, type OpenContent } from './education.api';
import { CONTENT_KIND_LABELS, openPathOf } from './labels';

function Article({ text }: { text: string }) {
  return (
    <Stack gap="sm">
      {text.split(/\n\s*\n/).map((p, i) => (
        <Text key={i} style={{ whiteSpace: 'pre-line' }}>
          {p}
        </Text>
      ))}
    </Stack>
  );
}

function Body({ c }: { c: OpenContent }) {
  if (c.kind === 'ARTICLE' && c.articleText) return <Article text={c.articleText} />;
  if ((c.kind === 'VIDEO' || c.kind === 'PRESENTATION') && c.videoUrl) {
    const isFile = /\.(mp4|webm|ogg)(\?|$)/i.test(c.videoUrl);
    return c.kind === 'VIDEO' && isFile ? (
      <video src={c.videoUrl} controls style={{ width: '100%', maxWidth: 800 }} aria-label={c.headline} />
    ) : (
      <Anchor href={c.videoUrl} target="_blank" rel="noopener noreferrer">
        Open the {c.kind === 'VIDEO' ? 'video' : 'presentation'} in a new tab
      </Anchor>
    );
  }
  if (c.kind === 'COURSE') {
    const done = c.modules.filter((m) => m.completed).length;
    return (
      <Stack gap="xs">
        <Text size="sm">
          {done} of {countOf(c.modules.length, 'module')} completed
        </Text>
        <List spacing="xs" type="ordered">
          {c.modules.map((m) => (
            <List.Item
              key={m.id}
              icon={
                <ThemeIcon size={20} radius="xl" color={m.completed ? 'green' : 'gray'} aria-hidden>
                  {m.completed ? '✓' : '·'}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to={openPathOf(m.kind, m.id)}>
                {m.headline}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                {CONTENT_KIND_LABELS[m.kind]}
                {m.completed ? ', completed' : ''}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    );
  }
  return <Text c="dimmed">Nothing to show yet.</Text>;
}

/** `/educationContent/:id` and `/educationCourse/:id`: one article, video, presentation or course. */
export function ContentViewPage() {
  const { id } = useParams();
  const content = useOpenContent(id);
  const complete = useCompleteContent(id ?? '');
  if (content.isLoading) return <LoadingState />;
  if (content.error) return <ErrorState error={content.error} onRetry={() => void content.refetch()} />;
  const c = content.data;
  if (!c) return null;
  const canMark = c.kind !== 'COURSE' && c.kind !== 'QUIZ' && !c.completedAt;
  return (
    <Stack>
      <PageHeader
        title={c.headline}
        description={[CONTENT_KIND_LABELS[c.kind], c.author, c.estimatedMinutes ? `${c.estimatedMinutes} min` : null]
          .filter(Boolean)
          .join(' · ')}
        actions={
          c.completedAt ? (
            <Badge color="green" variant="light" size="lg">
              Completed {formatDateTime(c.completedAt, c.timeZone)}
            </Badge>
          ) : c.required && c.completeBy ? (
            <Badge color="gray" variant="light" size="lg">
              Required by {formatDate(c.completeBy)}
            </Badge>
          ) : undefined
        }
      />
      {c.description && <Text c="dimmed">{c.description}</Text>}
      <Card withBorder>
        <Body c={c} />
      </Card>
      <ApiErrorAlert error={complete.error} />
      {canMark && (
        <Group>
          <Button onClick={() => complete.mutate()} loading={complete.isPending}>
            Mark as completed
          </Button>
        </Group>
      )}
    </Stack>
  );
}

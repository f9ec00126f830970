import { Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useMyEducation } from './education.api';
import { CONTENT_KIND_LABELS, openPathOf, PROGRESS_COLORS, PROGRESS_LABELS } from './labels';

/** `/education`, `/education/required` and `/education/:category`: what the athlete may read and what is required. */
export function AthleteEducationPage() {
  const { pathname } = useLocation();
  const { category } = useParams();
  const navigate = useNavigate();
  const required = pathname.endsWith('/required');
  const list = useMyEducation({ filter: required ? 'required' : 'all', category: category ?? null });
  const items = list.data?.items ?? [];
  const open = items.filter((i) => i.progress !== 'COMPLETED');
  return (
    <Stack>
      <PageHeader
        title={required ? 'Required education' : category ? `Education: ${category}` : 'Education'}
        description={
          required
            ? 'What your school requires of you, with its due dates.'
            : 'Articles, videos, presentations, courses and quizzes from your school.'
        }
      />
      <SegmentedControl
        value={required ? 'required' : 'all'}
        onChange={(v) => void navigate(v === 'required' ? '/education/required' : '/education')}
        data={[
          { value: 'all', label: 'All' },
          { value: 'required', label: 'Required' },
        ]}
        w="fit-content"
      />
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <NothingHere
          title={required ? 'Nothing required of you' : 'No content yet'}
          description={
            required ? 'Required content and assignments appear here.' : 'Your school has not published anything yet.'
          }
        />
      ) : (
        <>
          {required && (
            <Text size="sm" c="dimmed">
              {open.length === 0 ? 'All done.' : `${countOf(open.length, 'item')} still to complete.`}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((i) => (
              <Card
                key={i.id}
                withBorder
                component={Link}
                to={openPathOf(i.kind, i.id)}
                aria-label={`${i.headline}, ${CONTENT_KIND_LABELS[i.kind]}`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Badge variant="light">{CONTENT_KIND_LABELS[i.kind]}</Badge>
                    <Badge color={PROGRESS_COLORS[i.progress]} variant="light">
                      {PROGRESS_LABELS[i.progress]}
                    </Badge>
                  </Group>
                  <Text fw={600}>{i.headline}</Text>
                  {i.description && (
                    <Text size="sm" c="dimmed">
                      {i.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {[
                      i.category,
                      i.estimatedMinutes ? `${i.estimatedMinutes} min` : null,
                      i.required ? (i.dueDate ? `Required by ${formatDate(i.dueDate)}` : 'Required') : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

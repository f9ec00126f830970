import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CONTENT_KINDS } from '../../../../domain/education';
import { formatDate } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { AthleteEducationPage } from './AthleteEducationPage';
import { useEducatorHome } from './education.api';
import { CONTENT_KIND_LABELS, CONTENT_STATUS_LABELS, detailsPathOf, KIND_SEGMENTS, STATUS_COLORS } from './labels';

/** Buttons that start a new piece of content of each kind. */
export function NewContentButtons() {
  return (
    <Group gap="xs">
      {CONTENT_KINDS.map((k) => (
        <Button key={k} component={Link} to={`/addEducationContent/${KIND_SEGMENTS[k]}`} variant="light" size="xs">
          New {CONTENT_KIND_LABELS[k].toLowerCase()}
        </Button>
      ))}
    </Group>
  );
}

/** `/educationPortal`: the educator's home (content by state, assignments and their progress); others see their own. */
export function EducatorHomePage() {
  const me = useMe();
  if (!hasPermission(me, 'education:write')) return <AthleteEducationPage />;
  return <EducatorHome firstName={me.firstName} />;
}

function EducatorHome({ firstName }: { firstName: string }) {
  const home = useEducatorHome();
  return (
    <Stack gap="lg">
      <PageHeader title="Education portal" description={`Welcome, ${firstName}`} actions={<NewContentButtons />} />
      {home.isLoading ? (
        <LoadingState />
      ) : home.error ? (
        <ErrorState error={home.error} onRetry={() => void home.refetch()} />
      ) : home.data ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            {(['SAVED', 'PUBLISHED', 'UPDATED', 'RECALLED', 'ARCHIVED'] as const).map((s) => (
              <Card withBorder key={s} padding="sm">
                <Text size="xs" c="dimmed">
                  {CONTENT_STATUS_LABELS[s]}
                </Text>
                <Text size="xl" fw={700}>
                  {home.data.counts[s] ?? 0}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder>
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                Assignments
              </Title>
              <Button component={Link} to="/contentLibrary" variant="subtle" size="xs">
                Content library
              </Button>
            </Group>
            {home.data.assignments.length === 0 ? (
              <NothingHere
                title="Nothing assigned yet"
                description="Publish content, then assign it to athletes or teams with a due date."
              />
            ) : (
              <TableScroll minWidth={560}>
                <Table aria-label="Assignments">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Content</Table.Th>
                      <Table.Th>Due</Table.Th>
                      <Table.Th>Completed</Table.Th>
                      <Table.Th>Overdue</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {home.data.assignments.map((a) => (
                      <Table.Tr key={a.id}>
                        <Table.Td>
                          <Text component={Link} to={detailsPathOf(a.kind, a.contentId)} size="sm" c="blue">
                            {a.headline}
                          </Text>{' '}
                          <Badge variant="light" size="xs">
                            {CONTENT_KIND_LABELS[a.kind]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatDate(a.dueDate)}</Table.Td>
                        <Table.Td miw={160}>
                          <Text size="xs">
                            {a.completed} of {countOf(a.total, 'athlete')}
                          </Text>
                          <Progress
                            value={a.total ? (a.completed / a.total) * 100 : 0}
                            color="green"
                            aria-label={`${a.completed} of ${a.total} completed`}
                          />
                        </Table.Td>
                        <Table.Td>
                          {a.overdue > 0 ? (
                            <Badge color="red" variant="light">
                              {countOf(a.overdue, 'athlete')}
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              None
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Recently changed
            </Title>
            {home.data.recent.length === 0 ? (
              <NothingHere title="No content yet" description="Start with a new article, video, course or quiz." />
            ) : (
              <Stack gap="xs">
                {home.data.recent.map((c) => (
                  <Group key={c.id} justify="space-between" wrap="nowrap">
                    <Text component={Link} to={detailsPathOf(c.kind, c.id)} size="sm" c="blue">
                      {c.headline}
                    </Text>
                    <Badge color={STATUS_COLORS[c.status]} variant="light">
                      {CONTENT_STATUS_LABELS[c.status]}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        </>
      ) : null}
    </Stack>
  );
}

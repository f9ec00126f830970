import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDate } from '../format';
import { hasPermission, useSession } from '../session';
import { ErrorState, LoadingState, NothingHere } from '../states';
import { useSetArchived, useTemplates } from './templates-list.api';
import { TableScroll } from '../table/TableScroll';

/**
 * The provider's archived templates with "Unarchive". Self-contained (it loads its own data), so the archive screen
 * can embed it next to archived packets and folders; the template library shows it under its "Archived" tab.
 * Templates are archived by the provider only, so for anyone without `templates:operate` it renders nothing.
 */
export function ArchivedTemplatesPanel({ q = '' }: { q?: string }) {
  const { me } = useSession();
  if (!hasPermission(me, 'templates:operate')) return null;
  return <ArchivedTemplatesTable q={q} />;
}

function ArchivedTemplatesTable({ q }: { q: string }) {
  const templates = useTemplates({ archived: true, q });
  const unarchive = useSetArchived();
  if (templates.isPending) return <LoadingState rows={3} label="Loading archived templates" />;
  if (templates.error) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (templates.data.items.length === 0) {
    return <NothingHere title="No archived templates" description="Templates you archive are kept here." />;
  }
  return (
    <TableScroll minWidth={560}>
      <Table striped aria-label="Archived templates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th ta="right">Institutions assigned</Table.Th>
            <Table.Th>Archived</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.data.items.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {t.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1} title={t.description ?? undefined}>
                  {t.description}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{t.assignedCount}</Table.Td>
              <Table.Td>{formatDate(t.archivedAt)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  loading={unarchive.isPending && unarchive.variables?.id === t.id}
                  aria-label={`Unarchive ${t.title}`}
                  onClick={() =>
                    unarchive.mutate(
                      { id: t.id, archived: false },
                      {
                        onSuccess: () =>
                          notifications.show({ color: 'green', message: `"${t.title}" is back in the library` }),
                      },
                    )
                  }
                >
                  Unarchive
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../shared/format';
import { ChevronDownIcon, PlusIcon, SearchIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { ArchivedTemplatesPanel } from '../../shared/templates/ArchivedTemplatesPanel';
import { AssignmentProgress } from './AssignmentProgress';
import { NewTemplateModal } from './NewTemplateModal';
import { useSetArchived, useTemplates, type TemplateRow } from '../../shared/templates/templates-list.api';
import { useDuplicateTemplate } from './templates.api';
import { TableScroll } from '../../shared/table/TableScroll';

function RowActions({ template }: { template: TemplateRow }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateTemplate();
  const archive = useSetArchived();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${template.title}`}>
          <ChevronDownIcon size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void navigate(`/assignInstitutions?templateId=${template.id}`)}>
          Assign to institutions
        </Menu.Item>
        <Menu.Item onClick={() => void navigate(`/bulkAssignInstitutions?templateId=${template.id}`)}>
          Assign by filter
        </Menu.Item>
        <Menu.Item
          disabled={template.assignedCount === 0}
          onClick={() => void navigate(`/assignInstitutions?templateId=${template.id}&view=assigned`)}
        >
          Un-assign institutions
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          onClick={() =>
            duplicate.mutate(template.id, {
              onSuccess: (copy) =>
                notifications.show({
                  color: 'green',
                  message: copy.title
                    ? `Duplicated as "${copy.title}"`
                    : 'Duplicating: the copy appears in the list when it is ready',
                }),
              onError: (e) => notifications.show({ color: 'red', message: e.message }),
            })
          }
        >
          Duplicate
        </Menu.Item>
        <Menu.Item
          color="red.9"
          onClick={() =>
            archive.mutate(
              { id: template.id, archived: true },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    message: `"${template.title}" archived; schools no longer see it`,
                  }),
              },
            )
          }
        >
          Archive
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function LiveTemplates({ q }: { q: string }) {
  const templates = useTemplates({ archived: false, q });
  if (templates.isPending) return <LoadingState rows={4} label="Loading templates" />;
  if (templates.error) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (templates.data.items.length === 0) {
    return (
      <NothingHere
        title={q ? 'No template matches' : 'No templates yet'}
        description="Create a template from a school's packet, then assign it to institutions."
      />
    );
  }
  const running = templates.data.items.filter((t) => t.runningJobId);
  return (
    <Stack>
      {running.map((t) => (
        <AssignmentProgress key={t.runningJobId} jobId={t.runningJobId!} />
      ))}
      <TableScroll minWidth={720}>
        <Table striped highlightOnHover aria-label="Templates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th ta="right">Forms</Table.Th>
              <Table.Th ta="right">Institutions assigned</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.data.items.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {t.title}
                    </Text>
                    {t.hipaa && (
                      <Badge size="xs" color="grape" variant="light">
                        HIPAA
                      </Badge>
                    )}
                    {t.runningJobId && (
                      <Badge size="xs" color="blue" variant="light">
                        Assigning
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" lineClamp={1} title={t.description ?? undefined}>
                    {t.description}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{t.formCount}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    component={Link}
                    to={`/assignInstitutions?templateId=${t.id}&view=assigned`}
                    variant="subtle"
                    size="compact-sm"
                    aria-label={`${t.assignedCount} institutions assigned to ${t.title}`}
                  >
                    {t.assignedCount}
                  </Button>
                </Table.Td>
                <Table.Td>{formatDate(t.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  <RowActions template={t} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/** The provider's template library: every template with its reach, and the archived ones in their own tab. */
export function OperatorTemplateLibrary() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'archived' ? 'archived' : 'library';
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <Stack>
      <PageHeader
        title="Template library"
        description="Packet templates the provider offers to institutions. Assign them individually or by filter; schools see only what is assigned to them."
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
            New template
          </Button>
        }
      />
      <TextInput
        label="Search templates"
        placeholder="Title"
        leftSection={<SearchIcon size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={360}
      />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === 'archived' ? { tab: 'archived' } : {}, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="library">Library</Tabs.Tab>
          <Tabs.Tab value="archived">Archived</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="library" pt="md">
          {tab === 'library' && <LiveTemplates q={q} />}
        </Tabs.Panel>
        <Tabs.Panel value="archived" pt="md">
          {tab === 'archived' && <ArchivedTemplatesPanel q={q} />}
        </Tabs.Panel>
      </Tabs>
      <NewTemplateModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(template) => {
          notifications.show({ color: 'green', message: `Template "${template.title}" created` });
          void navigate(`/assignInstitutions?templateId=${template.id}`);
        }}
      />
    </Stack>
  );
}

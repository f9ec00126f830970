import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate, humanize } from '../../shared/format';
import { SearchIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useLibrary, useUseTemplate, type LibraryTemplateData } from './templates.api';
import { DialogModal } from '../../shared/DialogModal';

function UseTemplateModal({ template, onClose }: { template: LibraryTemplateData | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const use = useUseTemplate();
  const navigate = useNavigate();
  const close = () => {
    setName('');
    use.reset();
    onClose();
  };
  return (
    <DialogModal
      opened={!!template}
      onClose={close}
      title="Use template"
      asForm
      actionLabel="Create packet"
      loading={use.isPending}
      error={use.error}
      onAction={() =>
        template &&
        use.mutate(
          { id: template.id, ...(name.trim() ? { name: name.trim() } : {}) },
          { onSuccess: (made) => void navigate(`/packetSettings?id=${made.packetId}`) },
        )
      }
    >
      {template && (
        <>
          <Text size="sm">
            A new unpublished packet is made in your school with copies of the template&apos;s {template.formCount} form
            {template.formCount === 1 ? '' : 's'} and its workflow. You can then edit it in packet settings, choose who
            sends it and publish it.
          </Text>
          <TextInput
            label="Packet name"
            description="Leave empty to keep the template's title."
            placeholder={template.title}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </>
      )}
    </DialogModal>
  );
}

/** A school's template library: the templates the provider assigned to it, each ready to become a packet. */
export function SchoolTemplateLibrary() {
  const [q, setQ] = useState('');
  const [using, setUsing] = useState<LibraryTemplateData | null>(null);
  const library = useLibrary(q);
  return (
    <Stack>
      <PageHeader
        title="Template library"
        description="Packet templates your provider made available to your school. Using one makes a packet of your own."
      />
      <TextInput
        label="Search templates"
        placeholder="Title"
        leftSection={<SearchIcon size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={360}
      />
      {library.isPending && <LoadingState rows={3} label="Loading templates" />}
      {library.error && <ErrorState error={library.error} onRetry={() => void library.refetch()} />}
      {library.data && library.data.items.length === 0 && (
        <NothingHere
          title={q ? 'No template matches' : 'No templates yet'}
          description="Templates your provider assigns to your school appear here."
        />
      )}
      {library.data && library.data.items.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {library.data.items.map((t) => (
            <Card key={t.id} withBorder radius="md" padding="lg" component="article" aria-labelledby={`tpl-${t.id}`}>
              <Stack gap="sm" h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Text fw={700} id={`tpl-${t.id}`} component="h2" size="md" m={0}>
                    {t.title}
                  </Text>
                  {t.hipaa && (
                    <Badge color="grape" variant="light">
                      HIPAA
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t.description}
                </Text>
                <List size="sm" spacing={2}>
                  {t.forms.map((f) => (
                    <List.Item key={f.id}>
                      {f.name}{' '}
                      <Text span size="xs" c="dimmed">
                        ({humanize(f.kind)}, {f.questionCount} question{f.questionCount === 1 ? '' : 's'})
                      </Text>
                    </List.Item>
                  ))}
                </List>
                <Text size="xs" c="dimmed">
                  {t.steps.length} workflow step{t.steps.length === 1 ? '' : 's'} · added {formatDate(t.assignedAt)}
                </Text>
                <Group justify="flex-end" mt="auto">
                  <Button onClick={() => setUsing(t)} aria-label={`Use template ${t.title}`}>
                    Use template
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <UseTemplateModal template={using} onClose={() => setUsing(null)} />
    </Stack>
  );
}

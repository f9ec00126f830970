import { Alert, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogModal } from '../../shared/DialogModal';
import { api } from '../../shared/api';
import { useQuery } from '@tanstack/react-query';
import { useCreateTemplate, useSourcePackets, type TemplateDetailData } from './templates.api';

interface SchoolOption {
  id: string;
  name: string;
  kind: string;
}

/** "New template": pick a school and one of its packets; its forms and workflow are copied into the template. */
export function NewTemplateModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (template: TemplateDetailData) => void;
}) {
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [packetId, setPacketId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const schools = useQuery({
    queryKey: ['schools'],
    queryFn: ({ signal }) => api.get<{ items: SchoolOption[] }>('/schools', { limit: 200 }, signal),
    enabled: opened,
  });
  const packets = useSourcePackets(schoolId);
  const create = useCreateTemplate();
  const close = () => {
    setSchoolId(null);
    setPacketId(null);
    setTitle('');
    create.reset();
    onClose();
  };
  const chosen = packets.data?.items.find((p) => p.id === packetId);
  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title="New template from a packet"
      size="lg"
      actionLabel="Create template"
      onAction={() => {
        if (!schoolId || !packetId) return;
        create.mutate(
          { schoolId, packetId, ...(title.trim() ? { title: title.trim() } : {}) },
          {
            onSuccess: (template) => {
              close();
              onCreated(template);
            },
          },
        );
      }}
      loading={create.isPending}
      actionDisabled={!schoolId || !packetId}
      error={create.error}
      asForm
    >
      <Text size="sm" c="dimmed">
        The packet&apos;s forms and workflow are copied into the template. Steps that name a person of that school keep
        only their roles; each school sets its own people when it uses the template.
      </Text>
      <Select
        label="School"
        placeholder="Choose the school that built the packet"
        searchable
        required
        data={(schools.data?.items ?? [])
          .filter((s) => s.kind === 'SCHOOL')
          .map((s) => ({ value: s.id, label: s.name }))}
        value={schoolId}
        onChange={(value) => {
          setSchoolId(value);
          setPacketId(null);
        }}
        nothingFoundMessage="No school found"
      />
      <Select
        label="Packet"
        placeholder={schoolId ? 'Choose a packet' : 'Choose a school first'}
        searchable
        required
        disabled={!schoolId}
        data={(packets.data?.items ?? []).map((p) => ({
          value: p.id,
          label: `${p.name} (${p.formCount} form${p.formCount === 1 ? '' : 's'})`,
        }))}
        value={packetId}
        onChange={setPacketId}
        nothingFoundMessage="This school has no packets"
      />
      {schoolId && packets.data && packets.data.items.length === 0 && (
        <Alert color="gray" variant="light">
          This school has no packets yet.
        </Alert>
      )}
      <TextInput
        label="Title"
        description="Leave empty to keep the packet's name."
        placeholder={chosen?.name ?? ''}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
    </DialogModal>
  );
}

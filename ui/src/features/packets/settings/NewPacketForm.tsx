import { Button, Card, Group, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PACKET_LIMITS } from '../../../../../domain/packets';
import { countWords } from '../../../../../form-engine';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { useCreatePacket, useFolders, useFormChoices } from '../packets.api';

/** Basic info of a new packet: name (≤ 20 words), description (≤ 50 words), 1 to 5 published forms, folder. */
export function NewPacketForm({ folderId }: { folderId: string | null }) {
  const navigate = useNavigate();
  const forms = useFormChoices();
  const folders = useFolders();
  const create = useCreatePacket();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [formIds, setFormIds] = useState<string[]>([]);
  const [folder, setFolder] = useState<string | null>(folderId);
  const [tried, setTried] = useState(false);
  const nameWords = countWords(name);
  const descWords = countWords(description);
  const errors = {
    name: !name.trim()
      ? 'Packet name or description empty'
      : nameWords > PACKET_LIMITS.nameMaxWords
        ? 'Packet name max 20 words'
        : null,
    description: !description.trim()
      ? 'Packet name or description empty'
      : descWords > PACKET_LIMITS.descriptionMaxWords
        ? 'Packet description max 50 words'
        : null,
    forms: formIds.length < 1 || formIds.length > 5 ? 'Packet must contain 1-5 forms' : null,
  };
  const submit = () => {
    setTried(true);
    if (errors.name || errors.description || errors.forms) return;
    create.mutate(
      { name, description, formIds, folderId: folder },
      { onSuccess: (packet) => void navigate(`/packetSettings?id=${packet.id}&tab=workflow`) },
    );
  };
  const published = (forms.data?.items ?? []).filter((f) => f.status === 'PUBLISHED');
  return (
    <Card withBorder padding="lg" maw={720}>
      <Stack>
        <TextInput
          label="Packet name"
          required
          description={`${nameWords}/${PACKET_LIMITS.nameMaxWords} words`}
          value={name}
          error={tried && errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          description={`${descWords}/${PACKET_LIMITS.descriptionMaxWords} words`}
          value={description}
          error={tried && errors.description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <MultiSelect
          label="Forms"
          required
          description="1 to 5 published forms, in the order they are filled in"
          data={published.map((f) => ({ value: f.id, label: f.name }))}
          value={formIds}
          onChange={setFormIds}
          searchable
          maxValues={5}
          nothingFoundMessage={forms.isLoading ? 'Loading…' : 'No published forms. Publish a form first.'}
          error={tried && errors.forms}
        />
        <Select
          label="Folder"
          clearable
          placeholder="No folder"
          data={(folders.data?.items ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={folder}
          onChange={setFolder}
        />
        {create.error && <ApiErrorAlert error={create.error} />}
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending}>
            Create packet
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

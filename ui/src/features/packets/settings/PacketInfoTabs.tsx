import { Button, Card, Checkbox, Group, MultiSelect, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PACKET_LIMITS, SENDER_GROUPS, type SenderGroup } from '../../../../../domain/packets';
import { countWords } from '../../../../../form-engine';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { GROUP_LABELS } from '../packet-labels';
import { useFormChoices, usePeople, useUpdatePacket, type PacketDetailDto } from '../packets.api';

const saved = (message: string) => () => notifications.show({ color: 'green', message });

export function BasicInfoTab({ packet }: { packet: PacketDetailDto }) {
  const update = useUpdatePacket(packet.id);
  const forms = useFormChoices();
  const [name, setName] = useState(packet.name);
  const [description, setDescription] = useState(packet.description);
  const [formIds, setFormIds] = useState(packet.forms.map((f) => f.formId));
  const nameWords = countWords(name);
  const descWords = countWords(description);
  const nameError = !name.trim()
    ? 'Packet name or description empty'
    : nameWords > PACKET_LIMITS.nameMaxWords
      ? 'Packet name max 20 words'
      : null;
  const descError = !description.trim()
    ? 'Packet name or description empty'
    : descWords > PACKET_LIMITS.descriptionMaxWords
      ? 'Packet description max 50 words'
      : null;
  const formsError = formIds.length < 1 || formIds.length > 5 ? 'Packet must contain 1-5 forms' : null;
  const choices = [
    ...packet.forms.map((f) => ({ value: f.formId, label: f.name })),
    ...(forms.data?.items ?? [])
      .filter((f) => f.status === 'PUBLISHED' && !packet.forms.some((p) => p.formId === f.id))
      .map((f) => ({ value: f.id, label: f.name })),
  ];
  const submit = () => {
    if (nameError || descError || formsError) return;
    const changedForms = formIds.join() !== packet.forms.map((f) => f.formId).join();
    update.mutate({ name, description, ...(changedForms ? { formIds } : {}) }, { onSuccess: saved('Packet saved') });
  };
  return (
    <Card withBorder maw={720}>
      <Stack>
        <TextInput
          label="Packet name"
          required
          description={`${nameWords}/20 words`}
          value={name}
          error={nameError}
          disabled={!packet.canEdit}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          description={`${descWords}/50 words`}
          value={description}
          error={descError}
          disabled={!packet.canEdit}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <MultiSelect
          label="Forms"
          description={
            packet.frozen
              ? 'Forms cannot change once the packet is published or sent; clone it instead.'
              : '1 to 5 published forms'
          }
          data={choices}
          value={formIds}
          onChange={setFormIds}
          maxValues={5}
          disabled={packet.frozen || !packet.canEdit}
          error={formsError}
        />
        {update.error && <ApiErrorAlert error={update.error} />}
        <Group justify="flex-end">
          <Button onClick={submit} loading={update.isPending} disabled={!packet.canEdit}>
            Save basic info
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Who may send the packet: people or groups (send access must be set up before sending). */
export function SenderTab({ packet }: { packet: PacketDetailDto }) {
  const update = useUpdatePacket(packet.id);
  const people = usePeople();
  const [groups, setGroups] = useState<SenderGroup[]>(packet.senders.groups as SenderGroup[]);
  const [userIds, setUserIds] = useState<string[]>(packet.senders.userIds);
  return (
    <Card withBorder maw={720}>
      <Stack>
        <Text size="sm" c="dimmed">
          Senders can send the packet but not edit it. Send access must be set up before anyone can send.
        </Text>
        <Checkbox.Group label="Groups" value={groups} onChange={(v) => setGroups(v as SenderGroup[])}>
          <Stack gap={6} mt={6}>
            {SENDER_GROUPS.map((g) => (
              <Checkbox key={g} value={g} label={GROUP_LABELS[g]} disabled={!packet.canEdit} />
            ))}
          </Stack>
        </Checkbox.Group>
        <MultiSelect
          label="People"
          searchable
          data={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }))}
          value={userIds}
          onChange={setUserIds}
          disabled={!packet.canEdit}
        />
        {update.error && <ApiErrorAlert error={update.error} />}
        <Group justify="flex-end">
          <Button
            loading={update.isPending}
            disabled={!packet.canEdit}
            onClick={() => update.mutate({ senders: { groups, userIds } }, { onSuccess: saved('Senders saved') })}
          >
            Save senders
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function HipaaTab({ packet }: { packet: PacketDetailDto }) {
  const update = useUpdatePacket(packet.id);
  return (
    <Card withBorder maw={720}>
      <Stack>
        <Switch
          label="This packet collects health information (HIPAA)"
          description="Answers are encrypted at rest and every read of them is logged."
          checked={packet.hipaa}
          disabled={!packet.canEdit || packet.frozen || update.isPending}
          onChange={(e) =>
            update.mutate({ hipaa: e.currentTarget.checked }, { onSuccess: saved('HIPAA setting saved') })
          }
        />
        {update.error && <ApiErrorAlert error={update.error} />}
      </Stack>
    </Card>
  );
}

import {
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  EXPIRY_OPTIONS,
  PACKET_LIMITS,
  RECIPIENT_GROUPS,
  REMINDER_OPTIONS,
  SEND_VISIBILITY,
  type ExpiryOption,
  type ReminderOption,
  type SendVisibility,
  type SenderGroup,
} from '../../../../../domain/packets';
import { countWords } from '../../../../../form-engine';
import { api } from '../../../shared/api';
import type { PacketWorkflowDefinition } from '../../../shared/workflow-graph/packet-workflow';
import { EXPIRY_LABELS, GROUP_LABELS, REMINDER_LABELS, VISIBILITY_LABELS } from '../packet-labels';
import { usePeople, useSendPacket, type PacketDetailDto } from '../packets.api';
import { SendProgress } from './SendProgress';
import { countOf } from '../../../shared/labels';
import { DialogModal } from '../../../shared/DialogModal';

type Signer = { email: string; firstName: string; lastName: string };

/** Send a published packet: recipients, visibility, notification, auto reminder, expiry, message, external signers. */
export function SendPacketModal({ packet, onClose }: { packet: PacketDetailDto; onClose: () => void }) {
  const send = useSendPacket(packet.id);
  const people = usePeople();
  const teams = useQuery({
    queryKey: ['packets', 'teams'],
    queryFn: ({ signal }) => api.get<{ items: Array<{ id: string; name: string }> }>('/teams', undefined, signal),
  });
  const workflow = packet.workflow as PacketWorkflowDefinition;
  const signerSteps = workflow.steps.filter((s) => s.kind === 'EXTERNAL_SIGNER');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [groups, setGroups] = useState<SenderGroup[]>([]);
  const [visibility, setVisibility] = useState<SendVisibility>('SENDER_ONLY');
  const [notify, setNotify] = useState(true);
  const [reminder, setReminder] = useState<ReminderOption>('48H');
  const [expiry, setExpiry] = useState<ExpiryOption>('MONTH');
  const [message, setMessage] = useState('');
  const [signers, setSigners] = useState<Record<string, Signer>>(() =>
    Object.fromEntries(
      signerSteps.map((s) => {
        const a = s.actors.find((x) => x.kind === 'EXTERNAL');
        return [
          s.id,
          a && a.kind === 'EXTERNAL'
            ? { email: a.email, firstName: a.firstName, lastName: a.lastName }
            : { email: '', firstName: '', lastName: '' },
        ];
      }),
    ),
  );
  const [tried, setTried] = useState(false);
  const [inBackground, setInBackground] = useState<{ sentPacketId: string; recipientCount: number } | null>(null);
  const words = countWords(message);
  const noRecipients = userIds.length + teamIds.length + groups.length === 0;
  const signersMissing = signerSteps.some((s) => {
    const v = signers[s.id];
    return !v || !v.email.trim() || !v.firstName.trim() || !v.lastName.trim();
  });
  const submit = () => {
    setTried(true);
    if (noRecipients || words > PACKET_LIMITS.sendMessageMaxWords || signersMissing) return;
    send.mutate(
      {
        recipients: { userIds, teamIds, groups },
        visibility,
        notify,
        reminder,
        expiry,
        message,
        ...(signerSteps.length ? { externalSigners: signers } : {}),
      },
      {
        onSuccess: (sent) => {
          if (!sent.startedAll) {
            setInBackground({ sentPacketId: sent.sentPacketId, recipientCount: sent.recipientCount });
            return;
          }
          notifications.show({ color: 'green', message: `Sent to ${countOf(sent.recipientCount, 'recipient')}` });
          onClose();
        },
      },
    );
  };
  if (inBackground) {
    return (
      // SendProgress has its own Close, the one button of this stage.
      <DialogModal opened onClose={onClose} title={`Send “${packet.name}”`} size="lg" dismissLabel={null}>
        <SendProgress {...inBackground} onDone={onClose} />
      </DialogModal>
    );
  }
  return (
    <DialogModal
      opened
      onClose={onClose}
      title={`Send “${packet.name}”`}
      size="lg"
      actionLabel="Send"
      onAction={submit}
      loading={send.isPending}
      error={send.error}
    >
      <Title order={3} size="h6">
        Recipients
      </Title>
      <MultiSelect
        label="People"
        searchable
        data={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }))}
        value={userIds}
        onChange={setUserIds}
        error={tried && noRecipients ? 'Choose at least one recipient.' : undefined}
      />
      <MultiSelect
        label="Teams"
        data={(teams.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={teamIds}
        onChange={setTeamIds}
      />
      <Checkbox.Group label="Groups" value={groups} onChange={(v) => setGroups(v as SenderGroup[])}>
        <Group mt={6}>
          {RECIPIENT_GROUPS.map((g) => (
            <Checkbox key={g} value={g} label={GROUP_LABELS[g]} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Visibility"
          allowDeselect={false}
          data={SEND_VISIBILITY.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
          value={visibility}
          onChange={(v) => v && setVisibility(v as SendVisibility)}
        />
        <Select
          label="Auto reminder"
          allowDeselect={false}
          data={REMINDER_OPTIONS.map((v) => ({ value: v, label: REMINDER_LABELS[v] }))}
          value={reminder}
          onChange={(v) => v && setReminder(v as ReminderOption)}
        />
        <Select
          label="Workflow expiry"
          allowDeselect={false}
          data={EXPIRY_OPTIONS.map((v) => ({ value: v, label: EXPIRY_LABELS[v] }))}
          value={expiry}
          onChange={(v) => v && setExpiry(v as ExpiryOption)}
        />
      </SimpleGrid>
      <Switch
        label="Notify recipients by e-mail"
        checked={notify}
        onChange={(e) => setNotify(e.currentTarget.checked)}
      />
      <Textarea
        label="Message"
        autosize
        minRows={2}
        description={`${words}/${PACKET_LIMITS.sendMessageMaxWords} words`}
        value={message}
        error={words > PACKET_LIMITS.sendMessageMaxWords ? 'Message max 200 words.' : undefined}
        onChange={(e) => setMessage(e.currentTarget.value)}
      />
      {signerSteps.map((step) => {
        const v = signers[step.id] ?? { email: '', firstName: '', lastName: '' };
        const set = (patch: Partial<Signer>) => setSigners((all) => ({ ...all, [step.id]: { ...v, ...patch } }));
        const err = (value: string) => (tried && !value.trim() ? 'Fill external signer details.' : undefined);
        return (
          <Stack key={step.id} gap={4}>
            <Text size="sm" fw={600}>
              External signer: {step.name}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="E-mail"
                type="email"
                required
                value={v.email}
                error={err(v.email)}
                onChange={(e) => set({ email: e.currentTarget.value })}
              />
              <TextInput
                label="First name"
                required
                value={v.firstName}
                error={err(v.firstName)}
                onChange={(e) => set({ firstName: e.currentTarget.value })}
              />
              <TextInput
                label="Last name"
                required
                value={v.lastName}
                error={err(v.lastName)}
                onChange={(e) => set({ lastName: e.currentTarget.value })}
              />
            </SimpleGrid>
          </Stack>
        );
      })}
    </DialogModal>
  );
}

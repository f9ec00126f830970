import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import type { PacketWorkflowDefinition, UnavailableAccounts } from '../../../shared/workflow-graph/packet-workflow';
import { WorkflowDesigner } from '../designer/WorkflowDesigner';
import { toPacketForms, todayIso } from '../packet-forms';
import { usePeople, useUpdatePacket, type PacketDetailDto, type UpdatePacketInput } from '../packets.api';

/** The designer on the packet's saved workflow; saving sends the definition to the API, which checks it again. */
export function WorkflowTab({ packet }: { packet: PacketDetailDto }) {
  const update = useUpdatePacket(packet.id);
  const people = usePeople();
  const forms = useMemo(() => toPacketForms(packet.forms), [packet.forms]);
  const initial = packet.workflow as PacketWorkflowDefinition;
  // The API lists the people and groups of the saved workflow who cannot act; the designer marks their steps.
  const unavailableAccounts = useMemo<UnavailableAccounts>(
    () => ({
      userIds: new Set(
        packet.problems.flatMap((p) => (p.code === 'PACKET_STEP_PERSON_UNAVAILABLE' ? (p.userIds ?? []) : [])),
      ),
      roles: new Set(
        packet.problems.flatMap((p) => (p.code === 'PACKET_STEP_GROUP_UNAVAILABLE' ? (p.roles ?? []) : [])),
      ),
    }),
    [packet.problems],
  );
  const save = (workflow: PacketWorkflowDefinition) =>
    update.mutate(
      // The contract types conditions loosely (any object); the definition is exactly what the designer built.
      { workflow: workflow as unknown as UpdatePacketInput['workflow'] },
      { onSuccess: () => notifications.show({ color: 'green', message: 'Workflow saved' }) },
    );
  return (
    <Stack gap="sm">
      {packet.frozen && (
        <Alert color="gray" variant="light">
          This packet is published or has been sent: its workflow can no longer change. Recall it, or clone it to change
          the steps.
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Each step is one box; arrows give the order. The workflow is checked as you edit, with the same rules as saving
        and publishing.
      </Text>
      {update.error && <ApiErrorAlert error={update.error} />}
      <WorkflowDesigner
        // A saved definition reloads the designer (undo history starts again from what the server kept).
        key={packet.lastActivityAt}
        initial={initial}
        forms={forms}
        people={people.data ?? []}
        unavailableAccounts={unavailableAccounts}
        today={todayIso()}
        locked={packet.frozen || !packet.canEdit}
        saving={update.isPending}
        onSave={save}
      />
    </Stack>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import { ReadOnlyWorkflow } from '../../../shared/workflow-graph/ReadOnlyWorkflow';
import type { PacketWorkflowDefinition } from '../../../shared/workflow-graph/packet-workflow';
import { GROUP_LABELS } from '../packet-labels';
import { formatDateTime } from '../../../shared/format';
import { useExternalLink, usePacketAction, type PacketDetailDto } from '../packets.api';
import { SendPacketModal } from '../send/SendPacketModal';

type PublishProblem = PacketDetailDto['publishProblems'][number];

const PLACE_LINKS: Record<Exclude<PublishProblem['place'], 'form'>, string> = {
  basic: 'Go to Basic info',
  sender: 'Go to Sender',
  workflow: 'Go to Workflow',
};

/** Where a problem is fixed: a settings tab of this packet, or the form itself. */
function publishProblemPath(packet: PacketDetailDto, problem: PublishProblem): string {
  if (problem.place === 'form' && problem.formId) {
    const form = packet.forms.find((f) => f.formId === problem.formId);
    const short = (form?.definition as { kind?: string } | undefined)?.kind === 'short';
    return `${short ? '/shortFormDetail' : '/formDetail'}/${encodeURIComponent(problem.formId)}`;
  }
  const tab = problem.place === 'form' ? 'basic' : problem.place;
  return `/packetSettings?id=${encodeURIComponent(packet.id)}&tab=${tab}`;
}

function publishProblemLinkLabel(problem: PublishProblem): string {
  return problem.place === 'form' ? 'Open the form' : PLACE_LINKS[problem.place];
}

export function ShareLinkTab({ packet }: { packet: PacketDetailDto }) {
  const link = useExternalLink(packet.id);
  const [url, setUrl] = useState<string | null>(null);
  return (
    <Card withBorder maw={720}>
      <Stack>
        <Switch
          label="Shareable link for external signers"
          description="Anyone with the link can start this packet as an external signer. Turning it off, or recalling the packet, kills the link."
          checked={packet.externalLinkEnabled}
          disabled={!packet.canEdit || link.isPending}
          onChange={(e) => link.mutate(e.currentTarget.checked, { onSuccess: (r) => setUrl(r.url) })}
        />
        {url && (
          <Group align="flex-end">
            <TextInput label="Link (shown once: only its hash is kept)" value={url} readOnly flex={1} />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        {link.error && <ApiErrorAlert error={link.error} />}
      </Stack>
    </Card>
  );
}

export function PublishTab({ packet }: { packet: PacketDetailDto }) {
  const action = usePacketAction(packet.id);
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const published = packet.status === 'PUBLISHED';
  return (
    <Card withBorder maw={720}>
      <Stack>
        {!published && packet.publishProblems.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            title={`Fix ${packet.publishProblems.length === 1 ? 'this' : `these ${packet.publishProblems.length} problems`} before publishing`}
            data-testid="publish-problems"
          >
            <List size="sm" spacing={4}>
              {packet.publishProblems.map((p, i) => (
                <List.Item key={i}>
                  {p.message}{' '}
                  <Anchor component={Link} to={publishProblemPath(packet, p)} size="sm" fw={600}>
                    {publishProblemLinkLabel(p)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Text size="sm">
          {published
            ? `Published (version ${packet.currentVersion ?? 1}). Every sent packet keeps the version it was sent with. Recall returns the packet to unpublished without touching what was sent, and disables its external link.`
            : 'Publishing freezes a version of the packet. After publishing only minor edits are allowed; structural changes need a clone.'}
        </Text>
        {action.error && <ApiErrorAlert error={action.error} />}
        <Group>
          {!published && (
            <Button
              disabled={!packet.canPublish || packet.publishProblems.length > 0}
              loading={action.isPending}
              onClick={() =>
                action.mutate('publish', {
                  onSuccess: () => notifications.show({ color: 'green', message: 'Packet published' }),
                })
              }
            >
              Publish
            </Button>
          )}
          {published && (
            <>
              <Tooltip label="Only this packet's senders can send it" disabled={packet.canSend}>
                <Button
                  onClick={() => setSending(true)}
                  disabled={!packet.canSend}
                  style={!packet.canSend ? { pointerEvents: 'auto' } : undefined}
                >
                  Send packet
                </Button>
              </Tooltip>
              <Button
                variant="default"
                disabled={!packet.canPublish}
                loading={action.isPending}
                onClick={() => action.mutate('recall')}
              >
                Recall
              </Button>
            </>
          )}
          <Button
            variant="default"
            loading={action.isPending}
            onClick={() =>
              action.mutate('clone', { onSuccess: (copy) => void navigate(`/packetSettings?id=${copy.id}`) })
            }
          >
            Clone
          </Button>
        </Group>
      </Stack>
      {sending && <SendPacketModal packet={packet} onClose={() => setSending(false)} />}
    </Card>
  );
}

export function SummaryTab({ packet }: { packet: PacketDetailDto }) {
  const senders = [
    ...packet.senders.groups.map((g) => GROUP_LABELS[g as keyof typeof GROUP_LABELS] ?? g),
    ...(packet.senders.userIds.length ? [`${packet.senders.userIds.length} people`] : []),
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Stack gap={4}>
            <Text fw={600}>Forms</Text>
            <List size="sm">
              {packet.forms.map((f) => (
                <List.Item key={f.formId}>
                  {f.name} (version {f.version})
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap={4}>
            <Text fw={600}>Settings</Text>
            <Text size="sm">Status: {packet.status === 'PUBLISHED' ? 'Published' : 'Unpublished'}</Text>
            <Text size="sm">Owner: {packet.ownerName}</Text>
            <Text size="sm">Senders: {senders.join(', ') || 'Send access not set up'}</Text>
            <Text size="sm">HIPAA: {packet.hipaa ? 'Yes' : 'No'}</Text>
            <Text size="sm">External link: {packet.externalLinkEnabled ? 'On' : 'Off'}</Text>
            <Text size="sm">
              Sent: {packet.sentCount} times · last activity {formatDateTime(packet.lastActivityAt)}
            </Text>
            <Group gap={4}>
              <Text size="sm">Workflow:</Text>
              <Badge color={packet.problems.length ? 'orange' : 'green'} variant="light">
                {packet.problems.length ? `${packet.problems.length} problems` : 'Ready'}
              </Badge>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
      <ReadOnlyWorkflow
        definition={packet.workflow as PacketWorkflowDefinition}
        label="The packet's workflow"
        height={360}
      />
    </Stack>
  );
}

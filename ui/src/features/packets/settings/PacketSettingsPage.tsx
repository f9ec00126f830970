import { Anchor, Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState } from '../../../shared/states';
import { usePacket } from '../packets.api';
import { NewPacketForm } from './NewPacketForm';
import { BasicInfoTab, HipaaTab, SenderTab } from './PacketInfoTabs';
import { PublishTab, ShareLinkTab, SummaryTab } from './PacketPublishTabs';
import { WorkflowTab } from './WorkflowTab';

const TABS = [
  ['basic', 'Basic info'],
  ['sender', 'Sender'],
  ['workflow', 'Workflow'],
  ['hipaa', 'HIPAA'],
  ['share', 'Share with link'],
  ['publish', 'Publish'],
  ['summary', 'Summary'],
] as const;

/** /packetSettings?id=…&tab=…: a packet's settings in tabs; without an id, a new packet's basic info. */
export function PacketSettingsPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const tab = params.get('tab') ?? 'basic';
  const packet = usePacket(id);
  if (!id)
    return (
      <Stack>
        <PageHeader title="New packet" description="Name the packet and choose its forms; the workflow comes next." />
        <NewPacketForm folderId={params.get('folderId')} />
      </Stack>
    );
  if (packet.isLoading) return <LoadingState label="Loading the packet" />;
  if (packet.error || !packet.data) return <ErrorState error={packet.error} onRetry={() => void packet.refetch()} />;
  const p = packet.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/sprySign/home" size="sm">
        ← E-signature home
      </Anchor>
      <PageHeader
        title={p.name}
        description={p.description}
        actions={
          <Group gap="xs">
            <Badge color={p.status === 'PUBLISHED' ? 'green' : 'gray'} variant="light">
              {p.status === 'PUBLISHED' ? 'Published' : 'Unpublished'}
            </Badge>
            {p.hipaa && <Badge color="grape">HIPAA</Badge>}
            <Button size="xs" variant="default" component={Link} to={`/seeSubmission/${p.id}`}>
              See submissions
            </Button>
          </Group>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('tab', value ?? 'basic');
            return next;
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
              {value === 'workflow' && p.problems.length > 0 ? ` (${p.problems.length})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="basic" pt="md">
          <BasicInfoTab packet={p} />
        </Tabs.Panel>
        <Tabs.Panel value="sender" pt="md">
          <SenderTab packet={p} />
        </Tabs.Panel>
        <Tabs.Panel value="workflow" pt="md">
          <WorkflowTab packet={p} />
        </Tabs.Panel>
        <Tabs.Panel value="hipaa" pt="md">
          <HipaaTab packet={p} />
        </Tabs.Panel>
        <Tabs.Panel value="share" pt="md">
          <ShareLinkTab packet={p} />
        </Tabs.Panel>
        <Tabs.Panel value="publish" pt="md">
          <PublishTab packet={p} />
        </Tabs.Panel>
        <Tabs.Panel value="summary" pt="md">
          <SummaryTab packet={p} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { formatDateTime } from '../../../shared/format';
import { useCreateFolder, useFolders, usePacket, usePackets, type PacketListFilters } from '../packets.api';
import { SendPacketModal } from '../send/SendPacketModal';
import { FolderMenu, PacketMenu } from './PacketActions';
import { PacketsNav } from './PacketsNav';
import { countOf } from '../../../shared/labels';
import { TableScroll } from '../../../shared/table/TableScroll';
import { DialogModal } from '../../../shared/DialogModal';
import { FolderNameField, folderNameProblem } from './FolderNameField';

type Sort = NonNullable<PacketListFilters['sort']>;

/** SprySign home (/sprySign, /sprySign/home) and one folder (/home/folderview/:id): folders and packets. */
export function SprySignHomePage() {
  const { id: folderId } = useParams();
  const folders = useFolders();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [sort, setSort] = useState<Sort>('lastActivity');
  const [status, setStatus] = useState<string | null>(null);
  const [newFolder, setNewFolder] = useState(false);
  const [sendId, setSendId] = useState<string | null>(null);
  const packets = usePackets({
    ...(debounced ? { q: debounced } : {}),
    ...(folderId ? { folderId } : {}),
    ...(status ? { status: status as 'PUBLISHED' | 'UNPUBLISHED' } : {}),
    sort,
    limit: 100,
  });
  const folder = folderId ? folders.data?.items.find((f) => f.id === folderId) : null;
  return (
    <Stack gap="md">
      <PageHeader
        title={folder ? `Folder: ${folder.name}` : 'E-signature'}
        description={
          folder ? undefined : 'Build packets of forms with a workflow, send them, and follow every submission.'
        }
        actions={
          <>
            <Button component={Link} to={`/packetSettings${folderId ? `?folderId=${folderId}` : ''}`}>
              New packet
            </Button>
            {!folderId && (
              <Button variant="default" onClick={() => setNewFolder(true)}>
                New folder
              </Button>
            )}
            {!folderId && (
              <Button variant="default" component={Link} to="/templateLibrary">
                Template library
              </Button>
            )}
          </>
        }
      />
      <PacketsNav />
      {folderId && (
        <Group gap="sm">
          <Anchor component={Link} to="/sprySign/home" size="sm">
            ← All packets
          </Anchor>
          {folder && <FolderMenu folder={folder} />}
        </Group>
      )}
      {!folderId && (folders.data?.items.length ?? 0) > 0 && (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Folders
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
            {folders.data!.items.map((f) => (
              <Card key={f.id} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" gap={4}>
                  <Anchor component={Link} to={`/home/folderview/${f.id}`} fw={600} size="sm" truncate title={f.name}>
                    {f.name}
                  </Anchor>
                  <FolderMenu folder={f} />
                </Group>
                <Text size="xs" c="dimmed">
                  {countOf(f.packetCount, 'packet')} · {f.ownerName}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Group gap="sm" align="flex-end">
        <TextInput label="Search packets" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={260} />
        <Select
          label="Status"
          clearable
          placeholder="Any"
          data={[
            { value: 'PUBLISHED', label: 'Published' },
            { value: 'UNPUBLISHED', label: 'Unpublished' },
          ]}
          value={status}
          onChange={setStatus}
          w={160}
        />
        <Select
          label="Sort by"
          allowDeselect={false}
          data={[
            { value: 'lastActivity', label: 'Last activity' },
            { value: 'created', label: 'Created' },
            { value: 'name', label: 'Name' },
          ]}
          value={sort}
          onChange={(v) => v && setSort(v as Sort)}
          w={160}
        />
      </Group>
      {packets.isLoading ? (
        <LoadingState label="Loading packets" />
      ) : packets.error ? (
        <ErrorState error={packets.error} onRetry={() => void packets.refetch()} />
      ) : packets.data!.items.length === 0 ? (
        <NothingHere title="No packets yet" description="Create a packet from one to five published forms." />
      ) : (
        <TableScroll minWidth={760}>
          <Table striped highlightOnHover aria-label="Packets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Forms</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Last activity</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packets.data!.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/packetSettings?id=${p.id}`} fw={600}>
                      {p.name}
                    </Anchor>
                    {p.hipaa && (
                      <Badge ml={6} size="xs" color="grape">
                        HIPAA
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={p.status === 'PUBLISHED' ? 'green' : 'gray'} variant="light">
                      {p.status === 'PUBLISHED' ? 'Published' : 'Unpublished'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{p.formCount}</Table.Td>
                  <Table.Td>{p.sentCount}</Table.Td>
                  <Table.Td>{p.ownerName}</Table.Td>
                  <Table.Td>{formatDateTime(p.lastActivityAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        component={Link}
                        to={`/packetSettings?id=${p.id}&tab=workflow`}
                      >
                        Workflow
                      </Button>
                      {p.status === 'PUBLISHED' && (
                        // The API refuses a send by someone the packet does not name as a sender; say so up front.
                        <Tooltip
                          label="Only this packet's senders can send it"
                          disabled={p.canSend !== false}
                          withinPortal
                        >
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() => setSendId(p.id)}
                            aria-label={`Send ${p.name}`}
                            disabled={p.canSend === false}
                            style={p.canSend === false ? { pointerEvents: 'auto' } : undefined}
                          >
                            Send
                          </Button>
                        </Tooltip>
                      )}
                      <Button size="compact-xs" variant="default" component={Link} to={`/seeSubmission/${p.id}`}>
                        Submissions
                      </Button>
                      <PacketMenu packet={p} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {newFolder && <NewFolderModal onClose={() => setNewFolder(false)} />}
      {sendId && <SendFromList packetId={sendId} onClose={() => setSendId(null)} />}
    </Stack>
  );
}

function SendFromList({ packetId, onClose }: { packetId: string; onClose: () => void }) {
  const packet = usePacket(packetId);
  if (!packet.data) return null;
  return <SendPacketModal packet={packet.data} onClose={onClose} />;
}

function NewFolderModal({ onClose }: { onClose: () => void }) {
  const create = useCreateFolder();
  const [name, setName] = useState('');
  const error = folderNameProblem(name);
  const [tried, setTried] = useState(false);
  return (
    <DialogModal
      opened
      onClose={onClose}
      title="New folder"
      actionLabel="Create folder"
      loading={create.isPending}
      error={create.error}
      onAction={() => {
        setTried(true);
        if (!error) create.mutate(name, { onSuccess: onClose });
      }}
    >
      <FolderNameField value={name} onChange={setName} tried={tried} />
    </DialogModal>
  );
}

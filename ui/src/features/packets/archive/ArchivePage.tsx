import { Alert, Button, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { PacketsNav } from '../home/PacketsNav';
import { formatDateTime } from '../../../shared/format';
import {
  folderCalls,
  useArchivedFolders,
  useFolderMutation,
  useFolders,
  usePackets,
  type FolderDto,
  type PacketList,
} from '../packets.api';
import { TemplatesArchiveTab } from './TemplatesArchiveTab';
import { TableScroll } from '../../../shared/table/TableScroll';
import { DialogModal } from '../../../shared/DialogModal';

type Tab = 'packet' | 'folder' | 'templates';
type Packet = PacketList['items'][number];

/** Archive (/archive/packet, /archive/folder): archived packets, folders and templates, with restore. */
export function ArchivePage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routeTab: Tab = pathname.endsWith('/folder') ? 'folder' : 'packet';
  const [templates, setTemplates] = useState(false);
  const tab: Tab = templates ? 'templates' : routeTab;
  return (
    <Stack gap="md">
      <PageHeader
        title="Archive"
        description="Archived packets, folders and templates. Restoring brings a packet back unpublished; submissions voided by the archive stay voided."
      />
      <PacketsNav />
      <Tabs
        value={tab}
        onChange={(v) => {
          if (v === 'templates') setTemplates(true);
          else if (v) {
            setTemplates(false);
            void navigate(`/archive/${v}`);
          }
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="packet">Packets</Tabs.Tab>
          <Tabs.Tab value="folder">Folders</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="packet" pt="md">
          <ArchivedPackets />
        </Tabs.Panel>
        <Tabs.Panel value="folder" pt="md">
          <ArchivedFolders />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesArchiveTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ArchivedPackets() {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const packets = usePackets({ archived: true, ...(debounced.trim() ? { q: debounced.trim() } : {}), limit: 200 });
  const live = useFolders();
  const archived = useArchivedFolders();
  const folderName = (id: string | null) =>
    id ? ([...(live.data?.items ?? []), ...(archived.data?.items ?? [])].find((f) => f.id === id)?.name ?? '—') : '—';
  const [restoring, setRestoring] = useState<Packet | null>(null);
  return (
    <Stack gap="sm">
      <TextInput label="Search archived packets" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={280} />
      {packets.isLoading ? (
        <LoadingState label="Loading archived packets" />
      ) : packets.error ? (
        <ErrorState error={packets.error} onRetry={() => void packets.refetch()} />
      ) : packets.data!.items.length === 0 ? (
        <NothingHere title="No archived packets" description="Packets you archive are kept here." />
      ) : (
        <TableScroll minWidth={720}>
          <Table striped aria-label="Archived packets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Folder</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Times sent</Table.Th>
                <Table.Th>Archived</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packets.data!.items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td fw={600}>{p.name}</Table.Td>
                  <Table.Td>{folderName(p.folderId)}</Table.Td>
                  <Table.Td>{p.ownerName || '—'}</Table.Td>
                  <Table.Td>{p.sentCount}</Table.Td>
                  <Table.Td>{formatDateTime(p.archivedAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setRestoring(p)}
                      aria-label={`Restore ${p.name}`}
                    >
                      Restore
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {restoring && (
        <RestoreModal
          kind="packet"
          id={restoring.id}
          name={restoring.name}
          note="It comes back unpublished (publish it again to send it). If its folder is archived, it comes back outside any folder."
          onClose={() => setRestoring(null)}
        />
      )}
    </Stack>
  );
}

function ArchivedFolders() {
  const folders = useArchivedFolders();
  const [restoring, setRestoring] = useState<FolderDto | null>(null);
  if (folders.isLoading) return <LoadingState label="Loading archived folders" />;
  if (folders.error) return <ErrorState error={folders.error} onRetry={() => void folders.refetch()} />;
  const items = folders.data!.items;
  return (
    <Stack gap="sm">
      {items.length === 0 ? (
        <NothingHere
          title="No archived folders"
          description="Folders you archive, with their packets, are kept here."
        />
      ) : (
        <TableScroll minWidth={600}>
          <Table striped aria-label="Archived folders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Archived</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td fw={600}>{f.name}</Table.Td>
                  <Table.Td>{f.ownerName || '—'}</Table.Td>
                  <Table.Td>{formatDateTime(f.archivedAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setRestoring(f)}
                      aria-label={`Restore ${f.name}`}
                    >
                      Restore
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {restoring && (
        <RestoreModal
          kind="folder"
          id={restoring.id}
          name={restoring.name}
          note="The packets archived with it come back too, unpublished."
          onClose={() => setRestoring(null)}
        />
      )}
    </Stack>
  );
}

function RestoreModal({
  kind,
  id,
  name,
  note,
  onClose,
}: {
  kind: 'packet' | 'folder';
  id: string;
  name: string;
  note: string;
  onClose: () => void;
}) {
  const restore = useFolderMutation<string, unknown>(
    kind === 'packet' ? folderCalls.unarchivePacket : folderCalls.unarchive,
  );
  return (
    <DialogModal
      opened
      onClose={onClose}
      title={`Restore ${kind}`}
      actionLabel="Restore"
      loading={restore.isPending}
      error={restore.error}
      onAction={() =>
        restore.mutate(id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: `“${name}” restored.` });
            onClose();
          },
        })
      }
    >
      <Text size="sm">Restore “{name}”?</Text>
      <Alert variant="light" color="blue">
        {note} Submissions voided when it was archived stay voided.
      </Alert>
    </DialogModal>
  );
}

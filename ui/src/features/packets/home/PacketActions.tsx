import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PACKET_LIMITS } from '../../../../../domain/packets';
import { ApiErrorAlert } from '../../../shared/ApiErrorAlert';
import {
  folderCalls,
  packetKeys,
  useFolderArchiveProgress,
  useFolderMutation,
  useFolders,
  usePacketAction,
  usePeople,
  type FolderDto,
  type PacketList,
} from '../packets.api';
import { countOf } from '../../../shared/labels';

/**
 * The packets list's management actions (spec "Packets and Folders lists (new folder, archive, move, rename, clone,
 * share, transfer ownership, shareable link)"): a menu per folder and per packet, each action behind a dialog with
 * the catalogue's validation wording.
 */
type Packet = PacketList['items'][number];
type FolderDialog = 'rename' | 'clone' | 'share' | 'transfer' | 'archive';
type PacketDialog = 'move' | 'transfer' | 'archive';

const STAFF = ['SCHOOL_ADMIN', 'COACH'];

function useStaffChoices(excludeId?: string | null) {
  const people = usePeople();
  const data = (people.data ?? [])
    .filter((p) => p.roles.some((r) => STAFF.includes(r)) && p.id !== excludeId)
    .map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }));
  return { data, loading: people.isLoading };
}

function done(message: string) {
  notifications.show({ color: 'teal', message });
}

export function FolderMenu({ folder }: { folder: FolderDto }) {
  const [dialog, setDialog] = useState<FolderDialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Folder actions: ${folder.name}`} size="sm">
            <span aria-hidden>⋯</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setDialog('rename')}>Rename</Menu.Item>
          <Menu.Item onClick={() => setDialog('clone')}>Clone</Menu.Item>
          <Menu.Item onClick={() => setDialog('share')}>Share</Menu.Item>
          <Menu.Item onClick={() => setDialog('transfer')}>Transfer ownership</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red.9" onClick={() => setDialog('archive')}>
            Archive
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'rename' && <RenameFolderModal folder={folder} onClose={close} />}
      {dialog === 'clone' && <CloneFolderModal folder={folder} onClose={close} />}
      {dialog === 'share' && <ShareFolderModal folder={folder} onClose={close} />}
      {dialog === 'transfer' && (
        <TransferModal kind="folder" id={folder.id} name={folder.name} ownerId={folder.ownerId} onClose={close} />
      )}
      {dialog === 'archive' && <ArchiveFolderModal folder={folder} onClose={close} />}
    </>
  );
}

export function PacketMenu({ packet }: { packet: Packet }) {
  const [dialog, setDialog] = useState<PacketDialog | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="default" aria-label={`More actions: ${packet.name}`}>
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setDialog('move')}>Move to folder</Menu.Item>
          <Menu.Item onClick={() => setDialog('transfer')}>Transfer ownership</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red.9" onClick={() => setDialog('archive')}>
            Archive
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'move' && <MovePacketModal packet={packet} onClose={close} />}
      {dialog === 'transfer' && (
        <TransferModal kind="packet" id={packet.id} name={packet.name} ownerId={packet.ownerId} onClose={close} />
      )}
      {dialog === 'archive' && <ArchivePacketModal packet={packet} onClose={close} />}
    </>
  );
}

function RenameFolderModal({ folder, onClose }: { folder: FolderDto; onClose: () => void }) {
  const rename = useFolderMutation(folderCalls.rename);
  const [name, setName] = useState(folder.name);
  const [tried, setTried] = useState(false);
  const error =
    name.trim().length === 0 || name.length > PACKET_LIMITS.folderNameMaxChars
      ? 'Folder name is mandatory, max 100 characters.'
      : null;
  return (
    <Modal opened onClose={onClose} title="Rename folder">
      <Stack>
        <TextInput
          label="Folder name"
          required
          value={name}
          description={`${name.length}/${PACKET_LIMITS.folderNameMaxChars} characters`}
          error={tried && error}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        {rename.error && <ApiErrorAlert error={rename.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={rename.isPending}
            onClick={() => {
              setTried(true);
              if (!error)
                rename.mutate(
                  { id: folder.id, name },
                  {
                    onSuccess: () => {
                      done('Folder renamed.');
                      onClose();
                    },
                  },
                );
            }}
          >
            Rename
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CloneFolderModal({ folder, onClose }: { folder: FolderDto; onClose: () => void }) {
  const clone = useFolderMutation(folderCalls.clone);
  return (
    <Modal opened onClose={onClose} title="Clone folder">
      <Stack>
        <Text size="sm">
          Make a copy of “{folder.name}” with an unpublished copy of each of its {countOf(folder.packetCount, 'packet')}
          . You own the copies.
        </Text>
        {clone.error && <ApiErrorAlert error={clone.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={clone.isPending}
            onClick={() =>
              clone.mutate(folder.id, {
                onSuccess: (copy) => {
                  done(`Folder cloned as “${copy.name}”.`);
                  onClose();
                },
              })
            }
          >
            Clone folder
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ShareFolderModal({ folder, onClose }: { folder: FolderDto; onClose: () => void }) {
  const share = useFolderMutation(folderCalls.share);
  const staff = useStaffChoices(folder.ownerId);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  return (
    <Modal opened onClose={onClose} title="Share folder">
      <Stack>
        <Text size="sm">
          The people you choose get edit access to every packet in “{folder.name}”, and to packets added to it later:
          title, questions, workflow and conditions.
        </Text>
        {folder.editorIds.length > 0 && !staff.loading && (
          <Text size="sm" c="dimmed" data-testid="folder-shared-with">
            Shared with{' '}
            {folder.editorIds
              .map((id) => staff.data.find((s) => s.value === id)?.label ?? 'a former staff member')
              .join(', ')}
            .
          </Text>
        )}
        <MultiSelect
          label="Share with"
          placeholder={staff.loading ? 'Loading staff…' : 'Choose school admins or coaches'}
          data={staff.data}
          value={userIds}
          onChange={setUserIds}
          searchable
          error={tried && userIds.length === 0 ? 'Choose at least one person.' : null}
        />
        {share.error && <ApiErrorAlert error={share.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={share.isPending}
            onClick={() => {
              setTried(true);
              if (userIds.length > 0)
                share.mutate(
                  { id: folder.id, userIds },
                  {
                    onSuccess: (r) => {
                      done(`Shared ${r.packetCount} packet${r.packetCount === 1 ? '' : 's'}.`);
                      onClose();
                    },
                  },
                );
            }}
          >
            Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TransferModal({
  kind,
  id,
  name,
  ownerId,
  onClose,
}: {
  kind: 'packet' | 'folder';
  id: string;
  name: string;
  ownerId: string | null;
  onClose: () => void;
}) {
  const transfer = useFolderMutation<{ id: string; userId: string }, unknown>(
    kind === 'folder' ? folderCalls.transfer : folderCalls.transferPacket,
  );
  const staff = useStaffChoices(ownerId);
  const [userId, setUserId] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  return (
    <Modal opened onClose={onClose} title={`Transfer ownership of ${kind === 'folder' ? 'folder' : 'packet'}`}>
      <Stack>
        <Text size="sm">
          “{name}” {kind === 'folder' ? 'and every packet in it move' : 'moves'} to the new owner, together with the
          packets already sent: they show on the new owner’s Sent screen.
        </Text>
        <Select
          label="New owner"
          placeholder={staff.loading ? 'Loading staff…' : 'Choose a school admin or coach'}
          data={staff.data}
          value={userId}
          onChange={setUserId}
          searchable
          error={tried && !userId ? 'Choose an active school admin or coach of your school.' : null}
        />
        {transfer.error && <ApiErrorAlert error={transfer.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={transfer.isPending}
            onClick={() => {
              setTried(true);
              if (userId)
                transfer.mutate(
                  { id, userId },
                  {
                    onSuccess: () => {
                      done('Ownership transferred.');
                      onClose();
                    },
                  },
                );
            }}
          >
            Transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MovePacketModal({ packet, onClose }: { packet: Packet; onClose: () => void }) {
  const move = useFolderMutation(folderCalls.movePacket);
  const folders = useFolders();
  const [folderId, setFolderId] = useState<string>(packet.folderId ?? '');
  const data = [
    { value: '', label: 'No folder' },
    ...(folders.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })),
  ];
  return (
    <Modal opened onClose={onClose} title="Move packet">
      <Stack>
        <Select
          label="Folder"
          description={`Where “${packet.name}” should be filed`}
          data={data}
          value={folderId}
          onChange={(v) => setFolderId(v ?? '')}
          allowDeselect={false}
          searchable
        />
        {move.error && <ApiErrorAlert error={move.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={move.isPending}
            disabled={(packet.folderId ?? '') === folderId}
            onClick={() =>
              move.mutate(
                { id: packet.id, folderId: folderId || null },
                {
                  onSuccess: () => {
                    done('Packet moved.');
                    onClose();
                  },
                },
              )
            }
          >
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ArchivePacketModal({ packet, onClose }: { packet: Packet; onClose: () => void }) {
  const archive = usePacketAction(packet.id);
  return (
    <Modal opened onClose={onClose} title="Archive packet">
      <Stack>
        <Alert color="orange" variant="light">
          Archiving “{packet.name}” voids every submission of it still in progress
          {packet.sentCount > 0 ? ` (sent ${packet.sentCount} time${packet.sentCount === 1 ? '' : 's'})` : ''}. It can
          be restored from the archive, unpublished; voided submissions stay voided.
        </Alert>
        {archive.error && <ApiErrorAlert error={archive.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={archive.isPending}
            onClick={() =>
              archive.mutate('archive', {
                onSuccess: () => {
                  done('Packet archived.');
                  onClose();
                },
              })
            }
          >
            Archive packet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Archive a folder: confirm, then follow the voids of its running submissions as they happen. */
function ArchiveFolderModal({ folder, onClose: close }: { folder: FolderDto; onClose: () => void }) {
  // The lists refresh only when the dialog closes: the folder leaves them, and this dialog lives in its menu.
  const client = useQueryClient();
  const archive = useMutation({ mutationFn: folderCalls.archive });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onClose = () => {
    void client.invalidateQueries({ queryKey: packetKeys.all });
    close();
    // An archived folder's own view has nothing left to show.
    if (archive.isSuccess && pathname === `/home/folderview/${folder.id}`) void navigate('/sprySign/home');
  };
  const [started, setStarted] = useState<{ total: number } | null>(null);
  const progress = useFolderArchiveProgress(started && started.total > 0 ? folder.id : null);
  const p = progress.data;
  const finished = started && (started.total === 0 || p?.finished);
  return (
    <Modal opened onClose={onClose} title="Archive folder">
      <Stack>
        {!started ? (
          <>
            <Alert color="orange" variant="light">
              Archiving “{folder.name}” archives its {folder.packetCount} packet{folder.packetCount === 1 ? '' : 's'}{' '}
              and voids every sent packet still in progress. Voiding runs in the background; you get an e-mail when it
              is done.
            </Alert>
            {archive.error && <ApiErrorAlert error={archive.error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={archive.isPending}
                onClick={() => archive.mutate(folder.id, { onSuccess: (r) => setStarted({ total: r.total }) })}
              >
                Archive folder
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" role="status">
              {finished
                ? started.total === 0
                  ? 'Folder archived. Nothing was in progress, so nothing needed voiding.'
                  : `Folder archived. ${p?.done ?? started.total} submission${(p?.done ?? started.total) === 1 ? '' : 's'} voided.`
                : `Folder archived. Voiding submissions in progress: ${p?.done ?? 0} of ${p?.total ?? started.total}.`}
            </Text>
            {started.total > 0 && (
              <Progress
                value={p && p.total > 0 ? (p.done / p.total) * 100 : 0}
                animated={!finished}
                aria-label="Voiding submissions"
              />
            )}
            <Group justify="flex-end">
              <Button onClick={onClose}>{finished ? 'Done' : 'Close (continues in the background)'}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

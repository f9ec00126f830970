import { ActionIcon, Alert, Button, Menu, MultiSelect, Progress, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DialogModal } from '../../../shared/DialogModal';
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
import { FolderNameField, folderNameProblem } from './FolderNameField';

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

/**
 * Runs a dialog's mutation: on success it says what was done (a notification) and closes the dialog, so each dialog
 * below only names its call and its message.
 */
function actOnce<TInput, TResult>(
  mutation: { mutate: (input: TInput, options: { onSuccess: (result: TResult) => void }) => void },
  onClose: () => void,
) {
  return (input: TInput, message: string | ((result: TResult) => string)) =>
    mutation.mutate(input, {
      onSuccess: (result) => {
        done(typeof message === 'string' ? message : message(result));
        onClose();
      },
    });
}

function RenameFolderModal({ folder, onClose }: { folder: FolderDto; onClose: () => void }) {
  const rename = useFolderMutation(folderCalls.rename);
  const [name, setName] = useState(folder.name);
  const [tried, setTried] = useState(false);
  const error = folderNameProblem(name);
  return (
    <DialogModal
      opened
      onClose={onClose}
      title="Rename folder"
      actionLabel="Rename"
      loading={rename.isPending}
      error={rename.error}
      onAction={() => {
        setTried(true);
        if (!error) actOnce(rename, onClose)({ id: folder.id, name }, 'Folder renamed.');
      }}
    >
      <FolderNameField value={name} onChange={setName} tried={tried} />
    </DialogModal>
  );
}

function CloneFolderModal({ folder, onClose }: { folder: FolderDto; onClose: () => void }) {
  const clone = useFolderMutation(folderCalls.clone);
  return (
    <DialogModal
      opened
      onClose={onClose}
      title="Clone folder"
      actionLabel="Clone folder"
      loading={clone.isPending}
      error={clone.error}
      onAction={() => actOnce(clone, onClose)(folder.id, (copy) => `Folder cloned as “${copy.name}”.`)}
    >
      <Text size="sm">
        Make a copy of “{folder.name}” with an unpublished copy of each of its {countOf(folder.packetCount, 'packet')}.
        You own the copies.
      </Text>
    </DialogModal>
  );
}

function ShareFolderModal({ folder, onClose }: { folder: FolderDto; onClose: () => void }) {
  const share = useFolderMutation(folderCalls.share);
  const staff = useStaffChoices(folder.ownerId);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  return (
    <DialogModal
      opened
      onClose={onClose}
      title="Share folder"
      actionLabel="Share"
      loading={share.isPending}
      error={share.error}
      onAction={() => {
        setTried(true);
        if (userIds.length > 0)
          actOnce(share, onClose)(
            { id: folder.id, userIds },
            (r) => `Shared ${r.packetCount} packet${r.packetCount === 1 ? '' : 's'}.`,
          );
      }}
    >
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
    </DialogModal>
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
    <DialogModal
      opened
      onClose={onClose}
      title={`Transfer ownership of ${kind === 'folder' ? 'folder' : 'packet'}`}
      actionLabel="Transfer"
      loading={transfer.isPending}
      error={transfer.error}
      onAction={() => {
        setTried(true);
        if (userId) actOnce(transfer, onClose)({ id, userId }, 'Ownership transferred.');
      }}
    >
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
    </DialogModal>
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
    <DialogModal
      opened
      onClose={onClose}
      title="Move packet"
      actionLabel="Move"
      loading={move.isPending}
      actionDisabled={(packet.folderId ?? '') === folderId}
      error={move.error}
      onAction={() => actOnce(move, onClose)({ id: packet.id, folderId: folderId || null }, 'Packet moved.')}
    >
      <Select
        label="Folder"
        description={`Where “${packet.name}” should be filed`}
        data={data}
        value={folderId}
        onChange={(v) => setFolderId(v ?? '')}
        allowDeselect={false}
        searchable
      />
    </DialogModal>
  );
}

function ArchivePacketModal({ packet, onClose }: { packet: Packet; onClose: () => void }) {
  const archive = usePacketAction(packet.id);
  return (
    <DialogModal
      opened
      onClose={onClose}
      title="Archive packet"
      actionLabel="Archive packet"
      actionColor="red"
      loading={archive.isPending}
      error={archive.error}
      onAction={() => actOnce(archive, onClose)('archive', 'Packet archived.')}
    >
      <Alert color="orange" variant="light">
        Archiving “{packet.name}” voids every submission of it still in progress
        {packet.sentCount > 0 ? ` (sent ${packet.sentCount} time${packet.sentCount === 1 ? '' : 's'})` : ''}. It can be
        restored from the archive, unpublished; voided submissions stay voided.
      </Alert>
    </DialogModal>
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
  if (!started)
    return (
      <DialogModal
        opened
        onClose={onClose}
        title="Archive folder"
        actionLabel="Archive folder"
        actionColor="red"
        loading={archive.isPending}
        error={archive.error}
        onAction={() => archive.mutate(folder.id, { onSuccess: (r) => setStarted({ total: r.total }) })}
      >
        <Alert color="orange" variant="light">
          Archiving “{folder.name}” archives its {folder.packetCount} packet{folder.packetCount === 1 ? '' : 's'} and
          voids every sent packet still in progress. Voiding runs in the background; you get an e-mail when it is done.
        </Alert>
      </DialogModal>
    );
  return (
    <DialogModal
      opened
      onClose={onClose}
      title="Archive folder"
      dismissLabel={finished ? 'Done' : 'Close (continues in the background)'}
    >
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
    </DialogModal>
  );
}

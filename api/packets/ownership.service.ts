import { sql, type Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { canManageFolder } from './archive.service';
import { findFolder, findPacket } from './packets.repository';
import { canPublishPacket, loadPacketDetail, toFolder } from './packets.service';

/**
 * Who owns and who shares packets and folders, and bringing archived ones back. Spec part 2 §6: "Ownership can be
 * transferred, moving sent packets with it. Only owner-like users publish, recall or archive." Owner-like means the
 * owner or a school admin. The new owner, and people a folder is shared with, must be active school admins or
 * coaches of the same school (the staff who build packets).
 */
type Db = Kysely<Database>;

const STAFF_ROLES = ['SCHOOL_ADMIN', 'COACH'];

/** The users among `userIds` who are active staff of the school. */
async function activeStaff(db: Db, schoolId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 'u.id').onRef('r.school_id', '=', 'u.school_id'))
    .select('u.id')
    .distinct()
    .where('u.school_id', '=', schoolId)
    .where('u.status', '=', 'ACTIVE')
    .where('u.id', 'in', [...userIds])
    .where('r.role', 'in', STAFF_ROLES)
    .execute();
  return new Set(rows.map((r) => r.id));
}

async function checkNewOwner(db: Db, schoolId: string, userId: string): Promise<void> {
  const ok = await activeStaff(db, schoolId, [userId]);
  if (!ok.has(userId)) {
    throw new AppError('PACKET_NEW_OWNER_INVALID', [
      { field: 'userId', message: 'Choose an active school admin or coach of your school.' },
    ]);
  }
}

/**
 * Hands packets to a new owner. Their sent packets move with them: sends made by a previous owner are now the new
 * owner's (listed on their Sent screen, theirs to void); sends by other permitted senders keep their sender.
 */
async function movePacketsTo(db: Db, schoolId: string, packetIds: readonly string[], newOwnerId: string, now: Date) {
  if (packetIds.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('packets')
      .select(['id', 'owner_id'])
      .where('school_id', '=', schoolId)
      .where('id', 'in', [...packetIds])
      .forUpdate()
      .execute();
    let moved = 0;
    for (const p of before) {
      if (p.owner_id && p.owner_id !== newOwnerId) {
        const res = await trx
          .updateTable('sent_packets')
          .set({ sent_by: newOwnerId })
          .where('school_id', '=', schoolId)
          .where('packet_id', '=', p.id)
          .where('sent_by', '=', p.owner_id)
          .executeTakeFirst();
        moved += Number(res.numUpdatedRows);
      }
    }
    await trx
      .updateTable('packets')
      .set({
        owner_id: newOwnerId,
        // The new owner no longer needs a separate edit share.
        editor_ids: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(editor_ids) e where e <> to_jsonb(${newOwnerId}::text)), '[]'::jsonb)`,
        updated_at: now,
        last_activity_at: now,
      })
      .where('school_id', '=', schoolId)
      .where('id', 'in', [...packetIds])
      .execute();
    return moved;
  });
}

export async function transferPacket(deps: CoreDeps, actor: Actor, packetId: string, userId: string) {
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canPublishPacket(actor, packet)) throw new AppError('FORBIDDEN');
  await checkNewOwner(db, actor.schoolId, userId);
  const sentMoved = await movePacketsTo(db, actor.schoolId, [packetId], userId, deps.now());
  await auditBy(db, actor, {
    action: 'packet.ownership_transferred',
    targetType: 'packet',
    targetId: packetId,
    details: { fromUserId: packet.owner_id, toUserId: userId, sentPacketsMoved: sentMoved },
  });
  return loadPacketDetail(db, actor, packetId);
}

/** A folder changes hands with every packet in it (archived ones too) and their sent packets. */
export async function transferFolder(deps: CoreDeps, actor: Actor, folderId: string, userId: string) {
  const { db } = deps;
  const folder = await findFolder(db, actor.schoolId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  if (!canManageFolder(actor, folder)) throw new AppError('FORBIDDEN');
  if (folder.archived_at) throw new AppError('FOLDER_ARCHIVED');
  await checkNewOwner(db, actor.schoolId, userId);
  const packetIds = (
    await db
      .selectFrom('packets')
      .select('id')
      .where('school_id', '=', actor.schoolId)
      .where('folder_id', '=', folderId)
      .execute()
  ).map((p) => p.id);
  const sentMoved = await movePacketsTo(db, actor.schoolId, packetIds, userId, deps.now());
  await db
    .updateTable('packet_folders')
    .set({ owner_id: userId, updated_at: deps.now() })
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', folderId)
    .execute();
  await auditBy(db, actor, {
    action: 'packet_folder.ownership_transferred',
    targetType: 'packet_folder',
    targetId: folderId,
    details: { fromUserId: folder.owner_id, toUserId: userId, packets: packetIds.length, sentPacketsMoved: sentMoved },
  });
  return toFolder((await findFolder(db, actor.schoolId, folderId))!);
}

/**
 * Shares a folder: the chosen staff get edit access to every packet in it (added to each packet's editors; nobody is
 * removed). Answers how many packets were shared.
 */
export async function shareFolder(deps: CoreDeps, actor: Actor, folderId: string, userIds: readonly string[]) {
  const { db } = deps;
  const folder = await findFolder(db, actor.schoolId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  if (!canManageFolder(actor, folder)) throw new AppError('FORBIDDEN');
  if (folder.archived_at) throw new AppError('FOLDER_ARCHIVED');
  const wanted = [...new Set(userIds)];
  const staff = await activeStaff(db, actor.schoolId, wanted);
  if (wanted.length === 0 || staff.size !== wanted.length) {
    throw new AppError(
      'PACKET_SHARE_USERS_INVALID',
      wanted.filter((id) => !staff.has(id)).map((id) => ({ field: 'userIds', message: `Not a staff member: ${id}` })),
    );
  }
  const packets = await db
    .selectFrom('packets')
    .select(['id', 'editor_ids', 'owner_id'])
    .where('school_id', '=', actor.schoolId)
    .where('folder_id', '=', folderId)
    .where('archived_at', 'is', null)
    .execute();
  for (const p of packets) {
    const editors = [...new Set([...p.editor_ids, ...wanted.filter((id) => id !== p.owner_id)])];
    if (editors.length === p.editor_ids.length) continue;
    await db
      .updateTable('packets')
      .set({ editor_ids: JSON.stringify(editors), updated_at: deps.now() })
      .where('school_id', '=', actor.schoolId)
      .where('id', '=', p.id)
      .execute();
  }
  // Remembered on the folder: packets filed in it later are shared with the same people.
  await db
    .updateTable('packet_folders')
    .set({ editor_ids: JSON.stringify([...new Set([...folder.editor_ids, ...wanted])]), updated_at: deps.now() })
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', folderId)
    .execute();
  await auditBy(db, actor, {
    action: 'packet_folder.shared',
    targetType: 'packet_folder',
    targetId: folderId,
    details: { userIds: wanted, packets: packets.length },
  });
  return { folderId, userIds: wanted, packetCount: packets.length };
}

/**
 * Restores an archived packet as unpublished (publish it again to send it). Submissions voided by the archive stay
 * voided. A packet whose folder is still archived comes back outside any folder.
 */
export async function unarchivePacket(deps: CoreDeps, actor: Actor, packetId: string) {
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  if (!canPublishPacket(actor, packet)) throw new AppError('FORBIDDEN');
  if (!packet.archived_at) throw new AppError('NOT_ARCHIVED');
  const folder = packet.folder_id ? await findFolder(db, actor.schoolId, packet.folder_id) : null;
  await db
    .updateTable('packets')
    .set({
      archived_at: null,
      status: 'UNPUBLISHED',
      ...(folder?.archived_at ? { folder_id: null } : {}),
      updated_at: deps.now(),
      last_activity_at: deps.now(),
    })
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', packetId)
    .execute();
  await auditBy(db, actor, {
    action: 'packet.unarchived',
    targetType: 'packet',
    targetId: packetId,
  });
  return loadPacketDetail(db, actor, packetId);
}

/** Restores a folder with the packets archived together with it (same moment), all unpublished. */
export async function unarchiveFolder(deps: CoreDeps, actor: Actor, folderId: string) {
  const { db } = deps;
  const folder = await findFolder(db, actor.schoolId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  if (!canManageFolder(actor, folder)) throw new AppError('FORBIDDEN');
  if (!folder.archived_at) throw new AppError('NOT_ARCHIVED');
  const archivedAt = folder.archived_at;
  const restored = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('packets')
      .set({ archived_at: null, status: 'UNPUBLISHED', updated_at: deps.now() })
      .where('school_id', '=', actor.schoolId)
      .where('folder_id', '=', folderId)
      .where('archived_at', '=', archivedAt)
      .returning('id')
      .execute();
    await trx
      .updateTable('packet_folders')
      .set({ archived_at: null, updated_at: deps.now() })
      .where('school_id', '=', actor.schoolId)
      .where('id', '=', folderId)
      .execute();
    return rows.length;
  });
  await auditBy(db, actor, {
    action: 'packet_folder.unarchived',
    targetType: 'packet_folder',
    targetId: folderId,
    details: { packets: restored },
  });
  return toFolder((await findFolder(db, actor.schoolId, folderId))!);
}

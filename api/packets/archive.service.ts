import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { packetWorkflowIds } from '../../domain/packets';
import { bulkVoidWorkflow } from '../../workflows/packets/bulk-void.workflow';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf } from '../shared/workflow-client';
import { canEditPacket, clonePacketRow, checkFolderName, isSchoolAdmin, toFolder } from './packets.service';
import {
  archiveFolderRows,
  archivePacketRow,
  findFolder,
  findPacket,
  OPEN_SUBMISSION_STATUSES,
} from './packets.repository';
import { checkReason, voidInfoOf } from './submissions.service';

/**
 * Folders (new, rename, clone, archive), archiving packets, and voiding many submissions at once. Archiving a packet
 * or a folder voids every running submission of it (spec part 2 §4); the voids are signalled in the background, so
 * the request answers at once and each workflow writes its own ending.
 */
type Db = Kysely<Database>;

const OPEN_STATUSES = OPEN_SUBMISSION_STATUSES;

async function openWorkflowIds(db: Db, schoolId: string, filter: { packetIds?: string[]; sentPacketId?: string }) {
  let q = db
    .selectFrom('packet_submissions as s')
    .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
    .select('s.workflow_id')
    .where('s.school_id', '=', schoolId)
    .where('s.status', 'in', [...OPEN_STATUSES])
    .where('s.expired_at', 'is', null);
  if (filter.packetIds) {
    if (filter.packetIds.length === 0) return [];
    q = q.where('sp.packet_id', 'in', filter.packetIds);
  }
  if (filter.sentPacketId) q = q.where('sp.id', '=', filter.sentPacketId);
  return (await q.execute()).map((r) => r.workflow_id);
}

/**
 * Archives a packet and voids its running submissions through the packet's bulk-void workflow
 * (`bulk-void:packet:<id>`), the durable path a folder's archive takes: the archive and its record commit together,
 * then the workflow is started, and archiving the archived packet again starts the voids should the process have died
 * in between (issue 36). Refused with WORKFLOW_UNAVAILABLE, before anything changes, when submissions would need
 * voiding and Temporal cannot be reached.
 */
export async function archivePacket(deps: CoreDeps, actor: Actor, packetId: string) {
  const { db } = deps;
  const packet = await findPacket(db, actor.schoolId, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  // Archiving is for those who edit the packet: its owner, its editors and school admins.
  if (!canEditPacket(actor, packet)) throw new AppError('FORBIDDEN');
  const open = await openWorkflowIds(db, actor.schoolId, { packetIds: [packetId] });
  const temporal = open.length > 0 ? requireTemporal(deps) : null;
  if (packet.archived_at) {
    // A repeat writes nothing; it only starts the voids a dead request never started.
    if (temporal && !(await bulkVoidRunning(temporal, packetWorkflowIds.packetArchive(packetId)))) {
      await startPacketVoids(deps, temporal, actor, packetId);
    }
    return;
  }
  await db.transaction().execute(async (trx) => {
    await archivePacketRow(trx, actor.schoolId, packetId, deps.now());
    await auditBy(trx, actor, {
      action: 'packet.archived',
      targetType: 'packet',
      targetId: packetId,
      details: { submissionsToVoid: open.length },
    });
  });
  if (temporal) await startPacketVoids(deps, temporal, actor, packetId);
}

const PACKET_ARCHIVE_REASON = 'The packet was archived.';

async function bulkVoidRunning(temporal: Client, workflowId: string): Promise<boolean> {
  try {
    return (await temporal.workflow.getHandle(workflowId).describe()).status.name === 'RUNNING';
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

/** Starts the packet's bulk-void workflow; one already running is the same work (its id is the packet's). */
async function startPacketVoids(deps: CoreDeps, temporal: Client, actor: Actor, packetId: string) {
  try {
    await temporal.workflow.start(bulkVoidWorkflow, {
      workflowId: packetWorkflowIds.packetArchive(packetId),
      taskQueue: taskQueueOf(deps),
      args: [
        {
          schoolId: actor.schoolId,
          packetId,
          void: voidInfoOf(actor, PACKET_ARCHIVE_REASON),
          requestedByUserId: actor.userId,
        },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

export async function voidSentPacket(deps: CoreDeps, actor: Actor, sentPacketId: string, reason: string) {
  const { db } = deps;
  const sent = await db
    .selectFrom('sent_packets as sp')
    .innerJoin('packets as p', 'p.id', 'sp.packet_id')
    .select(['sp.id', 'sp.sent_by', 'p.owner_id'])
    .where('sp.school_id', '=', actor.schoolId)
    .where('sp.id', '=', sentPacketId)
    .executeTakeFirst();
  if (!sent) throw new AppError('NOT_FOUND');
  if (sent.sent_by !== actor.userId && sent.owner_id !== actor.userId && !isSchoolAdmin(actor)) {
    throw new AppError('FORBIDDEN');
  }
  const text = checkReason(reason);
  await db
    .updateTable('sent_packets')
    .set({ voided_at: deps.now(), void_reason: text })
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', sentPacketId)
    .execute();
  const total = (await openWorkflowIds(db, actor.schoolId, { sentPacketId })).length;
  const temporal = requireTemporal(deps);
  const workflowId = packetWorkflowIds.bulkVoid(sentPacketId);
  try {
    await temporal.workflow.start(bulkVoidWorkflow, {
      workflowId,
      taskQueue: taskQueueOf(deps),
      args: [
        {
          schoolId: actor.schoolId,
          sentPacketId,
          void: voidInfoOf(actor, text),
          requestedByUserId: actor.userId,
        },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
  return { workflowId, total };
}

/**
 * Progress of a sent packet's bulk void, from PostgreSQL (each submission workflow writes its own ending): voided
 * since the request versus still running. The batch workflow also answers a Query for operators.
 */
export async function loadBulkVoidProgress(deps: CoreDeps, actor: Actor, sentPacketId: string) {
  const { db } = deps;
  const sent = await db
    .selectFrom('sent_packets')
    .select(['id', 'voided_at'])
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', sentPacketId)
    .executeTakeFirst();
  if (!sent) throw new AppError('NOT_FOUND');
  const workflowId = packetWorkflowIds.bulkVoid(sentPacketId);
  if (!sent.voided_at) return { workflowId, total: 0, done: 0, finished: false };
  const open = (await openWorkflowIds(db, actor.schoolId, { sentPacketId })).length;
  const voided = await db
    .selectFrom('packet_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('school_id', '=', actor.schoolId)
    .where('sent_packet_id', '=', sentPacketId)
    .where('status', '=', 'VOIDED')
    .where('voided_at', '>=', sent.voided_at)
    .executeTakeFirstOrThrow();
  const done = Number(voided.n);
  return { workflowId, total: done + open, done, finished: open === 0 };
}

// ---- folders ----

export async function createFolder(deps: CoreDeps, actor: Actor, name: string) {
  const { db } = deps;
  const row = await db
    .insertInto('packet_folders')
    .values({ school_id: actor.schoolId, name: checkFolderName(name), owner_id: actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditBy(db, actor, {
    action: 'packet_folder.created',
    targetType: 'packet_folder',
    targetId: row.id,
  });
  return toFolder((await findFolder(db, actor.schoolId, row.id))!);
}

export async function renameFolder(deps: CoreDeps, actor: Actor, folderId: string, name: string) {
  const { db } = deps;
  const folder = await findFolder(db, actor.schoolId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  if (!canManageFolder(actor, folder)) throw new AppError('FORBIDDEN');
  if (folder.archived_at) throw new AppError('FOLDER_ARCHIVED');
  const trimmed = checkFolderName(name);
  await auditBy(db, actor, {
    action: 'packet_folder.renamed',
    targetType: 'packet_folder',
    targetId: folderId,
    details: { from: folder.name, to: trimmed },
  });
  await db
    .updateTable('packet_folders')
    .set({ name: trimmed, updated_at: deps.now() })
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', folderId)
    .execute();
  return toFolder((await findFolder(db, actor.schoolId, folderId))!);
}

/** A copy of the folder with a copy of each of its live packets (unpublished). */
export async function cloneFolder(deps: CoreDeps, actor: Actor, folderId: string) {
  const { db } = deps;
  const folder = await findFolder(db, actor.schoolId, folderId);
  if (!folder || folder.archived_at) throw new AppError('NOT_FOUND');
  const name = `${folder.name.slice(0, 93)} (copy)`;
  const row = await db
    .insertInto('packet_folders')
    .values({ school_id: actor.schoolId, name, owner_id: actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const packets = await db
    .selectFrom('packets')
    .select('id')
    .where('school_id', '=', actor.schoolId)
    .where('folder_id', '=', folderId)
    .where('archived_at', 'is', null)
    .execute();
  for (const p of packets) {
    const packet = await findPacket(db, actor.schoolId, p.id);
    if (packet) await clonePacketRow(db, actor, packet, row.id);
  }
  await auditBy(db, actor, {
    action: 'packet_folder.cloned',
    targetType: 'packet_folder',
    targetId: row.id,
    details: { fromFolderId: folderId, packets: packets.length },
  });
  return toFolder((await findFolder(db, actor.schoolId, row.id))!);
}

/** Folder management is for its owner and school admins (spec: "only owner-like users … archive"). */
export function canManageFolder(actor: Actor, folder: { owner_id: string | null }): boolean {
  return actor.permissions.has('packets:write') && (folder.owner_id === actor.userId || isSchoolAdmin(actor));
}

/**
 * Archives a folder with every packet in it, marks their sent packets that still have running submissions as
 * voided, and starts the bulk-void workflow (`bulk-void:folder:<id>`) that voids those submissions in the background
 * and mails a confirmation (spec: "Archiving a packet or folder voids all sent packets (folder archive
 * asynchronous)"). One timestamp marks the folder and its packets, so a restore brings back exactly those packets.
 */
export async function archiveFolder(deps: CoreDeps, actor: Actor, folderId: string) {
  const { db } = deps;
  const folder = await findFolder(db, actor.schoolId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  if (!canManageFolder(actor, folder)) throw new AppError('FORBIDDEN');
  if (folder.archived_at) {
    const resumed = await resumeFolderVoids(deps, actor, folderId, folder.archived_at);
    if (resumed) return resumed;
    throw new AppError('FOLDER_ARCHIVED');
  }
  const live = await db
    .selectFrom('packets')
    .select('id')
    .where('school_id', '=', actor.schoolId)
    .where('folder_id', '=', folderId)
    .where('archived_at', 'is', null)
    .execute();
  const open = await openWorkflowIds(db, actor.schoolId, { packetIds: live.map((p) => p.id) });
  // Refuse before changing anything when the voids could not be started.
  const temporal = open.length > 0 ? requireTemporal(deps) : null;
  const now = deps.now();
  // The archive and its record commit together; the voids start after (a retry starts them should this process die
  // in between: resumeFolderVoids).
  await db.transaction().execute(async (trx) => {
    await archiveFolderRows(
      trx,
      actor.schoolId,
      folderId,
      live.map((p) => p.id),
      {
        at: now,
        reason: FOLDER_ARCHIVE_REASON,
      },
    );
    await auditBy(trx, actor, {
      action: 'packet_folder.archived',
      targetType: 'packet_folder',
      targetId: folderId,
      details: { packets: live.length, submissionsToVoid: open.length },
    });
  });
  if (temporal) await startFolderVoids(deps, temporal, actor, folderId);
  return {
    ...toFolder((await findFolder(db, actor.schoolId, folderId))!),
    workflowId: temporal ? packetWorkflowIds.folderArchive(folderId) : null,
    total: open.length,
  };
}

const FOLDER_ARCHIVE_REASON = 'The folder was archived.';

/** Starts the folder's bulk-void workflow; one already running is the same work (its id is the folder's). */
async function startFolderVoids(deps: CoreDeps, temporal: Client, actor: Actor, folderId: string) {
  try {
    await temporal.workflow.start(bulkVoidWorkflow, {
      workflowId: packetWorkflowIds.folderArchive(folderId),
      taskQueue: taskQueueOf(deps),
      args: [
        {
          schoolId: actor.schoolId,
          folderId,
          void: voidInfoOf(actor, FOLDER_ARCHIVE_REASON),
          requestedByUserId: actor.userId,
        },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

/**
 * Archiving an archived folder again, after the request that archived it died between its transaction and starting
 * the voids (issue 36): its packets' submissions would otherwise run on forever, and archiving again was refused.
 * When submissions of the packets archived with the folder still run and no bulk-void workflow of the folder does,
 * the voids start now and the answer is the archive's; otherwise null (the caller refuses with FOLDER_ARCHIVED).
 */
async function resumeFolderVoids(deps: CoreDeps, actor: Actor, folderId: string, archivedAt: Date) {
  const { db, temporal } = deps;
  if (!temporal) return null;
  const packetIds = (
    await db
      .selectFrom('packets')
      .select('id')
      .where('school_id', '=', actor.schoolId)
      .where('folder_id', '=', folderId)
      .where('archived_at', '=', archivedAt)
      .execute()
  ).map((p) => p.id);
  const open = await openWorkflowIds(db, actor.schoolId, { packetIds });
  if (open.length === 0) return null;
  const workflowId = packetWorkflowIds.folderArchive(folderId);
  try {
    const running = await temporal.workflow.getHandle(workflowId).describe();
    if (running.status.name === 'RUNNING') return null;
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  await startFolderVoids(deps, temporal, actor, folderId);
  return { ...toFolder((await findFolder(db, actor.schoolId, folderId))!), workflowId, total: open.length };
}

/**
 * Progress of an archived folder's voids, from PostgreSQL: submissions of its packets voided since the archive versus
 * those still running. Finished once nothing of the folder's packets is still running.
 */
export async function loadFolderArchiveProgress(deps: CoreDeps, actor: Actor, folderId: string) {
  const { db } = deps;
  const folder = await findFolder(db, actor.schoolId, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  const workflowId = packetWorkflowIds.folderArchive(folderId);
  if (!folder.archived_at) return { workflowId, total: 0, done: 0, finished: false };
  const packetIds = (
    await db
      .selectFrom('packets')
      .select('id')
      .where('school_id', '=', actor.schoolId)
      .where('folder_id', '=', folderId)
      .execute()
  ).map((p) => p.id);
  const open = (await openWorkflowIds(db, actor.schoolId, { packetIds })).length;
  let done = 0;
  if (packetIds.length > 0) {
    const voided = await db
      .selectFrom('packet_submissions as s')
      .innerJoin('sent_packets as sp', (j) =>
        j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('s.school_id', '=', actor.schoolId)
      .where('sp.packet_id', 'in', packetIds)
      .where('s.status', '=', 'VOIDED')
      .where('s.voided_at', '>=', folder.archived_at)
      .executeTakeFirstOrThrow();
    done = Number(voided.n);
  }
  return { workflowId, total: done + open, done, finished: open === 0 };
}

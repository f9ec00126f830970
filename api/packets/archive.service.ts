import { forEachConcurrently } from '../../domain/concurrency';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { packetWorkflowIds } from '../../domain/packets';
import { bulkVoidWorkflow } from '../../workflows/packets/bulk-void.workflow';
import { voidSubmissionSignal } from '../../workflows/packets/packet-submission.workflow';
import { auditRequest } from '../audit/audit-request';
import { authOf } from '../plugins/authenticate';
import { actorOf } from '../shared/use-case';
import { requestMeta } from '../shared/request-meta';
import { requireTemporal, taskQueueOf } from '../shared/workflow-client';
import type { AuthContext } from '../types';
import { clonePacketRow, checkFolderName, toFolder } from './packets.service';
import { findFolder, findPacket } from './packets.repository';
import { checkReason } from './submissions.service';

/**
 * Folders (new, rename, clone, archive), archiving packets, and voiding many submissions at once. Archiving a packet
 * or a folder voids every running submission of it (spec part 2 §4); the voids are signalled in the background, so
 * the request answers at once and each workflow writes its own ending.
 */
type Db = Kysely<Database>;

const OPEN_STATUSES = ['PENDING', 'SUBMITTED', 'RESUBMITTED', 'CHANGE_REQUESTED'] as const;

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

/** Signals void to each workflow, a few at a time; a workflow that already ended is skipped. */
export async function signalVoids(
  temporal: Client,
  workflowIds: readonly string[],
  info: { reason: string; byUserId: string; byName: string; ip: string | null; userAgent: string | null },
): Promise<number> {
  let done = 0;
  await forEachConcurrently(workflowIds, 16, async (id) => {
    try {
      await temporal.workflow.getHandle(id).signal(voidSubmissionSignal, info);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) {
        const code = (err as { code?: unknown }).code;
        if (code !== 5 && code !== 9) throw err;
      }
    }
    done += 1;
  });
  return done;
}

function voidInfo(request: FastifyRequest, auth: AuthContext, reason: string) {
  const meta = requestMeta(request);
  return {
    reason,
    byUserId: auth.user.id,
    byName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
    ip: meta.ip,
    userAgent: meta.userAgent,
  };
}

function inBackground(request: FastifyRequest, work: () => Promise<unknown>) {
  work().catch((err: unknown) => request.log.error({ err }, 'background packet voids failed'));
}

export async function archivePacket(request: FastifyRequest, packetId: string) {
  const auth = authOf(request);
  const deps = request.server.deps;
  const { db } = deps.database;
  const packet = await findPacket(db, auth.school.id, packetId);
  if (!packet) throw new AppError('NOT_FOUND');
  const ownerLike = packet.owner_id === auth.user.id || packet.editor_ids.includes(auth.user.id);
  if (!auth.permissions.has('packets:write') || !(ownerLike || auth.grants.some((g) => g.role === 'SCHOOL_ADMIN'))) {
    throw new AppError('FORBIDDEN');
  }
  await db
    .updateTable('packets')
    .set({
      archived_at: new Date(),
      status: 'UNPUBLISHED',
      external_link_enabled: false,
      external_link_token_hash: null,
    })
    .where('school_id', '=', auth.school.id)
    .where('id', '=', packetId)
    .execute();
  await auditRequest(request, {
    action: 'packet.archived',
    targetType: 'packet',
    targetId: packetId,
  });
  const ids = await openWorkflowIds(db, auth.school.id, { packetIds: [packetId] });
  if (ids.length > 0 && deps.temporal) {
    const temporal = deps.temporal;
    inBackground(request, () => signalVoids(temporal, ids, voidInfo(request, auth, 'The packet was archived.')));
  }
}

export async function voidSentPacket(request: FastifyRequest, sentPacketId: string, reason: string) {
  const auth = authOf(request);
  const deps = request.server.deps;
  const { db } = deps.database;
  const sent = await db
    .selectFrom('sent_packets as sp')
    .innerJoin('packets as p', 'p.id', 'sp.packet_id')
    .select(['sp.id', 'sp.sent_by', 'p.owner_id'])
    .where('sp.school_id', '=', auth.school.id)
    .where('sp.id', '=', sentPacketId)
    .executeTakeFirst();
  if (!sent) throw new AppError('NOT_FOUND');
  if (
    sent.sent_by !== auth.user.id &&
    sent.owner_id !== auth.user.id &&
    !auth.grants.some((g) => g.role === 'SCHOOL_ADMIN')
  ) {
    throw new AppError('FORBIDDEN');
  }
  const text = checkReason(reason);
  await db
    .updateTable('sent_packets')
    .set({ voided_at: new Date(), void_reason: text })
    .where('school_id', '=', auth.school.id)
    .where('id', '=', sentPacketId)
    .execute();
  const total = (await openWorkflowIds(db, auth.school.id, { sentPacketId })).length;
  const temporal = requireTemporal(deps);
  const workflowId = packetWorkflowIds.bulkVoid(sentPacketId);
  try {
    await temporal.workflow.start(bulkVoidWorkflow, {
      workflowId,
      taskQueue: taskQueueOf(deps),
      args: [
        {
          schoolId: auth.school.id,
          sentPacketId,
          void: voidInfo(request, auth, text),
          requestedByUserId: auth.user.id,
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
export async function bulkVoidProgress(request: FastifyRequest, sentPacketId: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const sent = await db
    .selectFrom('sent_packets')
    .select(['id', 'voided_at'])
    .where('school_id', '=', auth.school.id)
    .where('id', '=', sentPacketId)
    .executeTakeFirst();
  if (!sent) throw new AppError('NOT_FOUND');
  const workflowId = packetWorkflowIds.bulkVoid(sentPacketId);
  if (!sent.voided_at) return { workflowId, total: 0, done: 0, finished: false };
  const open = (await openWorkflowIds(db, auth.school.id, { sentPacketId })).length;
  const voided = await db
    .selectFrom('packet_submissions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('school_id', '=', auth.school.id)
    .where('sent_packet_id', '=', sentPacketId)
    .where('status', '=', 'VOIDED')
    .where('voided_at', '>=', sent.voided_at)
    .executeTakeFirstOrThrow();
  const done = Number(voided.n);
  return { workflowId, total: done + open, done, finished: open === 0 };
}

// ---- folders ----

export async function createFolder(request: FastifyRequest, name: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const row = await db
    .insertInto('packet_folders')
    .values({ school_id: auth.school.id, name: checkFolderName(name), owner_id: auth.user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditRequest(request, {
    action: 'packet_folder.created',
    targetType: 'packet_folder',
    targetId: row.id,
  });
  return toFolder((await findFolder(db, auth.school.id, row.id))!);
}

export async function renameFolder(request: FastifyRequest, folderId: string, name: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const folder = await findFolder(db, auth.school.id, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  if (!canManageFolder(auth, folder)) throw new AppError('FORBIDDEN');
  if (folder.archived_at) throw new AppError('FOLDER_ARCHIVED');
  const trimmed = checkFolderName(name);
  await auditRequest(request, {
    action: 'packet_folder.renamed',
    targetType: 'packet_folder',
    targetId: folderId,
    details: { from: folder.name, to: trimmed },
  });
  await db
    .updateTable('packet_folders')
    .set({ name: trimmed, updated_at: new Date() })
    .where('school_id', '=', auth.school.id)
    .where('id', '=', folderId)
    .execute();
  return toFolder((await findFolder(db, auth.school.id, folderId))!);
}

/** A copy of the folder with a copy of each of its live packets (unpublished). */
export async function cloneFolder(request: FastifyRequest, folderId: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const folder = await findFolder(db, auth.school.id, folderId);
  if (!folder || folder.archived_at) throw new AppError('NOT_FOUND');
  const name = `${folder.name.slice(0, 93)} (copy)`;
  const row = await db
    .insertInto('packet_folders')
    .values({ school_id: auth.school.id, name, owner_id: auth.user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const packets = await db
    .selectFrom('packets')
    .select('id')
    .where('school_id', '=', auth.school.id)
    .where('folder_id', '=', folderId)
    .where('archived_at', 'is', null)
    .execute();
  for (const p of packets) {
    const packet = await findPacket(db, auth.school.id, p.id);
    if (packet) await clonePacketRow(db, actorOf(auth, request), packet, row.id);
  }
  await auditRequest(request, {
    action: 'packet_folder.cloned',
    targetType: 'packet_folder',
    targetId: row.id,
    details: { fromFolderId: folderId, packets: packets.length },
  });
  return toFolder((await findFolder(db, auth.school.id, row.id))!);
}

/** Folder management is for its owner and school admins (spec: "only owner-like users … archive"). */
export function canManageFolder(auth: AuthContext, folder: { owner_id: string | null }): boolean {
  return (
    auth.permissions.has('packets:write') &&
    (folder.owner_id === auth.user.id || auth.grants.some((g) => g.role === 'SCHOOL_ADMIN'))
  );
}

/**
 * Archives a folder with every packet in it, marks their sent packets that still have running submissions as
 * voided, and starts the bulk-void workflow (`bulk-void:folder:<id>`) that voids those submissions in the background
 * and mails a confirmation (spec: "Archiving a packet or folder voids all sent packets (folder archive
 * asynchronous)"). One timestamp marks the folder and its packets, so a restore brings back exactly those packets.
 */
export async function archiveFolder(request: FastifyRequest, folderId: string) {
  const auth = authOf(request);
  const deps = request.server.deps;
  const { db } = deps.database;
  const folder = await findFolder(db, auth.school.id, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  if (!canManageFolder(auth, folder)) throw new AppError('FORBIDDEN');
  if (folder.archived_at) throw new AppError('FOLDER_ARCHIVED');
  const live = await db
    .selectFrom('packets')
    .select('id')
    .where('school_id', '=', auth.school.id)
    .where('folder_id', '=', folderId)
    .where('archived_at', 'is', null)
    .execute();
  const open = await openWorkflowIds(db, auth.school.id, { packetIds: live.map((p) => p.id) });
  // Refuse before changing anything when the voids could not be started.
  const temporal = open.length > 0 ? requireTemporal(deps) : null;
  const now = new Date();
  const reason = 'The folder was archived.';
  await db.transaction().execute(async (trx) => {
    if (live.length > 0) {
      await trx
        .updateTable('packets')
        .set({
          archived_at: now,
          status: 'UNPUBLISHED',
          external_link_enabled: false,
          external_link_token_hash: null,
        })
        .where('school_id', '=', auth.school.id)
        .where(
          'id',
          'in',
          live.map((p) => p.id),
        )
        .execute();
      await trx
        .updateTable('sent_packets as sp')
        .set({ voided_at: now, void_reason: reason })
        .where('sp.school_id', '=', auth.school.id)
        .where(
          'sp.packet_id',
          'in',
          live.map((p) => p.id),
        )
        .where('sp.voided_at', 'is', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('packet_submissions as s')
              .select('s.id')
              .whereRef('s.sent_packet_id', '=', 'sp.id')
              .where('s.status', 'in', [...OPEN_STATUSES])
              .where('s.expired_at', 'is', null),
          ),
        )
        .execute();
    }
    await trx
      .updateTable('packet_folders')
      .set({ archived_at: now, updated_at: now })
      .where('school_id', '=', auth.school.id)
      .where('id', '=', folderId)
      .execute();
  });
  await auditRequest(request, {
    action: 'packet_folder.archived',
    targetType: 'packet_folder',
    targetId: folderId,
    details: { packets: live.length, submissionsToVoid: open.length },
  });
  const workflowId = packetWorkflowIds.folderArchive(folderId);
  if (temporal) {
    try {
      await temporal.workflow.start(bulkVoidWorkflow, {
        workflowId,
        taskQueue: taskQueueOf(deps),
        args: [
          {
            schoolId: auth.school.id,
            folderId,
            void: voidInfo(request, auth, reason),
            requestedByUserId: auth.user.id,
          },
        ],
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }
  return {
    ...toFolder((await findFolder(db, auth.school.id, folderId))!),
    workflowId: temporal ? workflowId : null,
    total: open.length,
  };
}

/**
 * Progress of an archived folder's voids, from PostgreSQL: submissions of its packets voided since the archive versus
 * those still running. Finished once nothing of the folder's packets is still running.
 */
export async function folderArchiveProgress(request: FastifyRequest, folderId: string) {
  const auth = authOf(request);
  const { db } = request.server.deps.database;
  const folder = await findFolder(db, auth.school.id, folderId);
  if (!folder) throw new AppError('NOT_FOUND');
  const workflowId = packetWorkflowIds.folderArchive(folderId);
  if (!folder.archived_at) return { workflowId, total: 0, done: 0, finished: false };
  const packetIds = (
    await db
      .selectFrom('packets')
      .select('id')
      .where('school_id', '=', auth.school.id)
      .where('folder_id', '=', folderId)
      .execute()
  ).map((p) => p.id);
  const open = (await openWorkflowIds(db, auth.school.id, { packetIds })).length;
  let done = 0;
  if (packetIds.length > 0) {
    const voided = await db
      .selectFrom('packet_submissions as s')
      .innerJoin('sent_packets as sp', (j) =>
        j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('s.school_id', '=', auth.school.id)
      .where('sp.packet_id', 'in', packetIds)
      .where('s.status', '=', 'VOIDED')
      .where('s.voided_at', '>=', folder.archived_at)
      .executeTakeFirstOrThrow();
    done = Number(voided.n);
  }
  return { workflowId, total: done + open, done, finished: open === 0 };
}

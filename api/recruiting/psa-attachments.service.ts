import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { AppError } from '../../domain/errors';
import { RECRUITING_LIMITS } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { Nullable, Uuid } from '../shared/schemas';
import { sendAuditedDownload } from '../shared/send-stored-file';

type Db = Kysely<Database>;

/** The purpose stored with a prospect attachment's bytes (`stored_files.purpose`). */
export const PSA_ATTACHMENT_PURPOSE = 'psa-attachment';

export const AttachmentDto = Type.Object({
  id: Uuid,
  filename: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  uploadedBy: Nullable(Type.String()),
  uploaderName: Nullable(Type.String()),
  createdAt: Type.String(),
});
export const AttachmentListDto = Type.Object({
  items: Type.Array(AttachmentDto),
  maxFiles: Type.Integer(),
  maxFileBytes: Type.Integer(),
});
export const AttachmentParams = Type.Object({ id: Uuid, attachmentId: Uuid });

/** A prospect's attachments, newest first, with who uploaded each, and the limits the screen states. */
export async function listPsaAttachments(db: Db, schoolId: string, psaId: string) {
  const rows = await db
    .selectFrom('psa_attachments as a')
    .leftJoin('users as u', 'u.id', 'a.uploaded_by')
    .where('a.school_id', '=', schoolId)
    .where('a.psa_id', '=', psaId)
    .select([
      'a.id',
      'a.filename',
      'a.content_type',
      'a.size_bytes',
      'a.uploaded_by',
      'a.created_at',
      'u.first_name',
      'u.last_name',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      filename: r.filename,
      contentType: r.content_type,
      sizeBytes: r.size_bytes,
      uploadedBy: r.uploaded_by,
      uploaderName: r.first_name ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    maxFiles: RECRUITING_LIMITS.attachmentsPerPsa,
    maxFileBytes: RECRUITING_LIMITS.attachmentMaxBytes,
  };
}

/** How many files the prospects hold together. */
export async function countPsaAttachments(db: Db, schoolId: string, psaIds: string[]): Promise<number> {
  const { n } = await db
    .selectFrom('psa_attachments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('school_id', '=', schoolId)
    .where('psa_id', 'in', psaIds)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Locks the prospects' rows (in id order, so two callers locking the same pair cannot wait on each other) for the
 * rest of the transaction: whoever counts a prospect's attachments and then adds some holds this lock, so two such
 * steps at once cannot take a prospect past 20 files. Answers the rows still open (not merged away).
 */
export async function lockOpenPsas(trx: Db, schoolId: string, psaIds: string[]): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('psas')
    .select(['id', 'merged_into_id'])
    .where('school_id', '=', schoolId)
    .where('id', 'in', psaIds)
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Set(rows.filter((r) => !r.merged_into_id).map((r) => r.id));
}

/** One attachment of this prospect; a 404 when the prospect has no such attachment. */
export async function findPsaAttachment(db: Db, schoolId: string, psaId: string, attachmentId: string) {
  const row = await db
    .selectFrom('psa_attachments')
    .select(['id', 'file_id', 'filename'])
    .where('school_id', '=', schoolId)
    .where('psa_id', '=', psaId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Sends one attachment of a prospect of `schoolId`, once the caller has checked the user may see that prospect;
 * the download is audited in that school's log (`psa.attachment_downloaded`).
 */
export async function sendPsaAttachment(
  request: FastifyRequest,
  reply: FastifyReply,
  { schoolId, psaId, attachmentId }: { schoolId: string; psaId: string; attachmentId: string },
) {
  const a = await findPsaAttachment(request.server.deps.database.db, schoolId, psaId, attachmentId);
  return sendAuditedDownload(request, reply, {
    schoolId,
    fileId: a.file_id,
    purpose: PSA_ATTACHMENT_PURPOSE,
    audit: {
      action: 'psa.attachment_downloaded',
      targetType: 'psa',
      targetId: psaId,
      details: { attachmentId: a.id },
    },
  });
}

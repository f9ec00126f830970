import { AppError, ERRORS } from '../../domain/errors';
import { RECRUITING_LIMITS } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import type { Kysely } from 'kysely';
import { checkAttachment, type UploadedFile } from '../disclosures/disclosure-files.service';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  countPsaAttachments,
  findPsaAttachment,
  listPsaAttachmentRows,
  lockOpenPsas,
} from './psa-attachments.repository';
import { openAnyPsa } from './operator-psas.service';
import { deletePsaAttachment, insertPsaAttachment } from './psa-writes.repository';
import { findPsa, insertPsaEvent } from './psas.repository';

type Db = Kysely<Database>;

/** The purpose stored with a prospect attachment's bytes (`stored_files.purpose`). */
export const PSA_ATTACHMENT_PURPOSE = 'psa-attachment';

/** A file to send: the school whose log records the download, the stored file and the audit event naming it. */
export interface PsaAttachmentDownload {
  schoolId: string;
  fileId: string;
  purpose: string;
  audit: {
    action: 'psa.attachment_downloaded';
    targetType: 'psa';
    targetId: string;
    details: { attachmentId: string };
  };
}

const full = () =>
  new AppError('PSA_ATTACHMENTS_LIMIT', [
    { field: 'file', code: 'PSA_ATTACHMENTS_LIMIT', message: ERRORS.PSA_ATTACHMENTS_LIMIT.message },
  ]);

/** A prospect's attachments, newest first, with who uploaded each, and the limits the screen states. */
async function attachmentList(db: Db, schoolId: string, psaId: string) {
  const rows = await listPsaAttachmentRows(db, schoolId, psaId);
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

/** A prospect of the actor's school that has not been merged into another; a 404 otherwise. */
async function visiblePsaId(db: Db, actor: Actor, psaId: string): Promise<string> {
  const psa = await findPsa(db, actor.schoolId, psaId);
  if (!psa || psa.merged_into_id) throw new AppError('NOT_FOUND');
  return psa.id;
}

/** A prospect of any school (the provider's operator), not merged into another; a 404 otherwise. */
async function openPsa(db: Db, psaId: string): Promise<{ schoolId: string; psaId: string }> {
  const psa = await openAnyPsa(db, psaId);
  return { schoolId: psa.school_id, psaId: psa.id };
}

/** An attachment added or removed: a line in the prospect's history (the file's name) and an audit event. */
async function recordChange(
  trx: Db,
  actor: Actor,
  psaId: string,
  change: 'added' | 'removed',
  details: { attachmentId: string; fileId: string; filename: string } & Record<string, unknown>,
): Promise<void> {
  await insertPsaEvent(trx, {
    schoolId: actor.schoolId,
    psaId,
    actorUserId: actor.userId,
    action: change === 'added' ? 'attachmentAdded' : 'attachmentRemoved',
    details: { filename: details.filename },
  });
  await auditBy(trx, actor, {
    action: change === 'added' ? 'psa.attachment_uploaded' : 'psa.attachment_deleted',
    targetType: 'psa',
    targetId: psaId,
    details,
  });
}

function downloadOf(schoolId: string, psaId: string, a: { id: string; file_id: string }): PsaAttachmentDownload {
  return {
    schoolId,
    fileId: a.file_id,
    purpose: PSA_ATTACHMENT_PURPOSE,
    audit: { action: 'psa.attachment_downloaded', targetType: 'psa', targetId: psaId, details: { attachmentId: a.id } },
  };
}

export async function listPsaAttachments(deps: CoreDeps, actor: Actor, psaId: string) {
  const id = await visiblePsaId(deps.db, actor, psaId);
  return attachmentList(deps.db, actor.schoolId, id);
}

/**
 * Adds one file to a prospect (the spec's file types, at most 20 MB, at most 20 per prospect) and answers the list.
 * `upload` reads the file only once the prospect is known to take one, so the 21st file's bytes are never read.
 */
export async function addPsaAttachment(
  deps: CoreDeps,
  actor: Actor,
  input: { psaId: string; upload: () => Promise<UploadedFile> },
) {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const psaId = await visiblePsaId(db, actor, input.psaId);
  if ((await countPsaAttachments(db, schoolId, [psaId])) >= RECRUITING_LIMITS.attachmentsPerPsa) throw full();
  const upload = await input.upload();
  const { contentType } = checkAttachment(upload);
  await db.transaction().execute(async (trx) => {
    // The prospect's row lock makes the count and the insert one step: two uploads at once (or an upload and a
    // merge into this prospect) cannot make a 21st; a prospect merged away meanwhile is gone.
    if (!(await lockOpenPsas(trx, schoolId, [psaId])).has(psaId)) throw new AppError('NOT_FOUND');
    if ((await countPsaAttachments(trx, schoolId, [psaId])) >= RECRUITING_LIMITS.attachmentsPerPsa) throw full();
    const file = await insertStoredFile(trx, schoolId, {
      uploadedBy: actor.userId,
      purpose: PSA_ATTACHMENT_PURPOSE,
      filename: upload.filename,
      contentType,
      bytes: upload.bytes,
    });
    const attachmentId = await insertPsaAttachment(trx, {
      school_id: schoolId,
      psa_id: psaId,
      file_id: file.id,
      filename: file.filename,
      content_type: file.contentType,
      size_bytes: file.sizeBytes,
      sha256: file.sha256,
      uploaded_by: actor.userId,
    });
    await recordChange(trx, actor, psaId, 'added', {
      attachmentId,
      fileId: file.id,
      filename: file.filename,
      size: file.sizeBytes,
      sha256: file.sha256,
    });
  });
  return attachmentList(db, schoolId, psaId);
}

/** Removes one file from a prospect (its bytes too) and answers the list. */
export async function removePsaAttachment(deps: CoreDeps, actor: Actor, psaId: string, attachmentId: string) {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const id = await visiblePsaId(db, actor, psaId);
  const a = await findPsaAttachment(db, schoolId, id, attachmentId);
  if (!a) throw new AppError('NOT_FOUND');
  await db.transaction().execute(async (trx) => {
    await deletePsaAttachment(trx, schoolId, a.id);
    await deleteStoredFile(trx, schoolId, a.file_id, PSA_ATTACHMENT_PURPOSE);
    await recordChange(trx, actor, id, 'removed', { attachmentId: a.id, fileId: a.file_id, filename: a.filename });
  });
  return attachmentList(db, schoolId, id);
}

/** The stored file behind one attachment of a prospect the actor may see, and how its download is audited. */
export async function findPsaAttachmentDownload(
  deps: CoreDeps,
  actor: Actor,
  psaId: string,
  attachmentId: string,
): Promise<PsaAttachmentDownload> {
  const id = await visiblePsaId(deps.db, actor, psaId);
  const a = await findPsaAttachment(deps.db, actor.schoolId, id, attachmentId);
  if (!a) throw new AppError('NOT_FOUND');
  return downloadOf(actor.schoolId, id, a);
}

/** The provider's operator: a prospect's attachments, whatever its school. */
export async function listOperatorPsaAttachments(deps: CoreDeps, psaId: string) {
  const psa = await openPsa(deps.db, psaId);
  return attachmentList(deps.db, psa.schoolId, psa.psaId);
}

/** The provider's operator: one attachment's file, its download audited in the prospect's school's log. */
export async function findOperatorPsaAttachmentDownload(
  deps: CoreDeps,
  psaId: string,
  attachmentId: string,
): Promise<PsaAttachmentDownload> {
  const psa = await openPsa(deps.db, psaId);
  const a = await findPsaAttachment(deps.db, psa.schoolId, psa.psaId, attachmentId);
  if (!a) throw new AppError('NOT_FOUND');
  return downloadOf(psa.schoolId, psa.psaId, a);
}

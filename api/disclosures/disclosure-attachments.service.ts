import { DISCLOSURE_LIMITS } from '../../domain/disclosures';
import { AppError, ERRORS } from '../../domain/errors';
import { deleteStoredFile, insertStoredFile, type StoredFileMeta } from '../shared/stored-files.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { checkAttachment, DISCLOSURE_FILE_PURPOSE, type UploadedFile } from './disclosure-files.service';
import {
  appendDisclosureAttachment,
  insertDisclosureEvent,
  removeDisclosureAttachment,
  type DisclosureRecord,
} from './disclosures.repository';

/**
 * A disclosure's attachments. Each use case takes the disclosure as the caller sees it (the disclosure routes' one
 * visibility rule finds it: their own, or a submitted one for list holders) and decides the rest.
 */
type Deps = Pick<CoreDeps, 'db'>;

const tooMany = () => new AppError('TOO_MANY_FILES', [{ field: 'file', message: ERRORS.TOO_MANY_FILES.message }]);

/** The caller's own disclosure, still editable; else the catalogue's answer (404 for anyone else's). */
function assertOwnEditable(actor: Actor, d: DisclosureRecord): void {
  if (d.athlete_user_id !== actor.userId) throw new AppError('NOT_FOUND');
  if (d.archived_at) throw new AppError('DISCLOSURE_ARCHIVED');
  if (d.status !== 'DRAFT' && d.status !== 'CHANGE_REQUESTED') throw new AppError('DISCLOSURE_NOT_EDITABLE');
}

/**
 * Attaches one checked file to the athlete's own editable disclosure (at most 5). `upload` reads the file only once
 * the disclosure is known to take one, so a refused upload's bytes are never read.
 */
export async function addDisclosureAttachment(
  deps: Deps,
  actor: Actor,
  input: { disclosure: DisclosureRecord; upload: () => Promise<UploadedFile> },
): Promise<StoredFileMeta> {
  const d = input.disclosure;
  assertOwnEditable(actor, d);
  if (d.attachments.length >= DISCLOSURE_LIMITS.maxAttachments) throw tooMany();
  const upload = await input.upload();
  const { contentType } = checkAttachment(upload);
  return deps.db.transaction().execute(async (trx) => {
    const file = await insertStoredFile(trx, actor.schoolId, {
      uploadedBy: actor.userId,
      purpose: DISCLOSURE_FILE_PURPOSE,
      filename: upload.filename,
      contentType,
      bytes: upload.bytes,
    });
    const outcome = await appendDisclosureAttachment(
      trx,
      actor.schoolId,
      d.id,
      actor.userId,
      {
        fileId: file.id,
        name: file.filename,
        size: file.sizeBytes,
        contentType: file.contentType,
        sha256: file.sha256,
        uploadedAt: file.createdAt.toISOString(),
      },
      DISCLOSURE_LIMITS.maxAttachments,
    );
    if (outcome === 'full') throw tooMany();
    if (outcome === 'not-editable') throw new AppError('DISCLOSURE_NOT_EDITABLE');
    await insertDisclosureEvent(trx, actor.schoolId, {
      disclosureId: d.id,
      actorUserId: actor.userId,
      action: 'attach',
      reason: file.filename,
      details: { fileId: file.id, size: file.sizeBytes, sha256: file.sha256 },
    });
    await auditBy(trx, actor, {
      action: 'disclosure.attachment_uploaded',
      targetType: 'disclosure',
      targetId: d.id,
      details: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 },
    });
    return file;
  });
}

/** Removes one attachment from the athlete's own editable disclosure. */
export async function removeDisclosureFile(
  deps: Deps,
  actor: Actor,
  input: { disclosure: DisclosureRecord; fileId: string },
): Promise<void> {
  const { disclosure: d, fileId } = input;
  assertOwnEditable(actor, d);
  const attachment = d.attachments.find((a) => a.fileId === fileId);
  if (!attachment) throw new AppError('NOT_FOUND');
  await deps.db.transaction().execute(async (trx) => {
    if (!(await removeDisclosureAttachment(trx, actor.schoolId, d.id, actor.userId, fileId))) {
      throw new AppError('DISCLOSURE_NOT_EDITABLE');
    }
    await deleteStoredFile(trx, actor.schoolId, fileId, DISCLOSURE_FILE_PURPOSE);
    await insertDisclosureEvent(trx, actor.schoolId, {
      disclosureId: d.id,
      actorUserId: actor.userId,
      action: 'detach',
      reason: attachment.name,
      details: { fileId },
    });
    await auditBy(trx, actor, {
      action: 'disclosure.attachment_removed',
      targetType: 'disclosure',
      targetId: d.id,
      details: { fileId, filename: attachment.name },
    });
  });
}

/** Whether the caller downloads an attachment as its owner; refused unless they own it or review disclosures. */
export function attachmentDownload(
  actor: Actor,
  d: DisclosureRecord,
  fileId: string,
): { disclosureId: string; asOwner: boolean } {
  const own = d.athlete_user_id === actor.userId;
  if (!own && !actor.permissions.has('disclosures:review')) throw new AppError('FORBIDDEN');
  // The file must be listed on this disclosure: a file id of another disclosure of the school answers 404 too.
  if (!d.attachments.some((a) => a.fileId === fileId)) throw new AppError('NOT_FOUND');
  return { disclosureId: d.id, asOwner: own };
}

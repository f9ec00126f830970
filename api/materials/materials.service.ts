import { AppError, ERRORS } from '../../domain/errors';
import { checkMaterial, MATERIAL_LIMITS, type MaterialProblem } from '../../domain/materials';
import { checkAttachment, type UploadedFile } from '../disclosures/disclosure-files.service';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import { takeTurn } from '../shared/turn-lock';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { deleteMaterial, findMaterial, findSchoolUsage, insertMaterial, listMaterials } from './materials.repository';

/** The purpose stored with a material's bytes (`stored_files.purpose`). */
export const MATERIAL_FILE_PURPOSE = 'recruiting-material';

type Deps = Pick<CoreDeps, 'db'>;

export interface MaterialView {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  description: string | null;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: string;
  canDelete: boolean;
}

export interface MaterialList {
  items: MaterialView[];
  usage: { count: number; totalBytes: number; maxFiles: number; maxFileBytes: number; maxTotalBytes: number };
}

/** A material limit refused on its field, in the catalogue's words. */
export const materialProblem = (code: MaterialProblem, field = 'file') =>
  new AppError(code, [{ field, code, message: ERRORS[code].message }]);

/** A school admin removes any material; anyone else only what they uploaded. */
const mayDelete = (actor: Actor, uploadedBy: string | null) =>
  actor.permissions.has('recruiting:approve') || uploadedBy === actor.userId;

/** The school's materials, newest first, and how much of the school's limits they use. */
export async function listSchoolMaterials(deps: Deps, actor: Actor): Promise<MaterialList> {
  const rows = await listMaterials(deps.db, actor.schoolId);
  const items = rows.map((r) => ({
    id: r.id,
    filename: r.filename,
    contentType: r.content_type,
    sizeBytes: r.size_bytes,
    description: r.description,
    uploadedBy: r.uploaded_by,
    uploaderName: r.uploader_name,
    createdAt: new Date(r.created_at).toISOString(),
    canDelete: mayDelete(actor, r.uploaded_by),
  }));
  return {
    items,
    usage: {
      count: items.length,
      totalBytes: items.reduce((n, m) => n + m.sizeBytes, 0),
      maxFiles: MATERIAL_LIMITS.maxFiles,
      maxFileBytes: MATERIAL_LIMITS.maxFileBytes,
      maxTotalBytes: MATERIAL_LIMITS.maxTotalBytes,
    },
  };
}

/**
 * Adds one checked material to the school (20 files and 25 MB per school, counted one upload at a time). `upload`
 * reads the file and its description only when the school has room for another file, so the 21st file's bytes are
 * never read.
 */
export async function uploadMaterial(
  deps: Deps,
  actor: Actor,
  upload: () => Promise<{ file: UploadedFile; description: string }>,
): Promise<MaterialList> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  const before = await findSchoolUsage(db, schoolId);
  if (before.count >= MATERIAL_LIMITS.maxFiles) throw materialProblem('MATERIALS_FILE_LIMIT');
  const { file: uploaded, description } = await upload();
  const first = checkMaterial(before, uploaded.bytes.byteLength, description);
  if (first) throw materialProblem(first, first === 'MATERIAL_DESCRIPTION_TOO_LONG' ? 'description' : 'file');
  const { contentType } = checkAttachment(uploaded);
  await db.transaction().execute(async (trx) => {
    // One upload at a time per school, so two at once cannot pass 20 files or 25 MB together.
    await takeTurn(trx, `materials:${schoolId}`);
    const limit = checkMaterial(await findSchoolUsage(trx, schoolId), uploaded.bytes.byteLength, description);
    if (limit) throw materialProblem(limit);
    const file = await insertStoredFile(trx, schoolId, {
      uploadedBy: actor.userId,
      purpose: MATERIAL_FILE_PURPOSE,
      filename: uploaded.filename,
      contentType,
      bytes: uploaded.bytes,
    });
    const id = await insertMaterial(trx, schoolId, {
      fileId: file.id,
      filename: file.filename,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      description: description || null,
      uploadedBy: actor.userId,
    });
    await auditBy(trx, actor, {
      action: 'material.uploaded',
      targetType: 'material',
      targetId: id,
      details: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 },
    });
  });
  return listSchoolMaterials(deps, actor);
}

async function visibleMaterial(deps: Deps, actor: Actor, id: string) {
  const m = await findMaterial(deps.db, actor.schoolId, id);
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

/** Which stored file a material's download sends (the route sends and audits it). */
export async function materialDownload(
  deps: Deps,
  actor: Actor,
  materialId: string,
): Promise<{ id: string; fileId: string }> {
  const m = await visibleMaterial(deps, actor, materialId);
  return { id: m.id, fileId: m.file_id };
}

/** Removes a material: a school admin any, anyone else only what they uploaded. */
export async function removeMaterial(deps: Deps, actor: Actor, materialId: string): Promise<MaterialList> {
  const m = await visibleMaterial(deps, actor, materialId);
  if (!mayDelete(actor, m.uploaded_by)) throw new AppError('FORBIDDEN');
  await deps.db.transaction().execute(async (trx) => {
    await deleteMaterial(trx, actor.schoolId, m.id);
    await deleteStoredFile(trx, actor.schoolId, m.file_id, MATERIAL_FILE_PURPOSE);
    await auditBy(trx, actor, {
      action: 'material.deleted',
      targetType: 'material',
      targetId: m.id,
      details: { fileId: m.file_id, filename: m.filename },
    });
  });
  return listSchoolMaterials(deps, actor);
}

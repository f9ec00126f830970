import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/** Tenant-scoped access to uploaded bytes (the `stored_files` table), shared by every feature that keeps files. */
export interface StoredFileMeta {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  createdAt: Date;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export async function insertStoredFile(
  db: Kysely<Database>,
  schoolId: string,
  file: {
    /** Null for a file sent through a public page (no signed-in user). */
    uploadedBy: string | null;
    purpose: string;
    filename: string;
    contentType: string;
    bytes: Uint8Array;
    /** An id chosen in advance (the answer referring to the file is built before it is stored). */
    id?: string;
  },
): Promise<StoredFileMeta> {
  const row = await db
    .insertInto('stored_files')
    .values({
      ...(file.id ? { id: file.id } : {}),
      school_id: schoolId,
      uploaded_by: file.uploadedBy,
      purpose: file.purpose,
      filename: file.filename,
      content_type: file.contentType,
      size_bytes: file.bytes.byteLength,
      sha256: sha256Hex(file.bytes),
      bytes: file.bytes,
    })
    .returning(['id', 'filename', 'content_type', 'size_bytes', 'sha256', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    createdAt: row.created_at,
  };
}

/** The file with its bytes, or null when it is not this school's (another school's id answers as missing). */
export async function findStoredFile(
  db: Kysely<Database>,
  schoolId: string,
  fileId: string,
  purpose: string,
): Promise<(StoredFileMeta & { bytes: Buffer }) | null> {
  const row = await db
    .selectFrom('stored_files')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', fileId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    createdAt: row.created_at,
    bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
  };
}

export async function deleteStoredFile(
  db: Kysely<Database>,
  schoolId: string,
  fileId: string,
  purpose: string,
): Promise<void> {
  await db
    .deleteFrom('stored_files')
    .where('school_id', '=', schoolId)
    .where('id', '=', fileId)
    .where('purpose', '=', purpose)
    .execute();
}

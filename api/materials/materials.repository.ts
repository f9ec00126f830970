import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../migrations/database';
import { fullNameOrNull } from '../shared/people-names';

/** Recruiting materials of a school (their bytes are stored files). Every function is scoped by school. */
type Db = Kysely<Database> | Transaction<Database>;

/** How many materials the school keeps and their bytes together (the per-school limits). */
export async function findSchoolUsage(db: Db, schoolId: string): Promise<{ count: number; totalBytes: number }> {
  const row = await db
    .selectFrom('recruiting_materials')
    .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(size_bytes), 0)::int`.as('totalBytes')])
    .where('school_id', '=', schoolId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), totalBytes: Number(row.totalBytes) };
}

/** The school's materials, newest first, with the uploader's name. */
export async function listMaterials(db: Db, schoolId: string) {
  return db
    .selectFrom('recruiting_materials as m')
    .leftJoin('users as u', 'u.id', 'm.uploaded_by')
    .where('m.school_id', '=', schoolId)
    .select([
      'm.id',
      'm.filename',
      'm.content_type',
      'm.size_bytes',
      'm.description',
      'm.uploaded_by',
      'm.created_at',
      fullNameOrNull('u').as('uploader_name'),
    ])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id')
    .execute();
}

export async function insertMaterial(
  db: Db,
  schoolId: string,
  material: {
    fileId: string;
    filename: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    description: string | null;
    uploadedBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('recruiting_materials')
    .values({
      school_id: schoolId,
      file_id: material.fileId,
      filename: material.filename,
      content_type: material.contentType,
      size_bytes: material.sizeBytes,
      sha256: material.sha256,
      description: material.description,
      uploaded_by: material.uploadedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findMaterial(db: Db, schoolId: string, id: string) {
  return db
    .selectFrom('recruiting_materials')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteMaterial(db: Db, schoolId: string, id: string): Promise<void> {
  await db.deleteFrom('recruiting_materials').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

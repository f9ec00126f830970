import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

/** A prospect's attachments, newest first, with who uploaded each (their names; null when the user is gone). */
export async function listPsaAttachmentRows(db: Db, schoolId: string, psaId: string) {
  return db
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

/** One attachment of this prospect, or undefined when the prospect has no such attachment. */
export async function findPsaAttachment(db: Db, schoolId: string, psaId: string, attachmentId: string) {
  return db
    .selectFrom('psa_attachments')
    .select(['id', 'file_id', 'filename'])
    .where('school_id', '=', schoolId)
    .where('psa_id', '=', psaId)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
}

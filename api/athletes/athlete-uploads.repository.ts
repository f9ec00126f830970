import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { UploadRow, UploadRowError } from '../../domain/athlete-upload';
import type { AthleteUploadsTable, Database } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;
export type AthleteUploadRecord = Selectable<AthleteUploadsTable>;
export interface UploadProgress {
  stage: 'check' | 'store' | 'invite' | 'done';
  done: number;
  total: number;
}

export async function insertUpload(
  db: Db,
  schoolId: string,
  upload: {
    createdBy: string;
    fileName: string;
    headers: string[];
    rows: UploadRow[];
    mapping: (string | null)[];
    errors: UploadRowError[];
  },
): Promise<AthleteUploadRecord> {
  return db
    .insertInto('athlete_uploads')
    .values({
      school_id: schoolId,
      created_by: upload.createdBy,
      file_name: upload.fileName,
      headers: JSON.stringify(upload.headers),
      rows: JSON.stringify(upload.rows),
      mapping: JSON.stringify(upload.mapping),
      errors: JSON.stringify(upload.errors),
      row_count: upload.rows.length,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An upload of the school; a caller limited to their own uploads (a coach) passes their user id. */
export async function findUpload(
  db: Db,
  schoolId: string,
  id: string,
  createdBy: string | null,
): Promise<AthleteUploadRecord | null> {
  let q = db.selectFrom('athlete_uploads').selectAll().where('school_id', '=', schoolId).where('id', '=', id);
  if (createdBy) q = q.where('created_by', '=', createdBy);
  return (await q.executeTakeFirst()) ?? null;
}

export async function saveCheck(
  db: Db,
  schoolId: string,
  id: string,
  check: { mapping: (string | null)[]; errors: UploadRowError[] },
): Promise<AthleteUploadRecord> {
  return db
    .updateTable('athlete_uploads')
    .set({ mapping: JSON.stringify(check.mapping), errors: JSON.stringify(check.errors), updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How long an import may hold its claim before the store transaction has locked the row. */
export const UPLOAD_CLAIM_TIMEOUT_MINUTES = 10;

/**
 * CHECKED → IMPORTING, atomically: of two clicks on Import only one gets the row, and the claim's id comes back.
 * An IMPORTING claim older than the timeout is taken again when no live import holds the row's lock (the store
 * transaction locks it first thing): its process died, and its transaction rolled back (issue 36).
 */
export async function claimUpload(db: Db, schoolId: string, id: string, invite: boolean): Promise<string | null> {
  const claimId = randomUUID();
  const row = await db
    .updateTable('athlete_uploads')
    .set({
      status: 'IMPORTING',
      invite,
      claim_id: claimId,
      claimed_at: sql<Date>`now()`,
      // The invitation-batch activity reads a stale updated_at on an IMPORTING upload as a dead import.
      updated_at: new Date(),
      progress: JSON.stringify({ stage: 'check', done: 0, total: 0 }),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'CHECKED'),
        eb.and([
          eb('status', '=', 'IMPORTING'),
          eb.or([
            eb('claimed_at', 'is', null),
            eb('claimed_at', '<', sql<Date>`now() - make_interval(mins => ${UPLOAD_CLAIM_TIMEOUT_MINUTES})`),
          ]),
        ]),
      ]),
    )
    .where('id', 'in', (eb) =>
      eb.selectFrom('athlete_uploads').select('id').where('id', '=', id).forUpdate().skipLocked(),
    )
    .returning('id')
    .executeTakeFirst();
  return row ? claimId : null;
}

/** Inside the store transaction: locks the upload while this import still holds its claim (false: it was taken). */
export async function lockClaimedUpload(db: Db, schoolId: string, id: string, claimId: string): Promise<boolean> {
  const row = await db
    .selectFrom('athlete_uploads')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('status', '=', 'IMPORTING')
    .where('claim_id', '=', claimId)
    .forUpdate()
    .executeTakeFirst();
  return Boolean(row);
}

export async function setUploadProgress(db: Db, schoolId: string, id: string, progress: UploadProgress) {
  await db
    .updateTable('athlete_uploads')
    .set({ progress: JSON.stringify(progress), updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function finishUpload(
  db: Db,
  schoolId: string,
  id: string,
  outcome:
    { status: 'CHECKED'; errors: UploadRowError[] } | { status: 'IMPORTED'; createdCount: number; inviting?: boolean },
): Promise<void> {
  const now = new Date();
  const count = outcome.status === 'IMPORTED' ? outcome.createdCount : 0;
  await db
    .updateTable('athlete_uploads')
    .set(
      outcome.status === 'CHECKED'
        ? { status: 'CHECKED', errors: JSON.stringify(outcome.errors), progress: '{}', updated_at: now }
        : {
            status: 'IMPORTED',
            created_count: count,
            invitations_started: 0,
            // With invitations, the invitation-batch workflow moves the progress on from here.
            progress: JSON.stringify(
              outcome.inviting && count > 0
                ? { stage: 'invite', done: 0, total: count }
                : { stage: 'done', done: count, total: count },
            ),
            imported_at: now,
            updated_at: now,
          },
    )
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** The teams rows may name: all of the school's, or a coach's own. */
export async function findUploadTeams(
  db: Db,
  schoolId: string,
  coachUserId: string | null,
): Promise<{ id: string; name: string }[]> {
  let q = db.selectFrom('sport_teams as t').select(['t.id', 't.name']).where('t.school_id', '=', schoolId);
  if (coachUserId) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('staff_teams as s')
          .select('s.user_id')
          .whereRef('s.sport_team_id', '=', 't.id')
          .where('s.school_id', '=', schoolId)
          .where('s.user_id', '=', coachUserId),
      ),
    );
  }
  return q.orderBy('t.name').execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database>;

/** The school's own disclaimer text (undefined: the school has not written one). */
export async function findDisclaimer(db: Db, schoolId: string) {
  return db
    .selectFrom('tax_disclaimers as d')
    .leftJoin('users as u', 'u.id', 'd.updated_by')
    .select(['d.text', 'd.updated_at', fullNameOrNull('u').as('updated_by_name')])
    .where('d.school_id', '=', schoolId)
    .executeTakeFirst();
}

export async function upsertDisclaimer(db: Db, schoolId: string, text: string, updatedBy: string, now: Date) {
  await db
    .insertInto('tax_disclaimers')
    .values({ school_id: schoolId, text, updated_by: updatedBy, updated_at: now })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ text, updated_by: updatedBy, updated_at: now }))
    .execute();
}

/** Back to the default text. */
export async function deleteDisclaimer(db: Db, schoolId: string) {
  await db.deleteFrom('tax_disclaimers').where('school_id', '=', schoolId).execute();
}

/** The athlete's acknowledgement for a year (undefined: not yet). */
export async function findAcknowledgement(db: Db, schoolId: string, athleteUserId: string, year: number) {
  return db
    .selectFrom('tax_disclaimer_acks')
    .select(['id', 'year', 'acknowledged_at', 'text_sha256'])
    .where('school_id', '=', schoolId)
    .where('athlete_user_id', '=', athleteUserId)
    .where('year', '=', year)
    .executeTakeFirst();
}

/** Records the year's acknowledgement once; a repeat keeps the first (answers whether this one was new). */
export async function insertAcknowledgement(
  db: Db,
  ack: { schoolId: string; athleteUserId: string; year: number; textSha256: string; at: Date },
): Promise<{ id: string } | undefined> {
  return db
    .insertInto('tax_disclaimer_acks')
    .values({
      school_id: ack.schoolId,
      athlete_user_id: ack.athleteUserId,
      year: ack.year,
      text_sha256: ack.textSha256,
      acknowledged_at: ack.at,
    })
    .onConflict((oc) => oc.columns(['school_id', 'athlete_user_id', 'year']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

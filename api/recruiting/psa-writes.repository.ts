import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { RECRUITING_STAFF_ROLES, type CommitmentStatus } from '../../domain/recruiting';
import type { Database, PsaActivitiesTable, PsaAttachmentsTable, PsasTable } from '../../migrations/database';
import { fullName } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The prospect routes' own reads and writes (psas.repository.ts holds the lists, the profile and the board): tags,
 * references and e-mails checked before a save, the create, edit, archive, board move, activity log, merge and the
 * transfer request. Each is one statement; the caller holds the transaction.
 */

/** The tags of the school's other prospects, lowercased and distinct (all of them when `exceptPsaId` is null). */
export async function otherProspectTags(db: Db, schoolId: string, exceptPsaId: string | null): Promise<string[]> {
  const others = await sql<{ tag: string }>`
    select distinct lower(unnest(tags)) as tag from psas
    where school_id = ${schoolId} and (${exceptPsaId}::uuid is null or id <> ${exceptPsaId}::uuid)`.execute(db);
  return others.rows.map((r) => r.tag);
}

/** Whether the user is one of the school's recruiting staff (may be a prospect's recruiting coach). */
export async function isRecruitingStaff(db: Db, schoolId: string, userId: string): Promise<boolean> {
  const staff = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('role', 'in', RECRUITING_STAFF_ROLES)
    .executeTakeFirst();
  return Boolean(staff);
}

/** Whether another open (not merged) prospect of the school has this e-mail, in any case. */
export async function psaEmailTaken(db: Db, schoolId: string, email: string, exceptId: string | null) {
  let q = db
    .selectFrom('psas')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('merged_into_id', 'is', null)
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** What the prospect screens offer to pick: the school's teams, its coaches by name, and its academic years. */
export async function psaPickLists(db: Db, schoolId: string) {
  const [teams, coaches, years] = await Promise.all([
    db.selectFrom('sport_teams').select(['id', 'name']).where('school_id', '=', schoolId).orderBy('name').execute(),
    db
      .selectFrom('user_roles as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .where('r.school_id', '=', schoolId)
      .where('r.role', '=', 'COACH')
      .select(['u.id', fullName('u').as('name')])
      .distinct()
      .orderBy('name')
      .execute(),
    db
      .selectFrom('academic_years')
      .select(['id', 'start_year', 'end_year', 'is_current'])
      .where('school_id', '=', schoolId)
      .orderBy('start_year', 'desc')
      .execute(),
  ]);
  return { teams, coaches, years };
}

export async function insertPsa(db: Db, values: Insertable<PsasTable>): Promise<string> {
  const row = await db.insertInto('psas').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePsa(db: Db, schoolId: string, psaId: string, values: Updateable<PsasTable>) {
  await db.updateTable('psas').set(values).where('id', '=', psaId).where('school_id', '=', schoolId).execute();
}

export async function setPsaArchived(db: Db, schoolId: string, psaId: string, to: 'ARCHIVED' | 'UNARCHIVED') {
  await updatePsa(db, schoolId, psaId, {
    state_status: to,
    archived_at: to === 'ARCHIVED' ? new Date() : null,
    updated_at: new Date(),
  });
}

export async function movePsaCard(db: Db, schoolId: string, psaId: string, to: CommitmentStatus, rank: number) {
  await updatePsa(db, schoolId, psaId, { commitment_status: to, board_rank: rank, updated_at: new Date() });
}

/** Logs one activity; anything but a note also moves the prospect's last contact forward (never back). */
export async function insertPsaActivity(db: Db, values: Insertable<PsaActivitiesTable>): Promise<string> {
  const row = await db.insertInto('psa_activities').values(values).returning('id').executeTakeFirstOrThrow();
  if (values.kind !== 'NOTE') {
    const at = values.occurred_at as Date;
    await db
      .updateTable('psas')
      .set({ last_contact_at: sql`greatest(coalesce(last_contact_at, ${at}), ${at})` })
      .where('id', '=', values.psa_id)
      .where('school_id', '=', values.school_id)
      .execute();
  }
  return row.id;
}

/**
 * Moves a merged prospect's history (activity log, events, attachments) onto the one kept, and closes the merged one
 * (archived, its e-mail and phone freed). Answers how many attachments moved.
 */
export async function mergePsaInto(db: Db, schoolId: string, dropId: string, keepId: string): Promise<number> {
  await db
    .updateTable('psas')
    .set({
      merged_into_id: keepId,
      state_status: 'ARCHIVED',
      archived_at: new Date(),
      email: null,
      mobile: null,
      updated_at: new Date(),
    })
    .where('id', '=', dropId)
    .where('school_id', '=', schoolId)
    .execute();
  await db.updateTable('psa_activities').set({ psa_id: keepId }).where('psa_id', '=', dropId).execute();
  await db.updateTable('psa_events').set({ psa_id: keepId }).where('psa_id', '=', dropId).execute();
  const moved = await db
    .updateTable('psa_attachments')
    .set({ psa_id: keepId })
    .where('school_id', '=', schoolId)
    .where('psa_id', '=', dropId)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

export async function academicYearExists(db: Db, schoolId: string, academicYearId: string): Promise<boolean> {
  const year = await db
    .selectFrom('academic_years')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', academicYearId)
    .executeTakeFirst();
  return Boolean(year);
}

/** Whether someone with this e-mail is already on the team's roster for that year. */
export async function emailOnRoster(
  db: Db,
  schoolId: string,
  roster: { sportTeamId: string; academicYearId: string },
  email: string,
): Promise<boolean> {
  const onRoster = await db
    .selectFrom('roster_entries as e')
    .innerJoin('rosters as r', 'r.id', 'e.roster_id')
    .innerJoin('users as u', 'u.id', 'e.athlete_user_id')
    .where('r.school_id', '=', schoolId)
    .where('r.sport_team_id', '=', roster.sportTeamId)
    .where('r.academic_year_id', '=', roster.academicYearId)
    .where(sql<boolean>`lower(u.email) = ${email.toLowerCase()}`)
    .select('e.id')
    .executeTakeFirst();
  return Boolean(onRoster);
}

/** The prospect's transfer row, locked to the end of the transaction (undefined before the first request). */
export async function lockPsaTransfer(db: Db, psaId: string) {
  return db
    .selectFrom('psa_transfers')
    .select(['id', 'status', 'requested_at'])
    .where('psa_id', '=', psaId)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes a transfer request: a new row, or the rejected one requested again (the same row, pending anew). */
export async function upsertTransferRequest(
  db: Db,
  r: {
    schoolId: string;
    psaId: string;
    sportTeamId: string;
    academicYearId: string;
    requestedBy: string;
    workflowId: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('psa_transfers')
    .values({
      school_id: r.schoolId,
      psa_id: r.psaId,
      sport_team_id: r.sportTeamId,
      academic_year_id: r.academicYearId,
      requested_by: r.requestedBy,
      workflow_id: r.workflowId,
    })
    .onConflict((oc) =>
      oc.column('psa_id').doUpdateSet({
        sport_team_id: r.sportTeamId,
        academic_year_id: r.academicYearId,
        status: 'PENDING',
        requested_by: r.requestedBy,
        requested_at: new Date(),
        decided_by: null,
        decided_at: null,
        reason: null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Takes back a request whose process could not start (only while it is still pending). */
export async function dropPendingTransfer(db: Db, transferId: string) {
  await db.deleteFrom('psa_transfers').where('id', '=', transferId).where('status', '=', 'PENDING').execute();
}

export async function insertPsaAttachment(db: Db, values: Insertable<PsaAttachmentsTable>): Promise<string> {
  const row = await db.insertInto('psa_attachments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deletePsaAttachment(db: Db, schoolId: string, attachmentId: string) {
  await db.deleteFrom('psa_attachments').where('id', '=', attachmentId).where('school_id', '=', schoolId).execute();
}

/** The school a prospect belongs to, whichever school that is (the provider's console); null when none. */
export async function psaSchoolId(db: Db, psaId: string): Promise<string | null> {
  const row = await db.selectFrom('psas').select('school_id').where('id', '=', psaId).executeTakeFirst();
  return row?.school_id ?? null;
}

/** A school (not the provider's own organisation) by id, with its name; null when there is none. */
export async function findSchoolName(db: Db, schoolId: string) {
  const school = await db
    .selectFrom('schools')
    .select(['id', 'name'])
    .where('id', '=', schoolId)
    .where('kind', '=', 'SCHOOL')
    .executeTakeFirst();
  return school ?? null;
}

import { sql, type Kysely, type Transaction } from 'kysely';
import type { QuestionnaireStatus } from '../../domain/questionnaires';
import type { FormVersion } from '../../form-engine/form-definition';
import type { Database } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

export interface QuestionnaireRecord {
  id: string;
  name: string;
  customUrl: string;
  confirmationMessage: string;
  status: QuestionnaireStatus;
  formId: string;
  formName: string;
  sportTeamId: string | null;
  sportTeam: string | null;
  responseCount: number;
  lastResponseAt: string | null;
  createdAt: string;
  updatedAt: string;
}

function questionnairesQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('questionnaires as q')
    .innerJoin('forms as f', (j) => j.onRef('f.id', '=', 'q.form_id').on('f.school_id', '=', schoolId))
    .leftJoin('sport_teams as t', (j) => j.onRef('t.id', '=', 'q.sport_team_id').on('t.school_id', '=', schoolId))
    .where('q.school_id', '=', schoolId)
    .select([
      'q.id',
      'q.name',
      'q.custom_url',
      'q.confirmation_message',
      'q.status',
      'q.form_id',
      'q.sport_team_id',
      'q.created_at',
      'q.updated_at',
      'f.name as form_name',
      't.name as team_name',
      sql<number>`(select count(*)::int from questionnaire_responses r where r.questionnaire_id = q.id)`.as('n'),
      sql<Date | null>`(select max(r.submitted_at) from questionnaire_responses r where r.questionnaire_id = q.id)`.as(
        'last_at',
      ),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof questionnairesQuery>['executeTakeFirstOrThrow']>>;

function toRecord(r: Row): QuestionnaireRecord {
  return {
    id: r.id,
    name: r.name,
    customUrl: r.custom_url,
    confirmationMessage: r.confirmation_message,
    status: r.status,
    formId: r.form_id,
    formName: r.form_name,
    sportTeamId: r.sport_team_id,
    sportTeam: r.team_name,
    responseCount: r.n,
    lastResponseAt: r.last_at ? new Date(r.last_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listQuestionnaires(db: Db, schoolId: string): Promise<QuestionnaireRecord[]> {
  const rows = await questionnairesQuery(db, schoolId).orderBy('q.created_at', 'desc').orderBy('q.id').execute();
  return rows.map(toRecord);
}

export async function findQuestionnaire(db: Db, schoolId: string, id: string): Promise<QuestionnaireRecord | null> {
  const row = await questionnairesQuery(db, schoolId).where('q.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Another questionnaire of the school already at this custom URL (any case). */
export async function customUrlTaken(db: Db, schoolId: string, customUrl: string, exceptId: string | null) {
  let q = db
    .selectFrom('questionnaires')
    .select('id')
    .where('school_id', '=', schoolId)
    .where(sql<boolean>`lower(custom_url) = ${customUrl.toLowerCase()}`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** The newest published version of a school's live form, or null. */
export async function publishedVersion(
  db: Db,
  schoolId: string,
  formId: string,
): Promise<{ id: string; version: number; definition: FormVersion } | null> {
  const row = await db
    .selectFrom('form_versions as v')
    .innerJoin('forms as f', 'f.id', 'v.form_id')
    .where('v.school_id', '=', schoolId)
    .where('v.form_id', '=', formId)
    .where('f.archived_at', 'is', null)
    .where('v.status', '=', 'PUBLISHED')
    .select(['v.id', 'v.version', 'v.definition'])
    .orderBy('v.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Forms of the school with a published version: what a questionnaire may publish. */
export async function publishedForms(db: Db, schoolId: string) {
  return db
    .selectFrom('forms as f')
    .where('f.school_id', '=', schoolId)
    .where('f.archived_at', 'is', null)
    .where('f.kind', '<>', 'PDF')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('form_versions as v')
          .select('v.id')
          .whereRef('v.form_id', '=', 'f.id')
          .where('v.status', '=', 'PUBLISHED'),
      ),
    )
    .select(['f.id', 'f.name'])
    .orderBy('f.name')
    .execute();
}

/** The active questionnaire at a school's URL name and custom URL, with what the public page needs. */
export async function findPublicQuestionnaire(db: Db, schoolSlug: string, customUrl: string) {
  return (
    (await db
      .selectFrom('questionnaires as q')
      .innerJoin('schools as s', 's.id', 'q.school_id')
      .where(sql<boolean>`lower(s.slug) = ${schoolSlug.toLowerCase()}`)
      .where(sql<boolean>`lower(q.custom_url) = ${customUrl.toLowerCase()}`)
      .select([
        'q.id',
        'q.school_id',
        'q.name',
        'q.status',
        'q.form_id',
        'q.sport_team_id',
        'q.confirmation_message',
        's.name as school_name',
        's.slug as school_slug',
      ])
      .executeTakeFirst()) ?? null
  );
}

export interface ResponseRecord {
  id: string;
  psaId: string;
  psaName: string;
  email: string | null;
  createdPsa: boolean;
  submittedAt: string;
  answers: Record<string, unknown>;
  formVersion: number;
}

export async function listResponses(db: Db, schoolId: string, questionnaireId: string): Promise<ResponseRecord[]> {
  const rows = await db
    .selectFrom('questionnaire_responses as r')
    .innerJoin('psas as p', (j) => j.onRef('p.id', '=', 'r.psa_id').on('p.school_id', '=', schoolId))
    .innerJoin('form_versions as v', 'v.id', 'r.form_version_id')
    .where('r.school_id', '=', schoolId)
    .where('r.questionnaire_id', '=', questionnaireId)
    .select([
      'r.id',
      'r.psa_id',
      'r.created_psa',
      'r.submitted_at',
      'r.answers',
      'v.version',
      'p.first_name',
      'p.last_name',
      'p.email',
    ])
    .orderBy('r.submitted_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    psaId: r.psa_id,
    psaName: `${r.first_name} ${r.last_name}`,
    email: r.email,
    createdPsa: r.created_psa,
    submittedAt: new Date(r.submitted_at).toISOString(),
    answers: r.answers,
    formVersion: r.version,
  }));
}

/**
 * The response of the questionnaire whose answers hold the file (an attachment answer names it by `fileId`), or
 * null: a file of another questionnaire or school is not reachable through this one.
 */
export async function findAttachmentResponse(
  db: Db,
  schoolId: string,
  questionnaireId: string,
  fileId: string,
): Promise<{ id: string; psaId: string } | null> {
  const row = await db
    .selectFrom('questionnaire_responses')
    .select(['id', 'psa_id'])
    .where('school_id', '=', schoolId)
    .where('questionnaire_id', '=', questionnaireId)
    .where(
      sql<boolean>`jsonb_path_exists(answers, '$.** ? (@.fileId == $id)', jsonb_build_object('id', ${fileId}::text))`,
    )
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, psaId: row.psa_id } : null;
}

/**
 * Marks a solved challenge as used; false when it already was (a replay). Expired signatures are swept on the way,
 * so the table only holds challenges that could still be submitted.
 */
export async function useChallenge(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  await db.deleteFrom('used_bot_challenges').where('expires_at', '<', new Date()).execute();
  const row = await db
    .insertInto('used_bot_challenges')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return Boolean(row);
}

/** The school's slug, the first part of every questionnaire's public path. */
export async function findSchoolSlug(db: Db, schoolId: string): Promise<string> {
  const row = await db.selectFrom('schools').select('slug').where('id', '=', schoolId).executeTakeFirstOrThrow();
  return row.slug;
}

/** The school's teams a questionnaire may be filed under, by name: the active ones (archived teams leave pickers). */
export async function listSchoolTeams(db: Db, schoolId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('sport_teams')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .execute();
}

export interface QuestionnaireValues {
  form_id: string;
  name: string;
  custom_url: string;
  confirmation_message: string;
  status: QuestionnaireStatus;
  sport_team_id: string | null;
}

export async function insertQuestionnaire(
  db: Db,
  schoolId: string,
  values: QuestionnaireValues & { created_by: string },
): Promise<string> {
  const row = await db
    .insertInto('questionnaires')
    .values({ school_id: schoolId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the given fields of a questionnaire (and its updated_at). */
export async function updateQuestionnaire(
  db: Db,
  schoolId: string,
  id: string,
  set: Partial<QuestionnaireValues>,
): Promise<void> {
  await db
    .updateTable('questionnaires')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .execute();
}

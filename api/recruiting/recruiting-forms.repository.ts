import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, RecruitingFormSendsTable } from '../../migrations/database';
import { fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

/** Recruiting templates of a school (live ones), newest first, with how their sends stand. */
export async function listRecruitingTemplates(db: Db, schoolId: string) {
  return db
    .selectFrom('forms as f')
    .innerJoin('form_versions as v', (j) =>
      j
        .onRef('v.form_id', '=', 'f.id')
        .onRef('v.school_id', '=', 'f.school_id')
        .on('v.version', '=', sql<number>`(select max(v2.version) from form_versions v2 where v2.form_id = f.id)`),
    )
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select([
      'f.id',
      'f.name',
      'f.updated_at',
      'v.version',
      'v.status',
      sql<number>`coalesce(jsonb_array_length(v.definition->'elements'), 0)`.as('element_count'),
      fullNameOrNull('u').as('created_by_name'),
      sql<number>`(select count(*) from recruiting_form_sends r where r.form_id = f.id)::int`.as('sent'),
      sql<number>`(select count(*) from recruiting_form_sends r where r.form_id = f.id and r.opened_at is not null)::int`.as(
        'opened',
      ),
      sql<number>`(select count(*) from recruiting_form_sends r where r.form_id = f.id and r.submitted_at is not null)::int`.as(
        'submitted',
      ),
      sql<number>`(select count(*) from recruiting_form_sends r where r.form_id = f.id and r.submitted_at is null and r.expires_at <= now())::int`.as(
        'expired',
      ),
    ])
    .where('f.school_id', '=', schoolId)
    .where('f.purpose', '=', 'RECRUITING')
    .where('f.archived_at', 'is', null)
    .orderBy('f.updated_at', 'desc')
    .execute();
}

/** A live recruiting template with its newest version. */
export async function findRecruitingTemplate(db: Db, schoolId: string, formId: string) {
  return db
    .selectFrom('forms as f')
    .innerJoin('form_versions as v', (j) => j.onRef('v.form_id', '=', 'f.id').onRef('v.school_id', '=', 'f.school_id'))
    .select(['f.id', 'f.name', 'v.id as version_id', 'v.version', 'v.status'])
    .where('f.school_id', '=', schoolId)
    .where('f.id', '=', formId)
    .where('f.purpose', '=', 'RECRUITING')
    .where('f.archived_at', 'is', null)
    .orderBy('v.version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface SendFilter {
  formId?: string | undefined;
  psaId?: string | undefined;
  limit: number;
  offset: number;
}

function sendsQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('recruiting_form_sends as r')
    .innerJoin('forms as f', 'f.id', 'r.form_id')
    .innerJoin('psas as p', 'p.id', 'r.psa_id')
    .leftJoin('users as u', 'u.id', 'r.sent_by')
    .where('r.school_id', '=', schoolId);
}

/** The columns of a send row, for the list and the detail alike. */
const SEND_COLUMNS = [
  'r.id',
  'r.form_id',
  'f.name as form_name',
  'r.psa_id',
  'p.first_name',
  'p.last_name',
  'r.email',
  'r.sent_at',
  'r.opened_at',
  'r.submitted_at',
  'r.expires_at',
  'r.link_generation',
] as const;
const sentByName = fullNameOrNull('u').as('sent_by_name');

export async function listSends(db: Db, schoolId: string, filter: SendFilter) {
  let q = sendsQuery(db, schoolId);
  if (filter.formId) q = q.where('r.form_id', '=', filter.formId);
  if (filter.psaId) q = q.where('r.psa_id', '=', filter.psaId);
  const [rows, count] = await Promise.all([
    q
      .select([...SEND_COLUMNS, sentByName])
      .orderBy('r.sent_at', 'desc')
      .orderBy('r.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findSendDetail(db: Db, schoolId: string, sendId: string) {
  return sendsQuery(db, schoolId)
    .innerJoin('form_versions as v', 'v.id', 'r.form_version_id')
    .select([...SEND_COLUMNS, 'r.answers', 'v.definition', sentByName])
    .where('r.id', '=', sendId)
    .executeTakeFirst();
}

/** The prospects a send goes to: this school's, not archived, not merged away. */
export async function findRecipients(db: Db, schoolId: string, psaIds: readonly string[]) {
  if (psaIds.length === 0) return [];
  return db
    .selectFrom('psas')
    .select(['id', 'first_name', 'last_name', 'email', 'state_status', 'merged_into_id'])
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...psaIds])
    .execute();
}

/** The send behind a public link, locked for the decision the link leads to. */
export async function lockSendForLink(trx: Transaction<Database>, schoolId: string, sendId: string) {
  return trx
    .selectFrom('recruiting_form_sends as r')
    .innerJoin('form_versions as v', 'v.id', 'r.form_version_id')
    .innerJoin('forms as f', 'f.id', 'r.form_id')
    .innerJoin('psas as p', 'p.id', 'r.psa_id')
    .innerJoin('schools as s', 's.id', 'r.school_id')
    .select([
      'r.id',
      'r.school_id',
      'r.form_id',
      'r.form_version_id',
      'r.psa_id',
      'r.token_hash',
      'r.link_generation',
      'r.link_issued_at',
      'r.reissue_count',
      'r.expires_at',
      'r.opened_at',
      'r.submitted_at',
      'v.definition',
      'f.name as form_name',
      'p.first_name',
      's.name as school_name',
    ])
    .where('r.id', '=', sendId)
    .where('r.school_id', '=', schoolId)
    .forUpdate('r')
    .executeTakeFirst();
}

/** New sends, one row per prospect. */
export async function insertRecruitingFormSends(db: Db, rows: Insertable<RecruitingFormSendsTable>[]) {
  await db.insertInto('recruiting_form_sends').values(rows).execute();
}

/** Changes one send of the school (a fresh link, its first open, its answers). */
export async function updateRecruitingFormSend(
  db: Db,
  send: { id: string; school_id: string },
  values: Updateable<RecruitingFormSendsTable>,
) {
  await db
    .updateTable('recruiting_form_sends')
    .set(values)
    .where('id', '=', send.id)
    .where('school_id', '=', send.school_id)
    .execute();
}

/** A form version that has answers is frozen: it can no longer be edited in place. */
export async function markFormVersionAnswered(db: Db, schoolId: string, versionId: string) {
  await db
    .updateTable('form_versions')
    .set({ has_answers: true })
    .where('id', '=', versionId)
    .where('school_id', '=', schoolId)
    .execute();
}

/** The prospect was last in touch at `at`. */
export async function touchPsaLastContact(db: Db, schoolId: string, psaId: string, at: Date) {
  await db
    .updateTable('psas')
    .set({ last_contact_at: at })
    .where('id', '=', psaId)
    .where('school_id', '=', schoolId)
    .execute();
}

/** Who sent a send (null once that user is gone). */
export async function findSendSender(db: Db, sendId: string): Promise<string | null> {
  const row = await db
    .selectFrom('recruiting_form_sends')
    .select('sent_by')
    .where('id', '=', sendId)
    .executeTakeFirst();
  return row?.sent_by ?? null;
}

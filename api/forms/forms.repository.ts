import { sql, type Kysely, type Transaction } from 'kysely';
import type { FormVersion } from '../../form-engine/form-definition';
import type { Database, FormPurpose, FormTemplateKind, FormVersionStatus } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';

/**
 * Form templates, their versions and their imported PDF. Every function is scoped by school; archived forms are
 * invisible here (they left the list and answer 404), except to the clone of a packet later on, which reads
 * versions by id.
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface FormRecord {
  id: string;
  name: string;
  category: string | null;
  kind: FormTemplateKind;
  purpose: FormPurpose;
  createdByName: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface FormListRecord extends FormRecord {
  latestVersion: number;
  status: FormVersionStatus;
  elementCount: number;
}

export interface FormVersionRecord {
  id: string;
  formId: string;
  version: number;
  definition: FormVersion;
  status: FormVersionStatus;
  publishedAt: Date | null;
  hasAnswers: boolean;
}

export interface FormDocumentInfo {
  id: string;
  filename: string;
  sizeBytes: number;
  pageCount: number | null;
}

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}

function formsQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('forms as f')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'f.created_by').on('u.school_id', '=', schoolId))
    .where('f.school_id', '=', schoolId)
    .where('f.archived_at', 'is', null)
    .select([
      'f.id',
      'f.name',
      'f.category',
      'f.kind',
      'f.purpose',
      'f.created_at',
      'f.updated_at',
      'u.first_name',
      'u.last_name',
    ]);
}

type FormQueryRow = Awaited<ReturnType<ReturnType<typeof formsQuery>['execute']>>[number];

function toFormRecord(r: FormQueryRow): FormRecord {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    kind: r.kind,
    purpose: r.purpose,
    createdByName: fullName(r.first_name, r.last_name),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listForms(
  db: Db,
  schoolId: string,
  filter: { q?: string; category?: string; kind?: FormTemplateKind; limit: number; offset: number },
): Promise<{ rows: FormListRecord[]; total: number }> {
  let q = formsQuery(db, schoolId).innerJoin('form_versions as v', (j) =>
    j
      .onRef('v.form_id', '=', 'f.id')
      .on('v.school_id', '=', schoolId)
      .on(
        'v.version',
        '=',
        sql<number>`(select max(v2.version) from form_versions v2 where v2.form_id = f.id and v2.school_id = ${schoolId})`,
      ),
  );
  // Recruiting templates are forms too, but they live on /recruitingForms, not in the paperwork list.
  q = q.where('f.purpose', '=', 'PAPERWORK');
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    q = q.where((eb) => eb.or([eb('f.name', 'ilike', pattern), eb('f.category', 'ilike', pattern)]));
  }
  if (filter.category) q = q.where(sql<string>`lower(f.category)`, '=', filter.category.trim().toLowerCase());
  if (filter.kind) q = q.where('f.kind', '=', filter.kind);
  const [rows, count] = await Promise.all([
    q
      .select([
        'v.version',
        'v.status',
        sql<number>`coalesce(jsonb_array_length(v.definition->'elements'), 0)`.as('element_count'),
      ])
      .orderBy('f.updated_at', 'desc')
      .orderBy('f.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      ...toFormRecord(r),
      latestVersion: r.version,
      status: r.status,
      elementCount: Number(r.element_count),
    })),
  };
}

export async function findForm(db: Db, schoolId: string, formId: string): Promise<FormRecord | null> {
  const row = await formsQuery(db, schoolId).where('f.id', '=', formId).executeTakeFirst();
  return row ? toFormRecord(row) : null;
}

/** Locks a live form for the rest of the transaction (edits, publishing and uploads of one form take turns). */
export async function lockForm(db: Transaction<Database>, schoolId: string, formId: string): Promise<boolean> {
  const row = await db
    .selectFrom('forms')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', formId)
    .where('archived_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return Boolean(row);
}

function versionsQuery(db: Db, schoolId: string, formId: string) {
  return db
    .selectFrom('form_versions')
    .where('school_id', '=', schoolId)
    .where('form_id', '=', formId)
    .select(['id', 'form_id', 'version', 'definition', 'status', 'published_at', 'has_answers']);
}

function toVersionRecord(r: {
  id: string;
  form_id: string;
  version: number;
  definition: FormVersion;
  status: FormVersionStatus;
  published_at: Date | null;
  has_answers: boolean;
}): FormVersionRecord {
  return {
    id: r.id,
    formId: r.form_id,
    version: r.version,
    definition: r.definition,
    status: r.status,
    publishedAt: r.published_at,
    hasAnswers: r.has_answers,
  };
}

/** The newest version of a form, or a given version number. */
export async function findFormVersion(
  db: Db,
  schoolId: string,
  formId: string,
  version?: number,
): Promise<FormVersionRecord | null> {
  let q = versionsQuery(db, schoolId, formId);
  q = version === undefined ? q.orderBy('version', 'desc').limit(1) : q.where('version', '=', version);
  const row = await q.executeTakeFirst();
  return row ? toVersionRecord(row) : null;
}

export async function listVersionSummaries(
  db: Db,
  schoolId: string,
  formId: string,
): Promise<Array<{ version: number; status: FormVersionStatus; publishedAt: Date | null }>> {
  const rows = await db
    .selectFrom('form_versions')
    .select(['version', 'status', 'published_at'])
    .where('school_id', '=', schoolId)
    .where('form_id', '=', formId)
    .orderBy('version')
    .execute();
  return rows.map((r) => ({ version: r.version, status: r.status, publishedAt: r.published_at }));
}

export async function insertForm(
  db: Db,
  schoolId: string,
  form: {
    id: string;
    name: string;
    category: string | null;
    kind: FormTemplateKind;
    createdBy: string;
    purpose?: FormPurpose;
  },
): Promise<void> {
  await db
    .insertInto('forms')
    .values({
      id: form.id,
      school_id: schoolId,
      name: form.name,
      category: form.category,
      kind: form.kind,
      created_by: form.createdBy,
      ...(form.purpose ? { purpose: form.purpose } : {}),
    })
    .execute();
}

export async function insertFormVersion(
  db: Db,
  schoolId: string,
  version: { id: string; formId: string; version: number; definition: FormVersion },
): Promise<void> {
  await db
    .insertInto('form_versions')
    .values({
      id: version.id,
      school_id: schoolId,
      form_id: version.formId,
      version: version.version,
      definition: JSON.stringify(version.definition),
    })
    .execute();
}

/** Name and category live on the form; every change also moves updated_at (the list's order). */
export async function updateFormFields(
  db: Db,
  schoolId: string,
  formId: string,
  changes: { name?: string; category?: string | null },
): Promise<void> {
  await db
    .updateTable('forms')
    .set({ ...changes, updated_at: sql`now()` })
    .where('school_id', '=', schoolId)
    .where('id', '=', formId)
    .execute();
}

export async function updateVersionDefinition(
  db: Db,
  schoolId: string,
  versionId: string,
  definition: FormVersion,
): Promise<void> {
  await db
    .updateTable('form_versions')
    .set({ definition: JSON.stringify(definition), updated_at: sql`now()` })
    .where('school_id', '=', schoolId)
    .where('id', '=', versionId)
    .execute();
}

export async function markVersionPublished(db: Db, schoolId: string, versionId: string): Promise<void> {
  await db
    .updateTable('form_versions')
    .set({ status: 'PUBLISHED', published_at: sql`now()`, updated_at: sql`now()` })
    .where('school_id', '=', schoolId)
    .where('id', '=', versionId)
    .where('status', '=', 'DRAFT')
    .execute();
}

/** Later features call this when the first answers to a version are stored: the version is frozen from then on. */
export async function markVersionAnswered(db: Db, schoolId: string, versionId: string): Promise<void> {
  await db
    .updateTable('form_versions')
    .set({ has_answers: true, updated_at: sql`now()` })
    .where('school_id', '=', schoolId)
    .where('id', '=', versionId)
    .where('has_answers', '=', false)
    .execute();
}

export async function archiveForm(db: Db, schoolId: string, formId: string): Promise<boolean> {
  const result = await db
    .updateTable('forms')
    .set({ archived_at: sql`now()`, updated_at: sql`now()` })
    .where('school_id', '=', schoolId)
    .where('id', '=', formId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findDocumentInfo(db: Db, schoolId: string, formId: string): Promise<FormDocumentInfo | null> {
  const row = await db
    .selectFrom('form_documents')
    .select(['id', 'filename', 'size_bytes', 'page_count'])
    .where('school_id', '=', schoolId)
    .where('form_id', '=', formId)
    .executeTakeFirst();
  return row ? { id: row.id, filename: row.filename, sizeBytes: row.size_bytes, pageCount: row.page_count } : null;
}

/** The PDF bytes of a live form's document. */
export async function findDocumentBytes(
  db: Db,
  schoolId: string,
  formId: string,
): Promise<{ filename: string; data: Uint8Array } | null> {
  const row = await db
    .selectFrom('form_documents as d')
    .innerJoin('forms as f', (j) => j.onRef('f.id', '=', 'd.form_id').on('f.school_id', '=', schoolId))
    .select(['d.filename', 'd.data'])
    .where('d.school_id', '=', schoolId)
    .where('d.form_id', '=', formId)
    .where('f.archived_at', 'is', null)
    .executeTakeFirst();
  return row ? { filename: row.filename, data: row.data } : null;
}

/** One document per form: a new upload replaces the previous one. */
export async function upsertDocument(
  db: Db,
  schoolId: string,
  formId: string,
  doc: { filename: string; sizeBytes: number; pageCount: number | null; data: Uint8Array },
): Promise<string> {
  const values = {
    filename: doc.filename,
    size_bytes: doc.sizeBytes,
    page_count: doc.pageCount,
    data: doc.data,
  };
  const row = await db
    .insertInto('form_documents')
    .values({ school_id: schoolId, form_id: formId, ...values })
    .onConflict((oc) => oc.column('form_id').doUpdateSet({ ...values, created_at: sql`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Copies a form's document to another form of the same school (cloning a PDF form). */
export async function copyDocument(db: Db, schoolId: string, fromFormId: string, toFormId: string): Promise<void> {
  await db
    .insertInto('form_documents')
    .columns(['school_id', 'form_id', 'filename', 'size_bytes', 'page_count', 'data'])
    .expression((eb) =>
      eb
        .selectFrom('form_documents')
        .select([
          'school_id',
          sql<string>`${toFormId}::uuid`.as('form_id'),
          'filename',
          'size_bytes',
          'page_count',
          'data',
        ])
        .where('school_id', '=', schoolId)
        .where('form_id', '=', fromFormId),
    )
    .execute();
}

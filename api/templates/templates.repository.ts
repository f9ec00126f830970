import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  remapWorkflowForms,
  templateCopyTitle,
  type InstitutionFilter,
  type TemplateAssignmentAction,
} from '../../domain/templates';
import type { Database, FormTemplateKind } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';

/**
 * The template library's data. Templates are platform-level (no school column): operator routes read them all,
 * school routes read them only through a live assignment to the caller's school (`findAssignedTemplate`), so a
 * school sees nothing it was not given. Shared with the assignment activities.
 */
type Db = Kysely<Database>;

export interface TemplateListRow {
  id: string;
  title: string;
  description: string;
  hipaa: boolean;
  created_at: Date;
  archived_at: Date | null;
  form_count: number | string | null;
  assigned_count: number | string | null;
  running_job_id: string | null;
}

function templateList(db: Db) {
  return db.selectFrom('templates as t').select([
    't.id',
    't.title',
    't.description',
    't.hipaa',
    't.created_at',
    't.archived_at',
    (eb) =>
      eb
        .selectFrom('template_forms as f')
        .whereRef('f.template_id', '=', 't.id')
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('form_count'),
    (eb) =>
      eb
        .selectFrom('template_assignments as a')
        .whereRef('a.template_id', '=', 't.id')
        .where('a.unassigned_at', 'is', null)
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('assigned_count'),
    (eb) =>
      eb
        .selectFrom('template_assignment_jobs as j')
        .whereRef('j.template_id', '=', 't.id')
        .where('j.status', '=', 'RUNNING')
        .select('j.id')
        .orderBy('j.created_at', 'desc')
        .limit(1)
        .as('running_job_id'),
  ]);
}

export async function listTemplates(
  db: Db,
  query: { q?: string; archived?: boolean; limit: number; offset: number },
): Promise<{ rows: TemplateListRow[]; total: number }> {
  let base = db.selectFrom('templates as t');
  if (query.q) base = base.where('t.title', 'ilike', containsPattern(query.q));
  base = query.archived ? base.where('t.archived_at', 'is not', null) : base.where('t.archived_at', 'is', null);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  let rows = templateList(db);
  if (query.q) rows = rows.where('t.title', 'ilike', containsPattern(query.q));
  rows = query.archived ? rows.where('t.archived_at', 'is not', null) : rows.where('t.archived_at', 'is', null);
  const items = await rows
    .orderBy(query.archived ? 't.archived_at' : 't.created_at', 'desc')
    .orderBy('t.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { rows: items as TemplateListRow[], total: Number(total.n) };
}

export async function findTemplate(db: Db, templateId: string): Promise<TemplateListRow | undefined> {
  return (await templateList(db).where('t.id', '=', templateId).executeTakeFirst()) as TemplateListRow | undefined;
}

export async function findTemplateWorkflow(db: Db, templateId: string) {
  return db
    .selectFrom('templates')
    .select(['id', 'title', 'description', 'hipaa', 'workflow', 'archived_at'])
    .where('id', '=', templateId)
    .executeTakeFirst();
}

/**
 * Copies a template into a new one with the given id: its own forms (PDFs included), the workflow pointing at them,
 * no assignments. One transaction keyed by the copy's id, so running it again (a retried activity) copies nothing
 * twice. Returns false when the source template is not there.
 */
export async function copyTemplate(
  db: Db,
  input: { sourceTemplateId: string; copyId: string; createdBy: string | null },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const done = await trx.selectFrom('templates').select('id').where('id', '=', input.copyId).executeTakeFirst();
    if (done) return true;
    const source = await findTemplateWorkflow(trx, input.sourceTemplateId);
    if (!source) return false;
    const sourceForms = await trx
      .selectFrom('template_forms')
      .select('id')
      .where('template_id', '=', input.sourceTemplateId)
      .orderBy('position')
      .execute();
    const formIds = new Map(sourceForms.map((f) => [f.id, randomUUID()]));
    await trx
      .insertInto('templates')
      .values({
        id: input.copyId,
        title: templateCopyTitle(source.title),
        description: source.description,
        hipaa: source.hipaa,
        workflow: JSON.stringify(remapWorkflowForms(source.workflow, formIds)),
        source_template_id: input.sourceTemplateId,
        created_by: input.createdBy,
      })
      .execute();
    for (const [from, to] of formIds) {
      await sql`insert into template_forms
          (id, template_id, position, name, category, kind, definition, pdf_filename, pdf_size_bytes, pdf_page_count, pdf_data)
        select ${to}::uuid, ${input.copyId}::uuid, position, name, category, kind, definition, pdf_filename, pdf_size_bytes,
          pdf_page_count, pdf_data
        from template_forms where id = ${from}::uuid`.execute(trx);
    }
    return true;
  });
}

/** The template's forms in packet order, without the PDF bytes. */
export async function listTemplateForms(db: Db, templateId: string) {
  return db
    .selectFrom('template_forms')
    .select(['id', 'position', 'name', 'category', 'kind', 'definition', 'pdf_filename', 'pdf_size_bytes'])
    .where('template_id', '=', templateId)
    .orderBy('position')
    .execute();
}

/** A template the school was given and still has, not archived: the only way a school reads a template. */
export async function findAssignedTemplate(db: Db, schoolId: string, templateId: string) {
  return templateList(db)
    .innerJoin('template_assignments as a', (j) =>
      j.onRef('a.template_id', '=', 't.id').on('a.school_id', '=', schoolId).on('a.unassigned_at', 'is', null),
    )
    .select('a.assigned_at')
    .where('t.id', '=', templateId)
    .where('t.archived_at', 'is', null)
    .executeTakeFirst();
}

export async function listAssignedTemplates(
  db: Db,
  schoolId: string,
  query: { q?: string; limit: number; offset: number },
) {
  let rows = templateList(db)
    .innerJoin('template_assignments as a', (j) =>
      j.onRef('a.template_id', '=', 't.id').on('a.school_id', '=', schoolId).on('a.unassigned_at', 'is', null),
    )
    .select('a.assigned_at')
    .where('t.archived_at', 'is', null);
  if (query.q) rows = rows.where('t.title', 'ilike', containsPattern(query.q));
  const all = await rows.orderBy('a.assigned_at', 'desc').orderBy('t.id').execute();
  return { rows: all.slice(query.offset, query.offset + query.limit), total: all.length };
}

/** Schools a filter selects: only real schools (never the provider organisation). Works on any query over `schools`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the filter applies to queries with different joins
export function whereInstitutions<QB extends SelectQueryBuilder<any, any, any>>(
  query: QB,
  filter: InstitutionFilter,
): QB {
  let q = query.where('schools.kind', '=', 'SCHOOL');
  if (filter.q) q = q.where('schools.name', 'ilike', containsPattern(filter.q));
  if (filter.states?.length) q = q.where('schools.state', 'in', filter.states);
  if (filter.divisions?.length) q = q.where('schools.division', 'in', filter.divisions);
  if (filter.plans?.length) q = q.where('schools.plan', 'in', filter.plans);
  return q as QB;
}

export async function countInstitutions(db: Db, filter: InstitutionFilter): Promise<number> {
  const row = await whereInstitutions(
    db.selectFrom('schools').select((eb) => eb.fn.countAll<string>().as('n')),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Institutions for the assign screen, each with whether the template is already assigned to it. */
export async function listInstitutions(
  db: Db,
  templateId: string | null,
  filter: InstitutionFilter & { assigned?: boolean },
  page: { limit: number; offset: number },
) {
  const base = () => {
    let q = whereInstitutions(
      db.selectFrom('schools').leftJoin('template_assignments as a', (j) =>
        j
          .onRef('a.school_id', '=', 'schools.id')
          .on('a.template_id', '=', templateId ?? '00000000-0000-0000-0000-000000000000')
          .on('a.unassigned_at', 'is', null),
      ),
      filter,
    );
    if (filter.assigned === true) q = q.where('a.assigned_at', 'is not', null);
    if (filter.assigned === false) q = q.where('a.assigned_at', 'is', null);
    return q;
  };
  const [rows, count] = await Promise.all([
    base()
      .select(['schools.id', 'schools.name', 'schools.state', 'schools.division', 'schools.plan', 'a.assigned_at'])
      .orderBy('schools.name')
      .orderBy('schools.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function findRunningJob(db: Db, templateId: string) {
  return db
    .selectFrom('template_assignment_jobs')
    .select('id')
    .where('template_id', '=', templateId)
    .where('status', '=', 'RUNNING')
    .executeTakeFirst();
}

/** Assignment jobs with their template's title. */
function jobsQuery(db: Db) {
  return db
    .selectFrom('template_assignment_jobs as j')
    .innerJoin('templates as t', 't.id', 'j.template_id')
    .select([
      'j.id',
      'j.template_id',
      't.title as template_title',
      'j.action',
      'j.selection',
      'j.workflow_id',
      'j.status',
      'j.total',
      'j.done',
      'j.failed',
      'j.requested_by',
      'j.created_at',
      'j.completed_at',
    ]);
}

export async function findJob(db: Db, jobId: string) {
  return jobsQuery(db).where('j.id', '=', jobId).executeTakeFirst();
}

export async function listJobs(db: Db, templateId: string, limit: number) {
  return jobsQuery(db).where('j.template_id', '=', templateId).orderBy('j.created_at', 'desc').limit(limit).execute();
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

// ---- making templates (the operator's side) ----

/** Packets of one school an operator may turn into a template: not archived, newest activity first. */
export async function listSourcePacketRows(db: Db, schoolId: string, q?: string) {
  let query = db
    .selectFrom('packets')
    .select(['id', 'name', 'description', 'status', 'form_ids'])
    .where('school_id', '=', schoolId)
    .where('archived_at', 'is', null);
  if (q?.trim()) query = query.where('name', 'ilike', containsPattern(q));
  return query.orderBy('last_activity_at', 'desc').limit(200).execute();
}

/** A packet of a school (never the provider's own) that a template is made from. */
export async function findSourcePacket(db: Db, schoolId: string, packetId: string) {
  return db
    .selectFrom('packets as p')
    .innerJoin('schools as s', 's.id', 'p.school_id')
    .select(['p.id', 'p.name', 'p.description', 'p.form_ids', 'p.workflow', 'p.hipaa', 'p.archived_at'])
    .where('p.school_id', '=', schoolId)
    .where('p.id', '=', packetId)
    .where('s.kind', '=', 'SCHOOL')
    .executeTakeFirst();
}

export async function insertTemplate(
  db: Db,
  values: {
    title: string;
    description: string;
    hipaa: boolean;
    workflow: unknown;
    sourceSchoolId: string;
    sourcePacketId: string;
    createdBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('templates')
    .values({
      title: values.title,
      description: values.description,
      hipaa: values.hipaa,
      workflow: JSON.stringify(values.workflow),
      source_school_id: values.sourceSchoolId,
      source_packet_id: values.sourcePacketId,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The kind and category of a school's forms. */
export async function listFormKinds(db: Db, schoolId: string, formIds: string[]) {
  return db
    .selectFrom('forms')
    .select(['id', 'kind', 'category'])
    .where('school_id', '=', schoolId)
    .where('id', 'in', formIds)
    .execute();
}

/** One form of a template, copied from a school's form: its definition, and its imported PDF when it has one. */
export async function insertTemplateForm(
  db: Db,
  values: {
    id: string;
    templateId: string;
    position: number;
    name: string;
    category: string | null;
    kind: FormTemplateKind;
    definition: unknown;
  },
  source: { schoolId: string; formId: string },
): Promise<void> {
  await db
    .insertInto('template_forms')
    .values({
      id: values.id,
      template_id: values.templateId,
      position: values.position,
      name: values.name,
      category: values.category,
      kind: values.kind,
      definition: JSON.stringify(values.definition),
    })
    .execute();
  await sql`update template_forms tf set pdf_filename = d.filename, pdf_size_bytes = d.size_bytes,
      pdf_page_count = d.page_count, pdf_data = d.data
    from form_documents d
    where tf.id = ${values.id} and d.school_id = ${source.schoolId} and d.form_id = ${source.formId}`.execute(db);
}

/** Archives (keeping the first archive time) or unarchives a template; undefined when there is no such template. */
export async function setArchivedAt(db: Db, templateId: string, archived: boolean) {
  return db
    .updateTable('templates')
    .set({
      archived_at: archived ? sql`coalesce(archived_at, now())` : null,
      updated_at: sql`now()`,
    })
    .where('id', '=', templateId)
    .returning('id')
    .executeTakeFirst();
}

/** How many of these ids are schools (not the provider). */
export async function countSchoolsAmong(db: Db, ids: string[]): Promise<number> {
  const known = await db
    .selectFrom('schools')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .where('kind', '=', 'SCHOOL')
    .executeTakeFirstOrThrow();
  return Number(known.n);
}

/** The job row; a second running job of the template breaks the one-running-job index (23505). */
export async function insertJob(
  db: Db,
  values: {
    id: string;
    templateId: string;
    action: TemplateAssignmentAction;
    selection: unknown;
    workflowId: string;
    requestedBy: string;
  },
): Promise<void> {
  await db
    .insertInto('template_assignment_jobs')
    .values({
      id: values.id,
      template_id: values.templateId,
      action: values.action,
      selection: JSON.stringify(values.selection),
      workflow_id: values.workflowId,
      requested_by: values.requestedBy,
    })
    .execute();
}

export async function markJobFailed(db: Db, jobId: string): Promise<void> {
  await db
    .updateTable('template_assignment_jobs')
    .set({ status: 'FAILED', completed_at: sql`now()` })
    .where('id', '=', jobId)
    .execute();
}

// ---- using a template (a school's side) ----

/** A template form's PDF as the document of a school's new form; undefined when the template form has none. */
export async function copyTemplateDocument(
  db: Db,
  schoolId: string,
  templateFormId: string,
  formId: string,
): Promise<{ id: string; filename: string; size_bytes: number } | undefined> {
  const result = await sql<{ id: string; filename: string; size_bytes: number }>`insert into form_documents
      (school_id, form_id, filename, size_bytes, page_count, data)
    select ${schoolId}::uuid, ${formId}::uuid, pdf_filename, pdf_size_bytes, pdf_page_count, pdf_data
    from template_forms where id = ${templateFormId}::uuid and pdf_data is not null
    returning id, filename, size_bytes`.execute(db);
  return result.rows[0];
}

/** A form's first version, published now (a template's forms arrive published, as they were in the template). */
export async function insertPublishedFirstVersion(
  db: Db,
  schoolId: string,
  version: { id: string; formId: string; definition: unknown },
): Promise<void> {
  await db
    .insertInto('form_versions')
    .values({
      id: version.id,
      school_id: schoolId,
      form_id: version.formId,
      version: 1,
      definition: JSON.stringify(version.definition),
      status: 'PUBLISHED',
      published_at: sql`now()`,
    })
    .execute();
}

/** The unpublished packet a school makes from a template. */
export async function insertPacketFromTemplate(
  db: Db,
  schoolId: string,
  packet: { name: string; description: string; ownerId: string; formIds: string[]; workflow: unknown; hipaa: boolean },
): Promise<string> {
  const row = await db
    .insertInto('packets')
    .values({
      school_id: schoolId,
      name: packet.name,
      description: packet.description,
      owner_id: packet.ownerId,
      form_ids: JSON.stringify(packet.formIds),
      workflow: JSON.stringify(packet.workflow),
      hipaa: packet.hipaa,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import { checkPacketWorkflow, type PacketWorkflowDefinition } from '../../domain/packet-workflow';
import { PACKET_LIMITS } from '../../domain/packets';
import {
  describeInstitutionFilter,
  jobPercent,
  normalizeInstitutionFilter,
  remapWorkflowForms,
  stripSchoolPeople,
  templateAssignmentWorkflowId,
  templateDuplicationWorkflowId,
  templateCopyTitle,
  type InstitutionFilter,
  type TemplateAssignmentAction,
} from '../../domain/templates';
import { countWords, isAnswerableType } from '../../form-engine';
import type { FormVersion } from '../../form-engine/form-definition';
import type { Database } from '../../migrations/database';
import type { templateAssignmentWorkflow } from '../../workflows/templates/template-assignment.workflow';
import type { templateDuplicationWorkflow } from '../../workflows/templates/template-duplication.workflow';
import { insertForm } from '../forms/forms.repository';
import { prepareDefinition } from '../forms/prepare-definition';
import { loadPacketForms } from '../packets/packets.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, resultWithin, taskQueueOf } from '../shared/workflow-client';
import { releaseStaleAssignmentJob } from './assignment-job-claims';
import {
  countInstitutions,
  copyTemplateDocument,
  countSchoolsAmong,
  findAssignedTemplate,
  findJob,
  findSourcePacket,
  findTemplate,
  findTemplateWorkflow,
  insertJob,
  insertPacketFromTemplate,
  insertPublishedFirstVersion,
  insertTemplate,
  insertTemplateForm,
  listFormKinds,
  listInstitutions,
  listSourcePacketRows,
  listTemplateForms,
  markJobFailed,
  setArchivedAt,
  type JobRow,
  type TemplateListRow,
} from './templates.repository';

/**
 * The template library: the provider's operators turn a school's packet into a platform-level template (its forms
 * and workflow copied and frozen), duplicate and archive templates, and assign them to schools in batch jobs run by
 * the `template-assignment:<jobId>` workflow; a school's staff see the templates assigned to them and "use" one,
 * which makes an unpublished packet of their own from it.
 */
type Db = Kysely<Database>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toTemplateListItem(row: TemplateListRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    hipaa: row.hipaa,
    formCount: Number(row.form_count ?? 0),
    assignedCount: Number(row.assigned_count ?? 0),
    runningJobId: row.running_job_id ?? null,
    createdAt: row.created_at.toISOString(),
    archivedAt: iso(row.archived_at),
  };
}

async function detailParts(db: Db, templateId: string) {
  const [forms, template] = await Promise.all([
    listTemplateForms(db, templateId),
    findTemplateWorkflow(db, templateId),
  ]);
  return {
    forms: forms.map((f) => ({
      id: f.id,
      name: f.name,
      category: f.category,
      kind: f.kind,
      questionCount: (f.definition.elements ?? []).filter((e) => isAnswerableType(e.type)).length,
      pdfFilename: f.pdf_filename,
    })),
    steps: (template?.workflow.steps ?? []).map((s) => ({
      id: s.id,
      kind: s.kind,
      name: s.name,
      actorCount: s.actors.length,
    })),
  };
}

export async function loadTemplateDetail(db: Db, templateId: string) {
  const row = await findTemplate(db, templateId);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toTemplateListItem(row), ...(await detailParts(db, templateId)) };
}

export async function loadLibraryTemplate(db: Db, schoolId: string, templateId: string) {
  const row = await findAssignedTemplate(db, schoolId, templateId);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toLibraryItem(row), ...(await detailParts(db, templateId)) };
}

/** A library row with its forms and steps, for the school's cards. */
export async function withLibraryParts(db: Db, row: TemplateListRow & { assigned_at: Date }) {
  return { ...toLibraryItem(row), ...(await detailParts(db, row.id)) };
}

export function toLibraryItem(row: TemplateListRow & { assigned_at: Date }) {
  // A school sees its own template, not how many other schools have it or the provider's jobs.
  return {
    ...toTemplateListItem(row),
    assignedCount: 1,
    runningJobId: null,
    assignedAt: row.assigned_at.toISOString(),
  };
}

function checkTemplateText(title: string, description: string): void {
  if (!title.trim()) throw new AppError('MANDATORY_FIELD', [{ field: 'title', message: 'Enter a title.' }]);
  if (countWords(title) > PACKET_LIMITS.nameMaxWords)
    throw new AppError('PACKET_NAME_TOO_LONG', [{ field: 'title', message: 'Title max 20 words.' }]);
  if (countWords(description) > PACKET_LIMITS.descriptionMaxWords)
    throw new AppError('PACKET_DESCRIPTION_TOO_LONG', [{ field: 'description', message: 'Description max 50 words.' }]);
}

/** Packets of one school an operator may turn into a template (not archived, with at least one form). */
export async function listSourcePackets(db: Db, schoolId: string, q?: string) {
  const rows = await listSourcePacketRows(db, schoolId, q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      status: r.status,
      formCount: r.form_ids.length,
    })),
  };
}

/**
 * Copies a school's packet into a new template: each form's current definition (the published version, else the
 * newest) and an imported form's PDF, and the workflow with its question refs moved to the template's form ids and
 * the school's named people taken out. `operator` is the provider operator (templates are the provider's).
 */
export async function createTemplateFromPacket(
  deps: Pick<CoreDeps, 'db'>,
  operator: Actor,
  input: { schoolId: string; packetId: string; title?: string; description?: string },
) {
  const { db } = deps;
  const packet = await findSourcePacket(db, input.schoolId, input.packetId);
  if (!packet || packet.archived_at)
    throw new AppError('NOT_FOUND', [{ field: 'packetId', message: 'Packet not found.' }]);
  const title = (input.title ?? packet.name).trim();
  const description = (input.description ?? packet.description).trim();
  checkTemplateText(title, description);
  const forms = await loadPacketForms(db, input.schoolId, packet.form_ids);
  if (forms.length === 0 || forms.length !== packet.form_ids.length) {
    throw new AppError('TEMPLATE_CREATE_FAILED', [
      { field: 'packetId', message: 'Every form of the packet must still exist, and it needs at least one.' },
    ]);
  }
  const formIds = new Map(forms.map((f) => [f.formId, randomUUID()]));
  const workflow = stripSchoolPeople(remapWorkflowForms(packet.workflow, formIds));
  const templateId = await db.transaction().execute(async (trx) => {
    const id = await insertTemplate(trx, {
      title,
      description,
      hipaa: packet.hipaa,
      workflow,
      sourceSchoolId: input.schoolId,
      sourcePacketId: packet.id,
      createdBy: operator.userId,
    });
    const kinds = await listFormKinds(trx, input.schoolId, [...formIds.keys()]);
    for (const [position, form] of forms.entries()) {
      const meta = kinds.find((k) => k.id === form.formId)!;
      await insertTemplateForm(
        trx,
        {
          id: formIds.get(form.formId)!,
          templateId: id,
          position,
          name: form.name,
          category: meta.category,
          kind: meta.kind,
          definition: form.definition,
        },
        { schoolId: input.schoolId, formId: form.formId },
      );
    }
    return id;
  });
  await auditBy(db, operator, {
    action: 'template.created',
    targetType: 'template',
    targetId: templateId,
    details: { title, sourceSchoolId: input.schoolId, sourcePacketId: packet.id, forms: forms.length },
  });
  // The source school's own log shows that its packet was copied out.
  await auditBy(db, operator, {
    schoolId: input.schoolId,
    action: 'packet.copied_to_template',
    targetType: 'packet',
    targetId: packet.id,
    details: { templateId, title },
  });
  return loadTemplateDetail(db, templateId);
}

/**
 * A copy with its own forms (PDFs included), never assigned to anyone yet, made by the template duplication
 * workflow. The request waits for it (a template holds at most five forms, so the copy takes moments) and answers
 * with the copy; should it take longer, it answers 202 with the copy's id and the copy appears in the list when done.
 */
export async function duplicateTemplate(
  deps: CoreDeps,
  operator: Actor,
  templateId: string,
): Promise<
  { status: 201; body: Awaited<ReturnType<typeof loadTemplateDetail>> } | { status: 202; body: { id: string } }
> {
  const { db } = deps;
  const source = await findTemplateWorkflow(db, templateId);
  if (!source) throw new AppError('NOT_FOUND');
  const temporal = requireTemporal(deps);
  const copyId = randomUUID();
  const handle = await temporal.workflow.start<typeof templateDuplicationWorkflow>('templateDuplicationWorkflow', {
    workflowId: templateDuplicationWorkflowId(copyId),
    taskQueue: taskQueueOf(deps),
    args: [{ sourceTemplateId: templateId, copyId, requestedBy: operator.userId, providerSchoolId: operator.schoolId }],
  });
  await auditBy(db, operator, {
    action: 'template.duplicated',
    targetType: 'template',
    targetId: copyId,
    details: { sourceTemplateId: templateId, title: templateCopyTitle(source.title) },
  });
  const copied = await resultWithin(
    handle.result().catch((err: unknown) => {
      deps.log?.error({ err, copyId }, 'The template duplication workflow failed');
      throw new AppError('WORKFLOW_UNAVAILABLE');
    }),
    DUPLICATE_WAIT_MS,
  );
  if (copied === 'pending') return { status: 202, body: { id: copyId } };
  if (!copied) throw new AppError('NOT_FOUND');
  return { status: 201, body: await loadTemplateDetail(db, copyId) };
}

const DUPLICATE_WAIT_MS = 10_000;

/** Archive hides the template from every school's library (assignments are kept). */
export function archiveTemplate(deps: Pick<CoreDeps, 'db'>, operator: Actor, templateId: string) {
  return setTemplateArchived(deps.db, operator, templateId, true);
}

/** Unarchive brings an archived template back to the libraries of the schools it is assigned to. */
export function unarchiveTemplate(deps: Pick<CoreDeps, 'db'>, operator: Actor, templateId: string) {
  return setTemplateArchived(deps.db, operator, templateId, false);
}

async function setTemplateArchived(db: Db, operator: Actor, templateId: string, archived: boolean) {
  const row = await setArchivedAt(db, templateId, archived);
  if (!row) throw new AppError('NOT_FOUND');
  await auditBy(db, operator, {
    action: archived ? 'template.archived' : 'template.unarchived',
    targetType: 'template',
    targetId: templateId,
  });
  return loadTemplateDetail(db, templateId);
}

export function toAssignmentJob(row: JobRow) {
  const selection = row.selection as { schoolIds?: string[]; filter?: InstitutionFilter };
  return {
    id: row.id,
    templateId: row.template_id,
    templateTitle: row.template_title,
    action: row.action,
    selection: selection.schoolIds
      ? `${selection.schoolIds.length} selected institution${selection.schoolIds.length === 1 ? '' : 's'}`
      : describeInstitutionFilter(selection.filter ?? {}),
    workflowId: row.workflow_id,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    percent: jobPercent({ ...row, finished: row.status !== 'RUNNING' }),
    createdAt: row.created_at.toISOString(),
    completedAt: iso(row.completed_at),
  };
}

export async function loadAssignmentJob(db: Db, jobId: string) {
  const row = await findJob(db, jobId);
  if (!row) throw new AppError('NOT_FOUND');
  return toAssignmentJob(row);
}

async function checkSelection(
  db: Db,
  templateId: string,
  action: TemplateAssignmentAction,
  body: { schoolIds?: string[]; filter?: InstitutionFilter },
): Promise<{ schoolIds: string[] } | { filter: InstitutionFilter }> {
  if ((body.schoolIds === undefined) === (body.filter === undefined)) {
    throw new AppError('TEMPLATE_NO_INSTITUTIONS', [
      { message: 'Send either the institutions by id or a filter, not both.' },
    ]);
  }
  if (body.schoolIds) {
    const ids = [...new Set(body.schoolIds)];
    if (ids.length === 0) throw new AppError('TEMPLATE_NO_INSTITUTIONS');
    if ((await countSchoolsAmong(db, ids)) !== ids.length)
      throw new AppError('NOT_FOUND', [{ field: 'schoolIds', message: 'Unknown institution.' }]);
    return { schoolIds: ids };
  }
  const filter = normalizeInstitutionFilter(body.filter ?? {});
  const count =
    action === 'ASSIGN'
      ? await countInstitutions(db, filter)
      : (await listInstitutions(db, templateId, { ...filter, assigned: true }, { limit: 1, offset: 0 })).total;
  if (count === 0) throw new AppError('TEMPLATE_NO_INSTITUTIONS', [{ message: 'No institution matches the filter.' }]);
  return { filter };
}

/**
 * Starts an assignment (or un-assignment) job: the job row first (the record the UI polls), then its workflow.
 * One job per template runs at a time.
 */
export async function startAssignmentJob(
  deps: CoreDeps,
  operator: Actor,
  templateId: string,
  action: TemplateAssignmentAction,
  body: { schoolIds?: string[]; filter?: InstitutionFilter },
) {
  const { db } = deps;
  const temporal = requireTemporal(deps);
  const template = await findTemplateWorkflow(db, templateId);
  if (!template) throw new AppError('NOT_FOUND');
  if (action === 'ASSIGN' && template.archived_at) throw new AppError('TEMPLATE_ARCHIVED');
  const selection = await checkSelection(db, templateId, action, body);
  const jobId = randomUUID();
  const workflowId = templateAssignmentWorkflowId(jobId);
  const job = { id: jobId, templateId, action, selection, workflowId, requestedBy: operator.userId };
  try {
    await insertJob(db, job);
  } catch (err) {
    if ((err as { code?: unknown }).code !== '23505') throw err;
    // The running job may be a claim whose request died before starting its workflow (issue 36).
    if (!(await releaseStaleAssignmentJob(db, temporal, templateId))) throw new AppError('TEMPLATE_ASSIGNMENT_RUNNING');
    try {
      await insertJob(db, job);
    } catch (again) {
      if ((again as { code?: unknown }).code === '23505') throw new AppError('TEMPLATE_ASSIGNMENT_RUNNING');
      throw again;
    }
  }
  try {
    await temporal.workflow.start<typeof templateAssignmentWorkflow>('templateAssignmentWorkflow', {
      workflowId,
      taskQueue: taskQueueOf(deps),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [{ jobId, templateId, action, providerSchoolId: operator.schoolId }],
    });
  } catch (err) {
    deps.log?.error({ err, jobId }, 'Could not start the template assignment workflow');
    await markJobFailed(db, jobId);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await auditBy(db, operator, {
    action: action === 'ASSIGN' ? 'template.assignment_started' : 'template.unassignment_started',
    targetType: 'template',
    targetId: templateId,
    details: { jobId, selection },
  });
  return loadAssignmentJob(db, jobId);
}

/**
 * "Use template": a new unpublished packet in the caller's school with copies of the template's forms (published,
 * as they were in the template; a PDF import keeps its document) and its workflow pointed at the new forms.
 */
export async function useTemplate(
  deps: Pick<CoreDeps, 'db'>,
  actor: Actor,
  input: { templateId: string; name?: string | undefined },
) {
  const { db } = deps;
  const { templateId, name } = input;
  const schoolId = actor.schoolId;
  const assigned = await findAssignedTemplate(db, schoolId, templateId);
  if (!assigned) throw new AppError('NOT_FOUND');
  const template = (await findTemplateWorkflow(db, templateId))!;
  const packetName = (name ?? template.title).trim();
  if (!packetName) throw new AppError('PACKET_NAME_OR_DESCRIPTION_EMPTY');
  if (countWords(packetName) > PACKET_LIMITS.nameMaxWords) throw new AppError('PACKET_NAME_TOO_LONG');
  const forms = await listTemplateForms(db, templateId);
  const formIds = new Map(forms.map((f) => [f.id, randomUUID()]));
  const workflow: PacketWorkflowDefinition = remapWorkflowForms(template.workflow, formIds);
  const versions: Array<{ formId: string; version: FormVersion }> = [];
  const packetId = await db.transaction().execute(async (trx) => {
    for (const form of forms) {
      const formId = formIds.get(form.id)!;
      const versionId = randomUUID();
      await insertForm(trx, schoolId, {
        id: formId,
        name: form.name,
        category: form.category,
        kind: form.kind,
        createdBy: actor.userId,
      });
      const document = form.pdf_filename ? await copyTemplateDocument(trx, schoolId, form.id, formId) : undefined;
      const definition = prepareDefinition(form.definition as unknown as Record<string, unknown>, {
        versionId,
        formId,
        version: 1,
        kind: form.kind,
        name: form.name,
        document: document ? { id: document.id, filename: document.filename, sizeBytes: document.size_bytes } : null,
      });
      versions.push({ formId, version: definition });
      await insertPublishedFirstVersion(trx, schoolId, { id: versionId, formId, definition });
    }
    const newPacketId = await insertPacketFromTemplate(trx, schoolId, {
      name: packetName,
      description: template.description,
      ownerId: actor.userId,
      formIds: forms.map((f) => formIds.get(f.id)!),
      workflow,
      hipaa: template.hipaa,
    });
    await auditBy(trx, actor, {
      action: 'template.used',
      targetType: 'template',
      targetId: templateId,
      details: { packetId: newPacketId },
    });
    await auditBy(trx, actor, {
      action: 'packet.created',
      targetType: 'packet',
      targetId: newPacketId,
      details: { fromTemplateId: templateId },
    });
    return newPacketId;
  });
  return { packetId, name: packetName, problemCount: checkPacketWorkflow(workflow, versions).length };
}

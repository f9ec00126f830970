import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../domain/errors';
import { assertDefinitionValid, assertEditable } from '../../form-engine';
import type { Database, FormPurpose, FormTemplateKind } from '../../migrations/database';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  archiveForm,
  findDocumentInfo,
  findForm,
  findFormVersion,
  insertForm,
  insertFormVersion,
  listVersionSummaries,
  lockForm,
  updateFormFields,
  updateVersionDefinition,
  type FormListRecord,
} from './forms.repository';
import type { FormDetail, FormListItem } from './forms.schemas';
import { emptyDefinition, isFrozen, prepareDefinition } from './prepare-definition';

type Db = Kysely<Database> | Transaction<Database>;

export function toFormListItem(row: FormListRecord): FormListItem {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    kind: row.kind,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    latestVersion: row.latestVersion,
    status: row.status,
    elementCount: row.elementCount,
  };
}

/** A category is free text; blank means none. */
export function normalizeCategory(category: string | null | undefined): string | null | undefined {
  if (category === undefined || category === null) return category;
  const trimmed = category.trim();
  return trimmed === '' ? null : trimmed;
}

/** The form with its newest version, its version history and its document; null when absent or archived. */
export async function loadFormDetail(db: Db, schoolId: string, formId: string): Promise<FormDetail | null> {
  const [form, version, versions, document] = await Promise.all([
    findForm(db, schoolId, formId),
    findFormVersion(db, schoolId, formId),
    listVersionSummaries(db, schoolId, formId),
    findDocumentInfo(db, schoolId, formId),
  ]);
  if (!form || !version) return null;
  return {
    id: form.id,
    name: form.name,
    category: form.category,
    kind: form.kind,
    purpose: form.purpose,
    createdBy: form.createdByName,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
    frozen: isFrozen(version),
    document: document
      ? { filename: document.filename, sizeBytes: document.sizeBytes, pageCount: document.pageCount }
      : null,
    version: {
      id: version.id,
      version: version.version,
      status: version.status,
      publishedAt: version.publishedAt?.toISOString() ?? null,
      hasAnswers: version.hasAnswers,
      definition: version.definition,
    },
    versions: versions.map((v) => ({
      version: v.version,
      status: v.status,
      publishedAt: v.publishedAt?.toISOString() ?? null,
    })),
  };
}

export async function requireFormDetail(db: Db, schoolId: string, formId: string): Promise<FormDetail> {
  const detail = await loadFormDetail(db, schoolId, formId);
  if (!detail) throw new AppError('NOT_FOUND');
  return detail;
}

/** Runs `work` with the form locked; a form that does not exist here (or is archived) is NOT_FOUND. */
export async function withLockedForm<T>(
  db: Kysely<Database>,
  schoolId: string,
  formId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockForm(trx, schoolId, formId))) throw new AppError('NOT_FOUND');
    return work(trx);
  });
}

export async function createForm(
  core: CoreDeps,
  actor: Actor,
  body: { name: string; category?: string | null; kind: FormTemplateKind; definition?: Record<string, unknown> },
  purpose: FormPurpose = 'PAPERWORK',
): Promise<FormDetail> {
  const { db } = core;
  const schoolId = actor.schoolId;
  const formId = randomUUID();
  const versionId = randomUUID();
  const definition = prepareDefinition(body.definition ?? emptyDefinition(), {
    versionId,
    formId,
    version: 1,
    kind: body.kind,
    name: body.name,
    document: null,
  });
  assertDefinitionValid(definition);
  await db.transaction().execute(async (trx) => {
    await insertForm(trx, schoolId, {
      id: formId,
      name: definition.name,
      category: normalizeCategory(body.category) ?? null,
      kind: body.kind,
      createdBy: actor.userId,
      purpose,
    });
    await insertFormVersion(trx, schoolId, { id: versionId, formId, version: 1, definition });
    await auditBy(trx, actor, {
      action: 'form.created',
      targetType: 'form',
      targetId: formId,
      details: { name: definition.name, kind: body.kind, purpose, elements: definition.elements.length },
    });
  });
  return requireFormDetail(db, schoolId, formId);
}

/**
 * Saves the builder's work on the newest version. The definition must pass every rule of the engine; a frozen
 * version (published or answered) takes only minor edits, anything structural is FORM_FROZEN ("clone it").
 */
export async function updateForm(
  core: CoreDeps,
  actor: Actor,
  formId: string,
  body: { name?: string; category?: string | null; definition?: Record<string, unknown> },
): Promise<FormDetail> {
  const { db } = core;
  const schoolId = actor.schoolId;
  await withLockedForm(db, schoolId, formId, async (trx) => {
    const [form, current, document] = await Promise.all([
      findForm(trx, schoolId, formId),
      findFormVersion(trx, schoolId, formId),
      findDocumentInfo(trx, schoolId, formId),
    ]);
    if (!form || !current) throw new AppError('NOT_FOUND');
    const next = prepareDefinition(body.definition ?? (current.definition as unknown as Record<string, unknown>), {
      versionId: current.id,
      formId,
      version: current.version,
      kind: form.kind,
      ...(body.name !== undefined ? { name: body.name } : {}),
      document,
    });
    assertDefinitionValid(next);
    const diff = assertEditable(isFrozen(current), current.definition, next);
    if (diff.changes.length > 0) await updateVersionDefinition(trx, schoolId, current.id, next);
    const category = normalizeCategory(body.category);
    await updateFormFields(trx, schoolId, formId, {
      name: next.name,
      ...(category !== undefined ? { category } : {}),
    });
    await auditBy(trx, actor, {
      action: 'form.updated',
      targetType: 'form',
      targetId: formId,
      details: {
        version: current.version,
        changes: diff.changes.length,
        structural: diff.hasStructuralChanges,
        ...(category !== undefined && category !== form.category ? { category } : {}),
      },
    });
  });
  return requireFormDetail(db, schoolId, formId);
}

export async function archiveFormTemplate(core: CoreDeps, actor: Actor, formId: string): Promise<void> {
  const { db } = core;
  const schoolId = actor.schoolId;
  await db.transaction().execute(async (trx) => {
    if (!(await archiveForm(trx, schoolId, formId))) throw new AppError('NOT_FOUND');
    await auditBy(trx, actor, {
      action: 'form.archived',
      targetType: 'form',
      targetId: formId,
    });
  });
}

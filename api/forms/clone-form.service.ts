import { randomUUID } from 'node:crypto';
import { AppError } from '../../domain/errors';
import { assertDefinitionValid, FORM_LIMITS } from '../../form-engine';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  copyDocument,
  findDocumentInfo,
  findForm,
  findFormVersion,
  insertForm,
  insertFormVersion,
} from './forms.repository';
import type { FormDetail } from './forms.schemas';
import { requireFormDetail } from './forms.service';
import { prepareDefinition } from './prepare-definition';

const COPY_SUFFIX = '(copy)';

/** "<name> (copy)", shortened so the default never breaks the 20-word rule that the original respected. */
export function copyName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const kept = words.slice(0, FORM_LIMITS.formNameMaxWords - 1);
  return [...kept, COPY_SUFFIX].join(' ');
}

/**
 * A new form (draft, version 1) with the newest definition of the source: the way to change the structure of a
 * published or answered form. Element ids are kept (they only need to be unique within a form), so conditions
 * carry over unchanged; a PDF import's document is copied with it.
 */
export async function cloneForm(core: CoreDeps, actor: Actor, sourceId: string, name?: string): Promise<FormDetail> {
  const { db } = core;
  const schoolId = actor.schoolId;
  const [source, sourceVersion] = await Promise.all([
    findForm(db, schoolId, sourceId),
    findFormVersion(db, schoolId, sourceId),
  ]);
  if (!source || !sourceVersion) throw new AppError('NOT_FOUND');
  const formId = randomUUID();
  const versionId = randomUUID();
  const cloneName = (name ?? copyName(source.name)).trim();
  await db.transaction().execute(async (trx) => {
    await insertForm(trx, schoolId, {
      id: formId,
      name: cloneName,
      category: source.category,
      kind: source.kind,
      createdBy: actor.userId,
      // A copy of a recruiting template is a recruiting template.
      purpose: source.purpose,
    });
    await copyDocument(trx, schoolId, sourceId, formId);
    const definition = prepareDefinition(sourceVersion.definition as unknown as Record<string, unknown>, {
      versionId,
      formId,
      version: 1,
      kind: source.kind,
      name: cloneName,
      document: await findDocumentInfo(trx, schoolId, formId),
    });
    assertDefinitionValid(definition);
    await insertFormVersion(trx, schoolId, { id: versionId, formId, version: 1, definition });
    await auditBy(trx, actor, {
      action: 'form.cloned',
      targetType: 'form',
      targetId: formId,
      details: { sourceFormId: sourceId, sourceVersion: sourceVersion.version, name: definition.name },
    });
  });
  return requireFormDetail(db, schoolId, formId);
}

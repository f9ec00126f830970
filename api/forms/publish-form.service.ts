import { AppError } from '../../domain/errors';
import { assertDefinitionValid } from '../../form-engine';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { findDocumentInfo, findForm, findFormVersion, markVersionPublished } from './forms.repository';
import type { FormDetail } from './forms.schemas';
import { requireFormDetail, withLockedForm } from './forms.service';

/**
 * Publishes the newest version: it is checked once more against every rule (rules may have tightened since it was
 * saved) and frozen from then on. Publishing a published version changes nothing.
 */
export async function publishForm(core: CoreDeps, actor: Actor, formId: string): Promise<FormDetail> {
  const { db } = core;
  const schoolId = actor.schoolId;
  await withLockedForm(db, schoolId, formId, async (trx) => {
    const [form, version, document] = await Promise.all([
      findForm(trx, schoolId, formId),
      findFormVersion(trx, schoolId, formId),
      findDocumentInfo(trx, schoolId, formId),
    ]);
    if (!form || !version) throw new AppError('NOT_FOUND');
    if (version.status === 'PUBLISHED') return;
    // A PDF import is its document; without one there is nothing to fill in.
    if (form.kind === 'PDF' && !document) {
      throw new AppError('MANDATORY_FIELD', [
        { field: 'document', code: 'MANDATORY_FIELD', message: 'Upload the PDF before publishing this form.' },
      ]);
    }
    assertDefinitionValid(version.definition);
    await markVersionPublished(trx, schoolId, version.id);
    await auditBy(trx, actor, {
      action: 'form.published',
      targetType: 'form',
      targetId: formId,
      details: { version: version.version, versionId: version.id },
    });
  });
  return requireFormDetail(db, schoolId, formId);
}

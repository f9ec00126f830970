import { AppError } from '../../domain/errors';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import {
  findForm,
  findFormVersion,
  updateFormFields,
  updateVersionDefinition,
  upsertDocument,
} from './forms.repository';
import type { FormDetail } from './forms.schemas';
import { requireFormDetail, withLockedForm } from './forms.service';
import { inspectPdf, type PdfUpload } from './pdf-upload';
import { isFrozen, toPdfImportRef } from './prepare-definition';

/** Replacing the document of a published or answered form changes what people sign: that needs a clone. */
function assertDocumentReplaceable(version: { status: string; hasAnswers: boolean }): void {
  if (isFrozen(version)) {
    throw new AppError('FORM_FROZEN', [
      { field: 'document', code: 'FORM_FROZEN', message: 'The document of a published form cannot be replaced.' },
    ]);
  }
}

/**
 * Stores the PDF of a form (PDF import), replacing any earlier one, and points the newest version's `pdfImport`
 * at it. The form is looked up before the upload is read (`readUpload`, the route's multipart reader), so a foreign
 * or unknown id is a plain 404.
 */
export async function storeFormDocument(
  core: CoreDeps,
  actor: Actor,
  formId: string,
  readUpload: () => Promise<PdfUpload>,
): Promise<FormDetail> {
  const { db } = core;
  const schoolId = actor.schoolId;
  const [form, before] = await Promise.all([findForm(db, schoolId, formId), findFormVersion(db, schoolId, formId)]);
  if (!form || !before) throw new AppError('NOT_FOUND');
  assertDocumentReplaceable(before);

  const upload = await readUpload();
  const { pageCount } = await inspectPdf(upload);

  await withLockedForm(db, schoolId, formId, async (trx) => {
    const current = await findFormVersion(trx, schoolId, formId);
    if (!current) throw new AppError('NOT_FOUND');
    assertDocumentReplaceable(current);
    const document = {
      filename: upload.filename,
      sizeBytes: upload.bytes.length,
      pageCount,
      data: upload.bytes,
    };
    const id = await upsertDocument(trx, schoolId, formId, document);
    const next = { ...current.definition, pdfImport: toPdfImportRef({ id, ...document }) };
    await updateVersionDefinition(trx, schoolId, current.id, next);
    await updateFormFields(trx, schoolId, formId, {});
    await auditBy(trx, actor, {
      action: 'form.updated',
      targetType: 'form',
      targetId: formId,
      details: { document: { filename: upload.filename, sizeBytes: upload.bytes.length, pageCount } },
    });
  });
  return requireFormDetail(db, schoolId, formId);
}

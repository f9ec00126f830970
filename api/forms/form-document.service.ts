import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { auditRequest } from '../audit/audit-request';
import { authOf } from '../plugins/authenticate';
import {
  findForm,
  findFormVersion,
  updateFormFields,
  updateVersionDefinition,
  upsertDocument,
} from './forms.repository';
import type { FormDetail } from './forms.schemas';
import { requireFormDetail, withLockedForm } from './forms.service';
import { inspectPdf, readPdfUpload } from './pdf-upload';
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
 * at it. The form is looked up before the upload is read, so a foreign or unknown id is a plain 404.
 */
export async function storeFormDocument(request: FastifyRequest, formId: string): Promise<FormDetail> {
  const { db } = request.server.deps.database;
  const auth = authOf(request);
  const schoolId = auth.school.id;
  const [form, before] = await Promise.all([findForm(db, schoolId, formId), findFormVersion(db, schoolId, formId)]);
  if (!form || !before) throw new AppError('NOT_FOUND');
  assertDocumentReplaceable(before);

  const upload = await readPdfUpload(request);
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
    await auditRequest(
      request,
      {
        action: 'form.updated',
        targetType: 'form',
        targetId: formId,
        details: { document: { filename: upload.filename, sizeBytes: upload.bytes.length, pageCount } },
      },
      trx,
    );
  });
  return requireFormDetail(db, schoolId, formId);
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { FormElement, FormVersion } from '../../form-engine/form-definition';
import type { Database, FormTemplateKind } from '../../migrations/database';

/** A real PDF of `pages` empty pages, made with pdf-lib. */
export async function makePdf(pages = 1): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}

/** A multipart/form-data body with one file, for app.inject (no client library needed). */
export function multipartPayload(
  file: { filename: string; contentType: string; bytes: Uint8Array },
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form-test-${randomUUID()}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\n` +
    `Content-Type: ${file.contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function shortText(id: string, extra: Partial<FormElement> = {}): FormElement {
  return { id, type: 'shortText', dataLabel: `Label ${id}`, label: `Question ${id}`, ...extra } as FormElement;
}

/**
 * A form straight in the database (skips the API): one version with the given elements, optionally published and
 * with a PDF document. Used where a test needs a form of another school.
 */
export async function seedForm(
  db: Kysely<Database>,
  schoolId: string,
  createdBy: string,
  options: {
    name?: string;
    kind?: FormTemplateKind;
    elements?: FormElement[];
    published?: boolean;
    pdf?: boolean;
  } = {},
): Promise<{ formId: string; versionId: string }> {
  const formId = randomUUID();
  const versionId = randomUUID();
  const name = options.name ?? `Seeded form ${formId.slice(0, 8)}`;
  const kind = options.kind ?? 'LONG';
  await db.insertInto('forms').values({ id: formId, school_id: schoolId, name, kind, created_by: createdBy }).execute();
  let pdfImport: FormVersion['pdfImport'];
  if (options.pdf) {
    const bytes = await makePdf();
    const doc = await db
      .insertInto('form_documents')
      .values({
        school_id: schoolId,
        form_id: formId,
        filename: 'seeded.pdf',
        size_bytes: bytes.length,
        page_count: 1,
        data: bytes,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    pdfImport = { fileId: doc.id, name: 'seeded.pdf', size: bytes.length, contentType: 'application/pdf' };
  }
  const definition: FormVersion = {
    id: versionId,
    formId,
    version: 1,
    name,
    kind: kind === 'SHORT' ? 'short' : 'long',
    elements: options.elements ?? [shortText('q1', { required: true } as Partial<FormElement>)],
    conditions: [],
    ...(pdfImport ? { pdfImport } : {}),
  };
  await db
    .insertInto('form_versions')
    .values({
      id: versionId,
      school_id: schoolId,
      form_id: formId,
      version: 1,
      definition: JSON.stringify(definition),
      ...(options.published ? { status: 'PUBLISHED' as const, published_at: new Date() } : {}),
    })
    .execute();
  return { formId, versionId };
}

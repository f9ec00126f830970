import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, multipartPayload } from '../test-support/forms';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
});
afterAll(async () => t.close());

async function createPdfForm(name = 'Physical exam') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/forms',
    headers: { cookie: admin },
    payload: { name, kind: 'PDF' },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

function upload(formId: string, file: { filename: string; contentType: string; bytes: Uint8Array }) {
  const { payload, headers } = multipartPayload(file);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/forms/${formId}/document`,
    headers: { ...headers, cookie: admin },
    payload,
  });
}

describe('PDF import', () => {
  it('stores a PDF, counts its pages, references it in the definition and serves it back', async () => {
    const form = await createPdfForm();
    const pdf = await makePdf(3);
    const res = await upload(form.id, { filename: 'Physical exam.pdf', contentType: 'application/pdf', bytes: pdf });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.document).toEqual({ filename: 'Physical exam.pdf', sizeBytes: pdf.length, pageCount: 3 });
    expect(detail.version.definition.pdfImport).toEqual({
      fileId: expect.any(String),
      name: 'Physical exam.pdf',
      size: pdf.length,
      contentType: 'application/pdf',
    });

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/forms/${form.id}/document`,
      headers: { cookie: admin },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Physical exam.pdf"; filename*=UTF-8''Physical%20exam.pdf`,
    );
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);

    // A new upload replaces the document; the client cannot forge pdfImport through the definition.
    const second = await makePdf(1);
    const replaced = await upload(form.id, {
      filename: 'v2.pdf',
      contentType: 'application/octet-stream',
      bytes: second,
    });
    expect(replaced.json().document).toEqual({ filename: 'v2.pdf', sizeBytes: second.length, pageCount: 1 });
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/forms/${form.id}`,
      headers: { cookie: admin },
      payload: {
        definition: { ...replaced.json().version.definition, pdfImport: { fileId: 'x', name: 'x.pdf', size: 1 } },
      },
    });
    expect(forged.json().version.definition.pdfImport).toEqual(replaced.json().version.definition.pdfImport);
  });

  it('publishes a PDF form only once it has its document; then the document is frozen', async () => {
    const form = await createPdfForm('Needs a document');
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${form.id}/publish`,
      headers: { cookie: admin },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: 'MANDATORY_FIELD', details: [{ field: 'document' }] });
    await upload(form.id, { filename: 'doc.pdf', contentType: 'application/pdf', bytes: await makePdf() });
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${form.id}/publish`,
      headers: { cookie: admin },
    });
    expect(published.statusCode).toBe(200);
    const again = await upload(form.id, {
      filename: 'doc.pdf',
      contentType: 'application/pdf',
      bytes: await makePdf(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('FORM_FROZEN');

    // The clone carries a copy of the document and can take a new one.
    const clone = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${form.id}/clone`,
      headers: { cookie: admin },
    });
    expect(clone.json().document).toEqual(published.json().document);
    expect(clone.json().version.definition.pdfImport.fileId).not.toBe(
      published.json().version.definition.pdfImport.fileId,
    );
    const copyFile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/forms/${clone.json().id}/document`,
      headers: { cookie: admin },
    });
    expect(copyFile.headers['content-type']).toBe('application/pdf');
  });

  it('refuses a file over 20 MB with FILE_TOO_LARGE', async () => {
    const form = await createPdfForm();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7\n');
    const res = await upload(form.id, { filename: 'big.pdf', contentType: 'application/pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'File too large.' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/forms/${form.id}/document`, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses what is not a PDF: PNG bytes named .pdf, or a .png name', async () => {
    const form = await createPdfForm();
    const renamed = await upload(form.id, { filename: 'scan.pdf', contentType: 'application/pdf', bytes: PNG });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'This file type is not allowed.',
    });
    const png = await upload(form.id, { filename: 'scan.png', contentType: 'image/png', bytes: PNG });
    expect(png.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const lying = await upload(form.id, { filename: 'doc.pdf', contentType: 'image/png', bytes: await makePdf() });
    expect(lying.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses a damaged PDF without a server error', async () => {
    const form = await createPdfForm();
    const res = await upload(form.id, {
      filename: 'broken.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('UPLOAD_FAILED');
  });

  it('refuses a request that is not a multipart upload, or carries no file', async () => {
    const form = await createPdfForm();
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/forms/${form.id}/document`,
      headers: { cookie: admin },
      payload: { file: 'x' },
    });
    // A body the route does not read is refused before it is parsed, as the document says (415).
    expect(json.statusCode).toBe(415);
    expect(json.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const boundary = 'empty-boundary';
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/forms/${form.id}/document`,
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('UPLOAD_FAILED');
  });
});

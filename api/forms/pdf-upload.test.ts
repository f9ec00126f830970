import { describe, expect, it } from 'vitest';
import { makePdf } from '../test-support/forms';
import { cleanFilename, inlineDisposition, inspectPdf } from './pdf-upload';

describe('cleanFilename', () => {
  it('keeps the base name only, without control characters', () => {
    expect(cleanFilename('C:\\Users\\me\\exam.pdf')).toBe('exam.pdf');
    expect(cleanFilename('../../etc/exam.pdf')).toBe('exam.pdf');
    expect(cleanFilename('ex\u0000am\n.pdf')).toBe('exam.pdf');
  });

  it('shortens long names to 255 characters keeping the extension', () => {
    const name = cleanFilename(`${'a'.repeat(400)}.pdf`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('inlineDisposition', () => {
  it('gives an ASCII fallback and the exact name in RFC 5987 form', () => {
    expect(inlineDisposition('Exam "2026".pdf')).toBe(
      `inline; filename="Exam _2026_.pdf"; filename*=UTF-8''Exam%20%222026%22.pdf`,
    );
    expect(inlineDisposition("Zoë's (form).pdf")).toBe(
      `inline; filename="Zo_'s (form).pdf"; filename*=UTF-8''Zo%C3%AB%27s%20%28form%29.pdf`,
    );
  });
});

describe('inspectPdf', () => {
  it('counts the pages of a real PDF', async () => {
    const bytes = await makePdf(2);
    await expect(inspectPdf({ filename: 'a.pdf', contentType: 'application/pdf', bytes })).resolves.toEqual({
      pageCount: 2,
    });
  });

  it('refuses wrong names, wrong bytes and damaged files with catalogue codes', async () => {
    const pdf = await makePdf();
    await expect(inspectPdf({ filename: 'a.txt', contentType: 'text/plain', bytes: pdf })).rejects.toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
    });
    await expect(
      inspectPdf({ filename: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.from('GIF89a...') }),
    ).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
    await expect(
      inspectPdf({ filename: 'a.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 garbage') }),
    ).rejects.toMatchObject({ code: 'UPLOAD_FAILED' });
  });
});

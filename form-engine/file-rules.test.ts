import { describe, expect, it } from 'vitest';
import { checkUpload, detectFileKind, getFileExtension, matchesFileSignature } from './file-rules';
import { ALLOWED_FILE_EXTENSIONS } from './limits';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, contentType?: string) => ({
  name,
  size,
  ...(contentType ? { contentType } : {}),
});

describe('upload rules', () => {
  it('allows every type of the spec and nothing else', () => {
    expect(ALLOWED_FILE_EXTENSIONS).toEqual([
      'gif',
      'jpeg',
      'jpg',
      'png',
      'pdf',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'csv',
      'zip',
      'ppt',
      'pptx',
    ]);
    for (const extension of ALLOWED_FILE_EXTENSIONS)
      expect(checkUpload([file(`a.${extension}`)], { purpose: 'attachment' })).toEqual([]);
    for (const name of ['a.exe', 'a.svg', 'a.html', 'noextension', 'a.', '.pdf']) {
      expect(checkUpload([file(name)], { purpose: 'attachment' })[0]?.code, name).toBe('FILE_TYPE_NOT_ALLOWED');
    }
  });

  it('reads extensions case-insensitively', () => {
    expect(getFileExtension('Scan.PDF')).toBe('pdf');
    expect(checkUpload([file('Scan.PDF')], { purpose: 'attachment' })).toEqual([]);
  });

  it('allows at most 5 files per upload', () => {
    const five = Array.from({ length: 5 }, (_, i) => file(`f${i}.pdf`));
    expect(checkUpload(five, { purpose: 'attachment' })).toEqual([]);
    expect(checkUpload([...five, file('f5.pdf')], { purpose: 'attachment' })).toEqual([
      { index: -1, code: 'TOO_MANY_FILES', message: 'Max 5 files.' },
    ]);
    expect(checkUpload(five, { purpose: 'attachment', maxFiles: 10 })[0]).toBeUndefined();
    expect(checkUpload([...five, file('x.pdf')], { purpose: 'attachment', maxFiles: 10 })[0]?.code).toBe(
      'TOO_MANY_FILES',
    );
  });

  it('caps images and PDF imports at 20 MB, one file each', () => {
    expect(checkUpload([file('a.png', 20 * MB)], { purpose: 'image' })).toEqual([]);
    expect(checkUpload([file('a.png', 20 * MB + 1)], { purpose: 'image' })[0]?.code).toBe('FILE_TOO_LARGE');
    expect(checkUpload([file('a.pdf', 20 * MB + 1)], { purpose: 'pdfImport' })[0]?.code).toBe('FILE_TOO_LARGE');
    expect(checkUpload([file('a.pdf')], { purpose: 'image' })[0]?.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(checkUpload([file('a.docx')], { purpose: 'pdfImport' })[0]?.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(checkUpload([file('a.pdf'), file('b.pdf')], { purpose: 'pdfImport' })[0]).toMatchObject({
      code: 'TOO_MANY_FILES',
      message: 'Max 1 file.',
    });
  });

  it('honours an element subset of types', () => {
    expect(checkUpload([file('a.png')], { purpose: 'attachment', allowedTypes: ['pdf'] })[0]?.code).toBe(
      'FILE_TYPE_NOT_ALLOWED',
    );
  });

  it('checks a declared content type against the extension, allowing generic binary', () => {
    expect(checkUpload([file('a.pdf', 10, 'application/pdf')], { purpose: 'attachment' })).toEqual([]);
    expect(checkUpload([file('a.pdf', 10, 'application/octet-stream')], { purpose: 'attachment' })).toEqual([]);
    expect(checkUpload([file('a.csv', 10, 'text/csv; charset=utf-8')], { purpose: 'attachment' })).toEqual([]);
    expect(checkUpload([file('a.pdf', 10, 'text/html')], { purpose: 'attachment' })[0]?.code).toBe(
      'FILE_TYPE_NOT_ALLOWED',
    );
  });

  it('recognises files by their first bytes', () => {
    const bytes = (...values: number[]) => new Uint8Array(values);
    expect(detectFileKind(bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31))).toBe('pdf');
    expect(detectFileKind(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(detectFileKind(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(detectFileKind(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBe('gif');
    expect(detectFileKind(bytes(0x50, 0x4b, 0x03, 0x04))).toBe('zip');
    expect(detectFileKind(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole');
    expect(detectFileKind(new TextEncoder().encode('a,b\n1,2\n'))).toBe('text');
    expect(detectFileKind(bytes(0x4d, 0x5a, 0x00, 0x00))).toBeNull();
    expect(matchesFileSignature('report.docx', bytes(0x50, 0x4b, 0x03, 0x04))).toBe(true);
    expect(matchesFileSignature('report.pdf', bytes(0x4d, 0x5a, 0x00))).toBe(false);
    expect(matchesFileSignature('run.exe', bytes(0x4d, 0x5a, 0x00))).toBe(false);
  });
});

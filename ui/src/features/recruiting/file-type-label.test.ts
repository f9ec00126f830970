import { describe, expect, it } from 'vitest';
import { fileTypeLabel } from './file-type-label';

describe('fileTypeLabel', () => {
  it('names a stored type in words, never the raw content type', () => {
    expect(fileTypeLabel('application/pdf', 'transcript.pdf')).toBe('PDF');
    expect(
      fileTypeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'letter.docx'),
    ).toBe('Word');
    expect(fileTypeLabel('image/jpeg; charset=binary', 'photo.jpg')).toBe('JPEG image');
  });

  it('falls back to the extension, then to "File"', () => {
    expect(fileTypeLabel('application/octet-stream', 'schedule.xlsx')).toBe('XLSX');
    expect(fileTypeLabel('application/octet-stream', 'noextension')).toBe('File');
  });
});

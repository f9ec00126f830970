import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { declaredDimensionXlsx, zipBombXlsx } from './fixtures/make-hostile-fixtures';
import { parseSpreadsheet } from './parse-spreadsheet';
import { readSpreadsheet } from './read-spreadsheet';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xlsx`, import.meta.url));

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('parseSpreadsheet', () => {
  // Walking the declared range took 250–300 s; reading the cells present takes milliseconds. The timeout is the
  // check (a wall-clock assertion would fail on a busy machine, not on the fault).
  it('reads the cells a sheet holds, not the range it declares (A1:GR1048576)', () => {
    const sheet = parseSpreadsheet('xlsx', fixture('declared-dimension'));
    expect(sheet.headers).toHaveLength(200);
    expect(sheet.rows).toEqual([{ row: 2, cells: ['Jordan', ...Array<string>(199).fill('')] }]);
  }, 20_000);

  it('stops a zip bomb at the unpacked limit, even when its sizes are declared small', () => {
    expect(codeOf(() => parseSpreadsheet('xlsx', fixture('zip-bomb')))).toBe('UPLOAD_TOO_LARGE_UNPACKED');
    const lying = Buffer.from(zipBombXlsx());
    const end = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    for (let at = lying.readUInt32LE(end + 16); at < end;) {
      lying.writeUInt32LE(1000, at + 24);
      at += 46 + lying.readUInt16LE(at + 28) + lying.readUInt16LE(at + 30) + lying.readUInt16LE(at + 32);
    }
    expect(codeOf(() => parseSpreadsheet('xlsx', lying))).toBe('UPLOAD_TOO_LARGE_UNPACKED');
    // Inflating up to the unpacked limit twice takes about 1 s alone and 6 s beside the other stages on two cores.
  }, 30_000);

  it('refuses more rows or columns than the limits, counting the rows present', () => {
    expect(codeOf(() => parseSpreadsheet('xlsx', fixture('too-many-rows')))).toBe('UPLOAD_TOO_MANY_ROWS');
    const lines = ['Name', ...Array.from({ length: 10_001 }, (_, i) => `Row ${i}`)].join('\n');
    expect(codeOf(() => parseSpreadsheet('csv', Buffer.from(lines)))).toBe('UPLOAD_TOO_MANY_ROWS');
    const ok = ['Name', ...Array.from({ length: 10_000 }, (_, i) => `Row ${i}`)].join('\n');
    expect(parseSpreadsheet('csv', Buffer.from(ok)).rows).toHaveLength(10_000);
    const wide = Array.from({ length: 201 }, (_, c) => `C${c}`).join(',');
    expect(codeOf(() => parseSpreadsheet('csv', Buffer.from(`${wide}\n1`)))).toBe('UPLOAD_TOO_MANY_COLUMNS');
    const widest = Array.from({ length: 200 }, (_, c) => `C${c}`).join(',');
    expect(parseSpreadsheet('csv', Buffer.from(`${widest}\n1`)).headers).toHaveLength(200);
  });

  it('refuses a value far below blank rows rather than drop it unread (the row limit is not a cut-off)', () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Name'], ['Ana'], ['Ray']]);
    sheet['A20001'] = { t: 's', v: 'Far' };
    sheet['!ref'] = 'A1:A20001';
    const farBook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(farBook, sheet, 'Athletes');
    const far = XLSX.write(farBook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    expect(codeOf(() => parseSpreadsheet('xlsx', far))).toBe('UPLOAD_TOO_MANY_ROWS');
    const csv = `Name\nAna\nRay\n${'\n'.repeat(20_000)}Far\n`;
    expect(codeOf(() => parseSpreadsheet('csv', Buffer.from(csv)))).toBe('UPLOAD_TOO_MANY_ROWS');
    // Blank lines and empty separators past the limit lose nothing, so they pass; so do styled empty cells.
    const blankTail = `Name\nAna\n${'\n,,\n'.repeat(10_000)}`;
    expect(parseSpreadsheet('csv', Buffer.from(blankTail)).rows).toEqual([{ row: 2, cells: ['Ana'] }]);
    const styled = XLSX.utils.aoa_to_sheet([['Name'], ['Ana']]);
    styled['A20001'] = { t: 'z' };
    styled['!ref'] = 'A1:A20001';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, styled, 'Athletes');
    const bytes = XLSX.write(book, {
      type: 'buffer',
      bookType: 'xlsx',
      sheetStubs: true,
    } as XLSX.WritingOptions) as Buffer;
    expect(parseSpreadsheet('xlsx', bytes).rows).toEqual([{ row: 2, cells: ['Ana'] }]);
  });

  it('keeps a normal sheet as before: the header row, then every non-blank row with its sheet row number', () => {
    const sheet = parseSpreadsheet('csv', Buffer.from('\uFEFFFirst,Last\nAna,=A1\n,\n-5,Ray\n'));
    expect(sheet).toEqual({
      headers: ['First', 'Last'],
      rows: [
        { row: 2, cells: ['Ana', '=A1'] },
        { row: 4, cells: ['-5', 'Ray'] },
      ],
    });
  });
});

describe('readSpreadsheet (a worker thread)', () => {
  it('answers a normal file and each limit as its AppError', async () => {
    expect(await readSpreadsheet('csv', Buffer.from('A,B\n1,2\n'))).toEqual({
      headers: ['A', 'B'],
      rows: [{ row: 2, cells: ['1', '2'] }],
    });
    await expect(readSpreadsheet('xlsx', fixture('zip-bomb'))).rejects.toMatchObject({
      code: 'UPLOAD_TOO_LARGE_UNPACKED',
      status: 400,
      message: 'The file is too large once unpacked.',
    });
    expect((await readSpreadsheet('xlsx', declaredDimensionXlsx())).headers).toHaveLength(200);
  });
});

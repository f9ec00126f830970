import { inflateRawSync } from 'node:zlib';
import { AppError } from '../../../domain/errors';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 2000;

const unreadable = () =>
  new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'The file could not be read as a spreadsheet.' }]);
const tooLarge = () => new AppError('UPLOAD_TOO_LARGE_UNPACKED');

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535: search only that tail.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  throw unreadable();
}

/** Sees each worksheet part (`xl/worksheets/….xml`) once it is unpacked, before the spreadsheet library reads it. */
export type WorksheetVisitor = (xml: Buffer) => void;

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/**
 * Refuses an XLSX (a zip) whose entries would unpack past `maxBytes`, before the spreadsheet library inflates it: first
 * by the sizes the zip declares, then by inflating each entry with a hard output bound, since a declared size can lie.
 * A zip bomb stops at the bound, never at its full size. Zip64 and methods other than store/deflate are refused.
 */
export function assertZipWithinLimit(zip: Buffer, maxBytes: number, onWorksheet?: WorksheetVisitor): void {
  if (zip.length < 22) throw unreadable();
  const end = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff || count > MAX_ENTRIES) throw tooLarge();
  const entries: { method: number; compressed: number; local: number; worksheet: boolean }[] = [];
  let declared = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    declared += zip.readUInt32LE(at + 24);
    if (declared > maxBytes) throw tooLarge();
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('latin1', at + 46, at + 46 + nameLength);
    entries.push({ method, compressed, local: zip.readUInt32LE(at + 42), worksheet: WORKSHEET.test(name) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  let actual = 0;
  for (const entry of entries) {
    const at = entry.local;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw unreadable();
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressed);
    let unpacked: Buffer;
    if (entry.method === 0) unpacked = data;
    else if (entry.method === 8) unpacked = inflateBounded(data, maxBytes - actual);
    else throw unreadable();
    actual += unpacked.length;
    if (actual > maxBytes) throw tooLarge();
    if (entry.worksheet) onWorksheet?.(unpacked);
  }
}

function inflateBounded(data: Buffer, budget: number): Buffer {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget + 1) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw unreadable();
  }
}

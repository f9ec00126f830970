import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../domain/errors';
import { parseSpreadsheet, type ParsedSheet, type SheetKind } from './parse-spreadsheet';

/** What the worker answers: the sheet, or the AppError a limit or an unreadable file raised. */
export type SpreadsheetWorkerReply =
  | { ready: true }
  | { ok: true; sheet: ParsedSheet }
  | { ok: false; code: AppError['code']; details?: AppError['details'] };

const port = parentPort;
if (port) {
  port.once('message', ({ kind, bytes }: { kind: SheetKind; bytes: Uint8Array }) => {
    let reply: SpreadsheetWorkerReply;
    try {
      reply = { ok: true, sheet: parseSpreadsheet(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)) };
    } catch (error) {
      reply =
        error instanceof AppError
          ? { ok: false, code: error.code, ...(error.details ? { details: error.details } : {}) }
          : {
              ok: false,
              code: 'UPLOAD_FAILED',
              details: [{ field: 'file', message: 'The file could not be read as a spreadsheet.' }],
            };
    }
    port.postMessage(reply);
  });
  // Loading the spreadsheet library takes a moment: the parse's time limit starts once the worker is ready.
  port.postMessage({ ready: true } satisfies SpreadsheetWorkerReply);
}

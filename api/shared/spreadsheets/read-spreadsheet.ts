import { Worker } from 'node:worker_threads';
import { AppError } from '../../../domain/errors';
import { SPREADSHEET_LIMITS, type ParsedSheet, type SheetKind } from './parse-spreadsheet';
import type { SpreadsheetWorkerReply } from './spreadsheet-worker';

export { SPREADSHEET_LIMITS, type ParsedSheet, type SheetKind } from './parse-spreadsheet';

/** The parse's time limit, counted once the worker has loaded, and a bound on that loading itself. */
export const SPREADSHEET_TIME_LIMITS = { parseMs: 3000, startMs: 15_000 } as const;

const WORKER_URL = new URL('./spreadsheet-worker.mjs', import.meta.url);

/**
 * Reads an uploaded spreadsheet's first sheet in a worker thread of its own, so that no file can hold the event loop
 * (the API's other requests and the Temporal worker's activities share this process). The worker is terminated past
 * the time limit or its heap limit, and every limit answers 400 with its own message.
 */
export function readSpreadsheet(kind: SheetKind, bytes: Buffer): Promise<ParsedSheet> {
  if (bytes.length > SPREADSHEET_LIMITS.maxFileBytes) return Promise.reject(new AppError('UPLOAD_TOO_LARGE'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: false,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timeOut = () => finish(() => reject(new AppError('UPLOAD_READ_TIMEOUT')));
    let timer = setTimeout(timeOut, SPREADSHEET_TIME_LIMITS.startMs);
    worker.on('message', (reply: SpreadsheetWorkerReply) => {
      if ('ready' in reply) {
        clearTimeout(timer);
        timer = setTimeout(timeOut, SPREADSHEET_TIME_LIMITS.parseMs);
        const copy = new Uint8Array(bytes);
        worker.postMessage({ kind, bytes: copy }, [copy.buffer]);
      } else if (reply.ok) {
        finish(() => resolve(reply.sheet));
      } else {
        finish(() => reject(new AppError(reply.code, reply.details)));
      }
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('UPLOAD_TOO_LARGE_UNPACKED') : error),
      ),
    );
    worker.on('exit', () => finish(() => reject(new Error('The spreadsheet worker stopped before it answered.'))));
  });
}

// The spreadsheet worker thread's entry. tsx runs the TypeScript sources in every process, but a worker thread
// starts with plain Node, so the .ts worker is imported through tsx's own loader.
import { tsImport } from 'tsx/esm/api';

await tsImport('./spreadsheet-worker.ts', import.meta.url);

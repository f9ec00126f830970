import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where global-setup.ts started the apps; also written to e2e/artifacts/run.json for debugging by hand. */
export interface E2eRun {
  baseUrl: string;
  maintenanceUrl: string;
  temporalAddress: string;
  temporalUiUrl: string;
  databaseUrl: string;
}

export const RUN_FILE = join(import.meta.dirname, '..', 'artifacts', 'run.json');

export function e2eRun(): E2eRun {
  return JSON.parse(readFileSync(RUN_FILE, 'utf8')) as E2eRun;
}

/**
 * The main instance. The environment set by this run's global setup wins over run.json, which another run started
 * from the same checkout may have overwritten meanwhile.
 */
export function baseUrl(): string {
  return process.env.E2E_BASE_URL ?? e2eRun().baseUrl;
}

/** The instance started with MAINTENANCE=1 (same database and Temporal server as the main one). */
export function maintenanceUrl(): string {
  return process.env.E2E_MAINTENANCE_URL ?? e2eRun().maintenanceUrl;
}

export { DEMO_PASSWORD } from '../../scripts/demo/demo-people';

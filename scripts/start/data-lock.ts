import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../api/config';

/**
 * The embedded database and the dev server's SQLite file belong to one process at a time. A lock file with the
 * owner's pid stops a second `npm start` on the same data folder; a lock left by a killed process is taken over.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readPidFile(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'start.lock');
  const owner = readPidFile(file);
  if (owner !== undefined && owner !== process.pid && isProcessAlive(owner)) {
    throw new ConfigError('DATA_DIR', `${dataDir} is in use by another npm start (pid ${owner}); stop that one first`);
  }
  writeFileSync(file, String(process.pid));
  return () => {
    if (readPidFile(file) === process.pid) rmSync(file, { force: true });
  };
}

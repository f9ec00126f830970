import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const UI_CONFIG = join(ROOT, 'ui', 'vite.config.ts');
const UI_INDEX = join(ROOT, 'dist', 'ui', 'index.html');
/** The UI imports these folders directly, so a change in any of them makes the built UI stale. */
const UI_SOURCES = ['ui', 'domain', 'form-engine'].map((dir) => join(ROOT, dir));

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function isUiBuildStale(): boolean {
  if (!existsSync(UI_INDEX)) return true;
  const built = statSync(UI_INDEX).mtimeMs;
  return UI_SOURCES.some((dir) => newestMtime(dir) > built);
}

/** Builds dist/ui with Vite's JS API when it is missing or older than its sources; returns whether it built. */
export async function buildUiIfStale(log: (line: string) => void, verbose = false): Promise<boolean> {
  if (!existsSync(UI_CONFIG)) {
    log('No ui/vite.config.ts yet: skipping the UI build (the API still runs).');
    return false;
  }
  if (!isUiBuildStale()) return false;
  log(
    existsSync(UI_INDEX)
      ? 'The UI changed since the last build; rebuilding dist/ui…'
      : 'Building the UI into dist/ui (first start)…',
  );
  const started = Date.now();
  const { build } = await import('vite');
  // Vite's warnings (chunk sizes, config loader notes) are for the UI's developers: LOG_LEVEL=debug shows them.
  await build({ configFile: UI_CONFIG, logLevel: verbose ? 'warn' : 'error', clearScreen: false });
  log(`UI built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

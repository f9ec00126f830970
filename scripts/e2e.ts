import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm run test:e2e`: Playwright with the config in e2e/. Its global setup starts the app the way a person does
 * (`tsx scripts/start.ts`) on a fresh PostgreSQL database and free ports. Extra arguments go to Playwright
 * (e.g. `npm run test:e2e -- e2e/shell`).
 */
const ROOT = resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const child = spawn(
  join(ROOT, 'node_modules', '.bin', 'playwright'),
  ['test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
child.once('error', (err) => {
  console.error(`Could not run Playwright: ${err.message}`);
  process.exit(1);
});
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, expect, type Browser } from '@playwright/test';
import { PORTAL_HOME, type Portal } from '../../domain/roles';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../scripts/demo/demo-people';
import {
  CheckFailed,
  freePort,
  interrupt,
  killLeftovers,
  npmStart,
  stopAnyway,
  waitUntilReady,
  type NpmStart,
} from './npm-start';

/**
 * The newcomer's path (`npm test` stage "newcomer check"): what the README's quick start does, on the embedded
 * database. `npm start` with no DATABASE_URL in a fresh temporary DATA_DIR on free ports, until `/readyz` answers;
 * every demo login the README lists signs in through the login form in Chromium and opens its portal's home; Ctrl-C
 * stops it within 15 s leaving nothing running; a second `npm start` on the same folder is ready without loading the
 * demo again, and stops the same way. The end-to-end suite starts the app on PostgreSQL only, so this is the one
 * check of the default path. Logs and failure screenshots: e2e/artifacts/newcomer/.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const ARTIFACTS = join(ROOT, 'e2e', 'artifacts', 'newcomer');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Generous: the first start builds the demo through real workflows; the target is 120 s. */
const READY_BOUND_MS = Number(process.env.NEWCOMER_READY_TIMEOUT_S ?? 240) * 1000;
const STOP_BOUND_MS = 15_000;
const SCREEN_BOUND_MS = 20_000;

/** What the app reads from the environment; a newcomer has none of it set (TEMPORAL_CLI and DEMO_TODAY pass). */
const APP_VARIABLES = [
  'DATABASE_URL',
  'TEST_DATABASE_URL',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'TEMPORAL_UI_URL',
  'PUBLIC_URL',
  'HOST',
  'NODE_ENV',
  'APP_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'LOG_LEVEL',
  'MAINTENANCE',
  'DEMO_DATA',
  'TRUST_PROXY',
  'SESSION_TTL_HOURS',
  'VITE_PORT',
  'DB_TRANSACTION_GUARD',
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The demo logins as the README's quick start lists them (its table of e-mails), each with its demo person. */
function readmeLogins(): Array<{ email: string; fullName: string }> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const quickStart = readme.slice(
    readme.indexOf('## Quick start'),
    readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
  );
  const emails = [...quickStart.matchAll(/^\|\s*`([^`\s]+@[^`\s]+)`\s*\|/gm)].map((m) => m[1]!);
  if (!emails.length) throw new CheckFailed("README.md's quick start lists no demo login (a table of `e-mail` | role)");
  return emails.map((email) => {
    const person = DEMO_LOGINS.find((p) => p.email === email);
    if (!person) throw new CheckFailed(`README.md lists the demo login ${email}, which the demo data does not make`);
    return { email, fullName: `${person.firstName} ${person.lastName}` };
  });
}

function newcomerEnv(ports: { app: number; temporal: number; temporalUi: number }, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  return {
    ...env,
    DATA_DIR: dataDir,
    // Free ports, so a developer's own `npm start` on 3000, 7233 and 8233 keeps running.
    PORT: String(ports.app),
    TEMPORAL_PORT: String(ports.temporal),
    TEMPORAL_UI_PORT: String(ports.temporalUi),
    FORCE_COLOR: '0',
  };
}

/** Signs in through the login form as a person does, opens the portal's home and checks the signed-in shell shows. */
async function openHome(browser: Browser, url: string, login: { email: string; fullName: string }): Promise<string> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`script error: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 500)
      problems.push(`${res.status()} from ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill(login.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page, 'the login form let the person in').not.toHaveURL(/\/login(\?|$)/, { timeout: SCREEN_BOUND_MS });
    const me = (await (await page.request.get('/api/v1/auth/me')).json()) as { portal: Portal };
    const home = PORTAL_HOME[me.portal];
    await page.goto(home);
    await expect(page).toHaveURL(new RegExp(`${home}$`), { timeout: SCREEN_BOUND_MS });
    await expect(
      page.getByRole('button', { name: `Account menu for ${login.fullName}` }),
      'the signed-in shell (account menu)',
    ).toBeVisible({ timeout: SCREEN_BOUND_MS });
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading, 'the home page heading').toBeVisible({ timeout: SCREEN_BOUND_MS });
    await expect(heading).not.toHaveText(/Something went wrong|not found|not available/i);
    if (problems.length) throw new CheckFailed(problems.join('; '));
    return home;
  } catch (err) {
    const screenshot = join(ARTIFACTS, `${login.email.replace(/[@.]/g, '-')}.png`);
    await page.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
    const message = err instanceof Error ? err.message : String(err);
    throw new CheckFailed(
      `${login.email} signed in but did not see its home page: ${message.split('\n')[0]}`,
      `${message.split('\n').slice(0, 12).join('\n')}\nScreenshot: ${screenshot}`,
    );
  } finally {
    await context.close();
  }
}

/** The compliance admin's count of sends: the demo makes them through workflows, a second load would add more. */
async function demoSends(url: string): Promise<number> {
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.edu', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new CheckFailed(`admin@demo.edu could not log in through the API (${login.status})`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${url}/api/v1/sent-packets?limit=1`, { headers: { cookie } });
  if (!res.ok) throw new CheckFailed(`GET /api/v1/sent-packets answered ${res.status}`);
  return ((await res.json()) as { total: number }).total;
}

async function main(): Promise<string> {
  if (!existsSync(CHROMIUM)) {
    throw new CheckFailed(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  }
  const logins = readmeLogins();
  mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'newcomer-'));
  const ports = { app: await freePort(), temporal: await freePort(), temporalUi: await freePort() };
  const env = newcomerEnv(ports, dataDir);
  const running: NpmStart[] = [];
  let browser: Browser | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    for (const app of running) await stopAnyway(app);
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Ctrl-C on `npm test` does not reach the starts (their own process groups): take them down before leaving.
  const onSignal = () => {
    for (const app of running) killLeftovers(app);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(`npm start on the embedded database in ${dataDir}, app port ${ports.app}…`);
    const first = npmStart({ root: ROOT, env, port: ports.app, dataDir, logFile: join(ARTIFACTS, 'start-1.log') });
    running.push(first);
    const firstReady = await waitUntilReady(first, READY_BOUND_MS, 'The first npm start (embedded database)');
    console.log(`  ready in ${seconds(firstReady)}`);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
    });
    const loginsStarted = Date.now();
    for (const login of logins) {
      const home = await openHome(browser, first.url, login);
      console.log(`  ${login.email.padEnd(24)} signed in, ${home} shows`);
    }
    const loginsTook = Date.now() - loginsStarted;
    await browser.close();
    browser = undefined;
    const sends = await demoSends(first.url);
    if (sends === 0) throw new CheckFailed('the first start made no demo sends (GET /api/v1/sent-packets total 0)');

    const firstStop = await interrupt(first, STOP_BOUND_MS, 'The first npm start');
    running.pop();
    console.log(`  exited ${seconds(firstStop)} after Ctrl-C`);

    console.log('npm start again on the same data folder…');
    const second = npmStart({ root: ROOT, env, port: ports.app, dataDir, logFile: join(ARTIFACTS, 'start-2.log') });
    running.push(second);
    const secondReady = await waitUntilReady(second, READY_BOUND_MS, 'The second npm start (same DATA_DIR)');
    console.log(`  ready in ${seconds(secondReady)}`);
    const reloaded = ['Loaded the demo data', 'Ran the demo processes'].filter((line) =>
      second.output().includes(line),
    );
    if (reloaded.length) {
      throw new CheckFailed(`the second start loaded the demo again: its log says "${reloaded.join('", "')}"`);
    }
    const sendsAgain = await demoSends(second.url);
    if (sendsAgain !== sends) {
      throw new CheckFailed(`the second start changed the demo: ${sends} sends before, ${sendsAgain} after`);
    }
    const secondStop = await interrupt(second, STOP_BOUND_MS, 'The second npm start');
    running.pop();
    console.log(`  exited ${seconds(secondStop)} after Ctrl-C`);
    return (
      `npm start on the embedded database was ready in ${seconds(firstReady)}, ${logins.length} demo logins ` +
      `opened their home in ${seconds(loginsTook)}, it exited ${seconds(firstStop)} after Ctrl-C; the second start ` +
      `was ready in ${seconds(secondReady)} with the demo as it was (${sends} sends), exited in ${seconds(secondStop)}`
    );
  } finally {
    await cleanUp();
  }
}

const started = Date.now();
main().then(
  (summary) => {
    console.log(`\n✔ newcomer check passed in ${seconds(Date.now() - started)}: ${summary}.`);
    process.exit(0);
  },
  (err: unknown) => {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    const detail = err instanceof CheckFailed ? err.detail : err instanceof Error ? err.stack : undefined;
    if (detail) console.error(`\n${detail}`);
    console.error(
      `\n✘ newcomer check failed after ${seconds(Date.now() - started)}: ${reason} (logs in e2e/artifacts/newcomer/)`,
    );
    process.exit(1);
  },
);

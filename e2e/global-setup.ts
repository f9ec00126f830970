import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createFreshDatabase, freePort } from '../scripts/test-harness/global-setup';
import { RUN_FILE, type E2eRun } from './support/app-urls';

/**
 * Starts the app the way a person does — `tsx scripts/start.ts` — on a fresh PostgreSQL database, free ports and a
 * temporary data folder, plus a second instance with MAINTENANCE=1 on the same database (with a Temporal dev server
 * of its own, so its worker never runs the main app's activities). Both
 * base URLs reach the tests through process.env and e2e/artifacts/run.json; the returned function tears it all down.
 */
const ROOT = resolve(import.meta.dirname, '..');
const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');
const READY_TIMEOUT_MS = 240_000;

interface RunningApp {
  name: string;
  url: string;
  child: ChildProcess;
  dataDir: string;
  logFile: string;
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitUntilReady(app: RunningApp): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) {
      throw new Error(`The ${app.name} app stopped during start (see ${app.logFile}):\n${tail(app.logFile)}`);
    }
    try {
      const res = await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The ${app.name} app was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail(app.logFile)}`);
}

async function startApp(name: string, env: Record<string, string>): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `e2e-${name}-`));
  const logFile = join(ARTIFACTS, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a hard kill can take its children along
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const app = { name, url: `http://127.0.0.1:${env.PORT}`, child, dataDir, logFile };
  try {
    await waitUntilReady(app);
  } catch (err) {
    await stopApp(app);
    throw err;
  }
  return app;
}

function killTemporalLeftover(dataDir: string): void {
  try {
    const pid = Number(readFileSync(join(dataDir, 'temporal.pid'), 'utf8'));
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // no dev server of its own, or already gone
  }
}

/** SIGTERM lets start.ts stop cleanly (worker, API, DB, dev server); a stuck start is killed with its group. */
async function stopApp(app: RunningApp): Promise<void> {
  const { child } = app;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      killTemporalLeftover(app.dataDir);
    }, 30_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(app.dataDir, { recursive: true, force: true });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const database = await createFreshDatabase('e2e');
  const apps: RunningApp[] = [];
  const teardown = async () => {
    for (const app of apps.reverse()) await stopApp(app);
    await database.drop();
  };
  try {
    const common = {
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    };
    const [port, temporalPort, temporalUiPort, maintenancePort, maintenanceTemporalPort, maintenanceTemporalUiPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const main = await startApp('app', {
      ...common,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TEMPORAL_PORT: String(temporalPort),
      TEMPORAL_UI_PORT: String(temporalUiPort),
    });
    apps.push(main);
    const temporalAddress = `127.0.0.1:${temporalPort}`;
    const maintenance = await startApp('maintenance', {
      ...common,
      PORT: String(maintenancePort),
      PUBLIC_URL: `http://127.0.0.1:${maintenancePort}`,
      // A Temporal server of its own: its worker must never pick up the main app's activities, or mails sent by it
      // would carry the maintenance instance's PUBLIC_URL in their links.
      TEMPORAL_PORT: String(maintenanceTemporalPort),
      TEMPORAL_UI_PORT: String(maintenanceTemporalUiPort),
      MAINTENANCE: '1',
    });
    apps.push(maintenance);

    const run: E2eRun = {
      baseUrl: main.url,
      maintenanceUrl: maintenance.url,
      temporalAddress,
      temporalUiUrl: `http://127.0.0.1:${temporalUiPort}`,
      databaseUrl: database.url,
    };
    mkdirSync(dirname(RUN_FILE), { recursive: true });
    writeFileSync(RUN_FILE, JSON.stringify(run, null, 2));
    process.env.E2E_BASE_URL = run.baseUrl;
    process.env.E2E_MAINTENANCE_URL = run.maintenanceUrl;
    process.env.E2E_DATABASE_URL = run.databaseUrl;
    process.env.E2E_TEMPORAL_ADDRESS = run.temporalAddress;
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}

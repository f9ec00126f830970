import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * One `npm start` as a newcomer runs it, in its own process group so that a stop can signal the whole group the way
 * a terminal's Ctrl-C does (npm, the shell, tsx and node all receive SIGINT at once).
 */
export interface NpmStart {
  url: string;
  child: ChildProcess;
  dataDir: string;
  logFile: string;
  /** Everything the start printed so far (stdout and stderr). */
  output(): string;
}

/** A failed check: `message` is one sentence for the closing line, `detail` what to read above it (a log's tail). */
export class CheckFailed extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export function tailOf(text: string, lines = 40): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * The start's own last line of progress ("Starting the worker and the API…"), which says where a stuck start is:
 * its phase lines start at the margin with a letter, unlike log records (a timestamp) and their stack traces.
 */
function lastProgressLine(text: string): string | undefined {
  return text
    .split('\n')
    .filter((line) => /^[A-Z]/.test(line) && !/^Error\b/.test(line))
    .at(-1)
    ?.trim();
}

/** The failure of a start: why, with its last progress line, and the log's tail as detail. */
function startFailed(app: NpmStart, why: string): CheckFailed {
  const progress = lastProgressLine(app.output());
  return new CheckFailed(
    `${why}${progress ? `; its last progress line: "${progress}"` : ''}`,
    `Last lines of ${app.logFile}:\n${tailOf(app.output())}`,
  );
}

/** A port nothing listens on now (the kernel's pick), so the starts never meet a developer's app on 3000/7233/8233. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function npmStart(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  port: number;
  dataDir: string;
  logFile: string;
}): NpmStart {
  const log = createWriteStream(options.logFile);
  const chunks: string[] = [];
  const child = spawn('npm', ['start'], {
    cwd: options.root,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    chunks.push(chunk.toString());
    log.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => log.end());
  return {
    url: `http://localhost:${options.port}`,
    child,
    dataDir: options.dataDir,
    logFile: options.logFile,
    output: () => chunks.join(''),
  };
}

/** Polls `/readyz` until it answers 200; fails with the log's tail when the start stops or the bound passes. */
export async function waitUntilReady(app: NpmStart, boundMs: number, what: string): Promise<number> {
  const started = Date.now();
  const deadline = started + boundMs;
  while (Date.now() < deadline) {
    if (exited(app.child)) {
      throw startFailed(
        app,
        `${what} stopped before it was ready (exit ${app.child.exitCode ?? app.child.signalCode})`,
      );
    }
    try {
      const res = await fetch(`${app.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw startFailed(app, `${what} was not ready within ${boundMs / 1000} s (GET /readyz)`);
}

/** The pid in DATA_DIR/temporal.pid when it still names a running `temporal server start-dev`. */
function temporalLeftover(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'temporal.pid'), 'utf8'));
    if (!(pid > 0)) return undefined;
    const cmdline = `/proc/${pid}/cmdline`;
    return existsSync(cmdline) && readFileSync(cmdline, 'utf8').split('\0').includes('start-dev') ? pid : undefined;
  } catch {
    return undefined;
  }
}

function groupAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Last resort: the start's process group and the Temporal dev server it started (which runs in a group of its own). */
export function killLeftovers(app: NpmStart): void {
  const { pid } = app.child;
  if (pid && groupAlive(pid)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  const temporal = temporalLeftover(app.dataDir);
  if (temporal) {
    try {
      process.kill(temporal, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Ctrl-C: SIGINT to the start's process group. Resolves with the time npm took to exit; fails (after killing what is
 * left) when it did not exit within the bound or left a process of the start running.
 */
export async function interrupt(app: NpmStart, boundMs: number, what: string): Promise<number> {
  const { child } = app;
  if (exited(child) || !child.pid) throw new CheckFailed(`${what} had already stopped before Ctrl-C`);
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  const sent = Date.now();
  process.kill(-child.pid, 'SIGINT');
  const inTime = await Promise.race([gone.then(() => true), sleep(boundMs).then(() => false)]);
  const took = Date.now() - sent;
  if (!inTime) {
    killLeftovers(app);
    throw startFailed(app, `${what} did not exit within ${boundMs / 1000} s of Ctrl-C (SIGINT), so it was killed`);
  }
  // npm has exited; give its children a moment to finish exiting before calling them left behind.
  for (let i = 0; i < 20 && (groupAlive(child.pid) || temporalLeftover(app.dataDir)); i += 1) await sleep(100);
  const left = [
    groupAlive(child.pid) ? `a process of its group (${child.pid})` : '',
    temporalLeftover(app.dataDir) ? `the Temporal dev server (pid ${temporalLeftover(app.dataDir)})` : '',
  ].filter(Boolean);
  if (left.length) {
    killLeftovers(app);
    throw new CheckFailed(`${what} exited after Ctrl-C but left ${left.join(' and ')} running (killed now)`);
  }
  return took;
}

/** Stops a start that may be stuck: Ctrl-C, then after a grace period everything it left is killed. */
export async function stopAnyway(app: NpmStart, graceMs = 10_000): Promise<void> {
  const { child } = app;
  if (!exited(child) && child.pid) {
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      // already gone
    }
    await Promise.race([gone, sleep(graceMs)]);
  }
  killLeftovers(app);
}

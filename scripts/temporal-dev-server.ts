import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createConnection } from 'node:net';
import { SEARCH_ATTRIBUTES } from '../domain/workflows';

export interface DevServerOptions {
  cli: string;
  port: number;
  uiPort?: number | undefined;
  /** Persist state in this SQLite file; in-memory when omitted. */
  dbFile?: string | undefined;
  namespace?: string;
  log?: (line: string) => void;
  /**
   * Run in its own process group so a Ctrl-C in the terminal reaches only the parent, which then stops the server
   * last, after the worker has drained (`npm start`).
   */
  ownProcessGroup?: boolean;
}

export interface DevServer {
  address: string;
  uiUrl: string | undefined;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function searchAttributeArgs(): string[] {
  return Object.entries(SEARCH_ATTRIBUTES).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]);
}

export async function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((res) => {
      const socket = createConnection({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        res(true);
      });
      socket.once('error', () => res(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listened on ${host}:${port} within ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Server settings the project relies on. Eager activity dispatch: when a workflow task schedules an activity and
 * the worker that completed it has a free activity slot, the server hands the activity task back in the completion's
 * answer instead of the worker polling for it, one round trip less per activity (the SDK asks for it by default;
 * the server only grants it with this flag). Eager workflow start is left off on purpose: the 10,000-recipient send
 * measured slower with it (README, "Packets run one workflow per recipient").
 *
 * One partition per task queue: the server splits each queue into four by default, so that many matching hosts can
 * share a busy queue. With one server and one worker polling, tasks that land in a partition the worker is not
 * polling at that moment are forwarded to another, work that one partition never does. Measured with 10,000
 * trivial workflows on this 2-core machine: started in 38.8 s instead of 51.7 s, all completed in 130 s instead of
 * 207 s (README).
 */
export const DEV_SERVER_DYNAMIC_CONFIG: Record<string, unknown> = {
  'system.enableActivityEagerExecution': true,
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
};

function dynamicConfigArgs(): string[] {
  return Object.entries(DEV_SERVER_DYNAMIC_CONFIG).flatMap(([key, value]) => [
    '--dynamic-config-value',
    `${key}=${JSON.stringify(value)}`,
  ]);
}

/** Starts `temporal server start-dev` with the project's search attributes and waits until it answers. */
export async function startTemporalDevServer(options: DevServerOptions): Promise<DevServer> {
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--namespace',
    options.namespace ?? 'default',
    '--log-level',
    'error',
    ...searchAttributeArgs(),
    ...dynamicConfigArgs(),
  ];
  if (options.uiPort) args.push('--ui-port', String(options.uiPort));
  else args.push('--headless');
  if (options.dbFile) {
    mkdirSync(dirname(options.dbFile), { recursive: true });
    args.push('--db-filename', options.dbFile);
  }
  const child = spawn(options.cli, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  const ready = waitForPort(options.port);
  const result = await Promise.race([ready.then(() => 'ready' as const), exited.then(() => 'exited' as const)]);
  if (result === 'exited') {
    throw new Error(`The Temporal dev server stopped at start:\n${output}`);
  }
  // The frontend port opens before the namespace is registered; give it a moment by polling a client call.
  const address = `127.0.0.1:${options.port}`;
  const { Connection } = await import('@temporalio/client');
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      await connection.workflowService.describeNamespace({ namespace: options.namespace ?? 'default' });
      await connection.close();
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return {
    address,
    uiUrl: options.uiPort ? `http://localhost:${options.uiPort}` : undefined,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type AppConfig } from '../../api/config';
import { findTemporalCli } from '../temporal-cli';
import { startTemporalDevServer } from '../temporal-dev-server';
import { isProcessAlive, readPidFile } from './data-lock';
import { describeError } from './describe-error';
import { assertPortFree } from './ports';
import { startSdkDevServer } from './temporal-sdk-server';
import type { StartOptions } from './start-options';

/** A Temporal server the app can use: started here, or one named by TEMPORAL_ADDRESS. */
export interface TemporalService {
  address: string;
  uiUrl: string;
  /** Where it came from, for the start banner. */
  origin: string;
  stop(): Promise<void>;
  /** Immediate kill for a forced exit; the dev server runs in its own process group, so Ctrl-C alone misses it. */
  kill(): void;
}

const REACH_TIMEOUT_MS = 10_000;

export async function provideTemporal(
  config: AppConfig,
  options: StartOptions,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<TemporalService> {
  if (config.temporalAddress) {
    await assertTemporalReachable(config.temporalAddress, config.temporalNamespace);
    return {
      address: config.temporalAddress,
      uiUrl: config.temporalUiUrl,
      origin: 'TEMPORAL_ADDRESS',
      stop: async () => {},
      kill: () => {},
    };
  }
  const uiUrl = env.TEMPORAL_UI_URL?.trim() ? config.temporalUiUrl : `http://localhost:${options.temporalUiPort}`;
  const dbFile = join(config.dataDir, 'temporal.db');
  const pidFile = join(config.dataDir, 'temporal.pid');
  await stopOrphanDevServer(pidFile, log);
  await assertPortFree('TEMPORAL_PORT', options.temporalPort);
  await assertPortFree('TEMPORAL_UI_PORT', options.temporalUiPort);

  let cli: string | undefined;
  try {
    cli = findTemporalCli({ log });
  } catch (err) {
    throw new ConfigError(
      'TEMPORAL_CLI',
      err instanceof Error ? err.message.replace(/^TEMPORAL_CLI: /, '') : String(err),
    );
  }
  if (!cli) {
    log('No Temporal CLI found; using the Temporal SDK’s own dev server download…');
    const server = await startSdkDevServer({
      port: options.temporalPort,
      uiPort: options.temporalUiPort,
      dbFile,
      namespace: config.temporalNamespace,
    });
    // The SDK's server is a child of this process's group, so a forced exit's Ctrl-C reaches it anyway.
    return { ...server, uiUrl, origin: 'Temporal SDK download', kill: () => {} };
  }
  log(`Starting the Temporal dev server (${cli})…`);
  const server = await startTemporalDevServer({
    cli,
    port: options.temporalPort,
    uiPort: options.temporalUiPort,
    dbFile,
    namespace: config.temporalNamespace,
    ownProcessGroup: true,
  });
  if (server.process.pid) writeFileSync(pidFile, String(server.process.pid));
  return {
    address: server.address,
    uiUrl,
    origin: cli,
    async stop() {
      await server.stop();
      rmSync(pidFile, { force: true });
    },
    kill() {
      if (server.process.exitCode === null) server.process.kill('SIGTERM');
      rmSync(pidFile, { force: true });
    },
  };
}

/** A server left by a start that was killed outright holds the ports and the SQLite file; end it first. */
async function stopOrphanDevServer(pidFile: string, log: (line: string) => void): Promise<void> {
  const pid = readPidFile(pidFile);
  if (pid === undefined) return;
  const cmdline = `/proc/${pid}/cmdline`;
  const isDevServer =
    isProcessAlive(pid) && existsSync(cmdline) && readFileSync(cmdline, 'utf8').split('\0').includes('start-dev');
  if (isDevServer) {
    log(`Stopping a Temporal dev server left running by an earlier start (pid ${pid})…`);
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 5000;
    while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

export async function assertTemporalReachable(address: string, namespace: string): Promise<void> {
  const { Connection } = await import('@temporalio/client');
  let connection: Awaited<ReturnType<typeof Connection.connect>> | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: REACH_TIMEOUT_MS });
    await connection.withDeadline(Date.now() + REACH_TIMEOUT_MS, () => connection!.workflowService.getSystemInfo({}));
  } catch (err) {
    await connection?.close().catch(() => undefined);
    throw new ConfigError(
      'TEMPORAL_ADDRESS',
      `cannot reach a Temporal server at ${address} within ${REACH_TIMEOUT_MS / 1000} s (${describeError(err)})`,
    );
  }
  try {
    await connection.workflowService.describeNamespace({ namespace });
  } catch {
    throw new ConfigError('TEMPORAL_NAMESPACE', `namespace "${namespace}" does not exist on the server at ${address}`);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

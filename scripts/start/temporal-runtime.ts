import { Runtime } from '@temporalio/worker';
import { createWorkerLogger } from '../../activities/worker-logger';

/**
 * Installs the Temporal SDK runtime before anything else creates it: its logger follows LOG_LEVEL (the worker's
 * bundling chatter at info would bury the start banner) and prints a retried activity failure on one line (full
 * detail at LOG_LEVEL=debug), and it does not react to signals by itself, so the start's own shutdown keeps its
 * order (API first, then the worker).
 */
export function installTemporalRuntime(logLevel: string): void {
  Runtime.install({ logger: createWorkerLogger(logLevel), shutdownSignals: [] });
}

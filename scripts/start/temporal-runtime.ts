import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';

/**
 * Installs the Temporal SDK runtime before anything else creates it: its logger follows LOG_LEVEL (the worker's
 * bundling chatter at info would bury the start banner), and it does not react to signals by itself, so the
 * start's own shutdown keeps its order (API first, then the worker).
 */
export function installTemporalRuntime(logLevel: string): void {
  const level: LogLevel =
    logLevel === 'trace'
      ? 'TRACE'
      : logLevel === 'debug'
        ? 'DEBUG'
        : logLevel === 'info'
          ? 'INFO'
          : logLevel === 'warn'
            ? 'WARN'
            : 'ERROR';
  Runtime.install({ logger: new DefaultLogger(level), shutdownSignals: [] });
}

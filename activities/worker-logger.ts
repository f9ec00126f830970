import { DefaultLogger, type LogEntry, type LogLevel, type LogMetadata } from '@temporalio/worker';

/**
 * The Temporal worker's terminal logger (issue 34). A retried activity failure is one line (workflow, activity,
 * attempt, message) instead of the SDK's 30-line dump with a stack, and an activity that keeps failing (the demo's
 * bouncing mail, retried for as long as nobody fixes the address) shows its first failure and then every tenth. At LOG_LEVEL=debug or trace every entry is printed in full, as the SDK's own logger prints it.
 */
export const REPEAT_EVERY = 10;

/** The SDK's level for the app's LOG_LEVEL (pino's names). */
export function temporalLogLevel(logLevel: string): LogLevel {
  if (logLevel === 'trace') return 'TRACE';
  if (logLevel === 'debug') return 'DEBUG';
  if (logLevel === 'info') return 'INFO';
  if (logLevel === 'warn') return 'WARN';
  return 'ERROR';
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 300);
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return firstLine(error.message || error.name);
  return firstLine(String(error));
}

/** `Activity notifyReceivers of packetSubmissionWorkflow packet-submission:… failed (attempt 3): 450 Mailbox …` */
export function formatActivityFailure(meta: LogMetadata): string {
  const error = meta.error as { nonRetryable?: unknown } | undefined;
  const outcome = error?.nonRetryable === true ? 'failed for good' : 'failed, will retry';
  return (
    `Activity ${String(meta.activityType)} of ${String(meta.workflowType)} ${String(meta.workflowId)} ` +
    `${outcome} (attempt ${String(meta.attempt)}): ${errorMessage(meta.error)}`
  );
}

/** Any other entry on one line: its message, its error's first line, and which workflow or activity it concerns. */
export function formatEntry(entry: LogEntry): string {
  const meta = entry.meta ?? {};
  const about = ['workflowType', 'activityType', 'workflowId']
    .map((key) => meta[key])
    .filter((value) => typeof value === 'string');
  const error = meta.error === undefined ? '' : `: ${errorMessage(meta.error)}`;
  return `[${entry.level}] ${firstLine(entry.message)}${error}${about.length ? ` (${about.join(' ')})` : ''}`;
}

/**
 * Which failures are shown: the first one seen for an activity of a workflow ('first'), then every REPEAT_EVERY-th
 * ('repeat'). Failures are counted here rather than read from `attempt`, which starts again at 1 when a local activity
 * that keeps failing is scheduled anew.
 */
export function createRepeatFilter(limit = 1000): (meta: LogMetadata) => 'first' | 'repeat' | undefined {
  const failures = new Map<string, number>();
  return (meta) => {
    const key = `${String(meta.workflowId)}/${String(meta.activityType)}`;
    const count = (failures.get(key) ?? 0) + 1;
    if (count === 1 && failures.size >= limit) failures.clear();
    failures.set(key, count);
    if (count === 1) return 'first';
    return count % REPEAT_EVERY === 0 ? 'repeat' : undefined;
  };
}

export function createWorkerLogger(
  logLevel: string,
  write: (line: string) => void = (line) => console.error(line),
): DefaultLogger {
  const level = temporalLogLevel(logLevel);
  if (level === 'DEBUG' || level === 'TRACE') return new DefaultLogger(level);
  const shown = createRepeatFilter();
  return new DefaultLogger(level, (entry) => {
    const meta = entry.meta ?? {};
    if (entry.message !== 'Activity failed' || meta.activityType === undefined) return write(formatEntry(entry));
    const which = shown(meta);
    if (which === 'repeat') write(formatActivityFailure(meta));
    if (which === 'first') {
      write(`${formatActivityFailure(meta)} [then every ${REPEAT_EVERY}th failure; LOG_LEVEL=debug shows all]`);
    }
  });
}

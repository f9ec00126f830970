import { BoundPassed, StartInterrupted, withinBound } from './within-bound';

export { StartInterrupted };

/**
 * Ordered clean-up for `npm start`: each started part registers how to stop itself, and they stop in reverse order
 * (API first so no new work arrives, then the worker, the database and last the Temporal server). A stop requested
 * while a part is still starting aborts `signal` (the long waits of the start, e.g. the demo load, end at once) and
 * waits for that part, so nothing is left running. Each step has a bound, so one part stuck (a worker whose activity
 * waits on a locked database) cannot hold up the others. The first Ctrl-C or SIGTERM stops cleanly; a second one, or
 * a stop passing STOP_DEADLINE_MS, exits at once.
 */
export interface Shutdown {
  /** Registers a step; steps run last-registered first. */
  add(name: string, stop: () => Promise<void> | void): void;
  /** Registers a last-resort, synchronous kill for a forced exit (e.g. a child process in its own group). */
  onForce(kill: () => void): void;
  /** Runs the last-resort kills. */
  force(): void;
  /** Called by the starter when it has finished (or abandoned) starting parts. */
  startupFinished(): void;
  /** Runs every step once (later calls share the same run); never throws. */
  run(reason: string): Promise<void>;
  readonly stopping: boolean;
  /** Aborted when the stop begins: the start passes it to the waits that could otherwise hang. */
  readonly signal: AbortSignal;
}

/** A part that has not stopped in this long is left behind (logged), so the rest still stop in order. */
export const STEP_STOP_BOUND_MS = 3000;

export function createShutdown(log: (line: string) => void, stepBoundMs = STEP_STOP_BOUND_MS): Shutdown {
  const stop = new AbortController();
  const steps: Array<{ name: string; stop: () => Promise<void> | void }> = [];
  const kills: Array<() => void> = [];
  let running: Promise<void> | undefined;
  let finishStartup: () => void = () => undefined;
  const startupSettled = new Promise<void>((resolve) => (finishStartup = resolve));
  return {
    add(name, stop) {
      steps.push({ name, stop });
    },
    onForce(kill) {
      kills.push(kill);
    },
    force() {
      for (const kill of kills) {
        try {
          kill();
        } catch {
          // already gone
        }
      }
    },
    startupFinished() {
      finishStartup();
    },
    get stopping() {
      return running !== undefined;
    },
    signal: stop.signal,
    run(reason) {
      running ??= (async () => {
        log(`Stopping (${reason})…`);
        stop.abort();
        await startupSettled;
        for (let step = steps.pop(); step; step = steps.pop()) {
          try {
            await withinBound(step.name, stepBoundMs, Promise.resolve().then(step.stop), { missed: 'did not stop' });
            log(`  stopped ${step.name}`);
          } catch (err) {
            if (err instanceof BoundPassed) log(`  ${err.message}; going on`);
            else log(`  ${step.name}: ${err instanceof Error ? err.message : String(err)}`);
          }
        }
        log('Stopped.');
      })();
      return running;
    },
  };
}

/**
 * One Ctrl-C can arrive twice within milliseconds: the terminal signals the whole process group and npm and tsx
 * also relay it. Only a signal this long after the first counts as the person pressing Ctrl-C again.
 */
const REPEAT_AFTER_MS = 1000;

/** Ctrl-C stops the process within 10 s whatever hangs (issue 34): past this, the stop is forced. */
export const STOP_DEADLINE_MS = 9000;

/** Wires SIGINT/SIGTERM to the shutdown, then exits; a second Ctrl-C, or a stop past the deadline, forces the exit. */
export function exitOnSignals(shutdown: Shutdown, log: (line: string) => void): void {
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shutdown.stopping) {
      if (Date.now() - firstAt < REPEAT_AFTER_MS) return;
      log('Forced exit.');
      shutdown.force();
      process.exit(130);
    }
    firstAt = Date.now();
    log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal} received; press Ctrl-C again to force.`);
    setTimeout(() => {
      log(`Forced exit: the stop took over ${STOP_DEADLINE_MS / 1000} s.`);
      shutdown.force();
      process.exit(130);
    }, STOP_DEADLINE_MS).unref();
    void shutdown.run(signal).then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

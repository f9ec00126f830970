/**
 * A bound on one wait of `npm start`: a step that passes it fails with the step's name and how long it waited, so a
 * start that hangs says where instead of sitting silent. The work itself is not cancelled (an in-process request
 * cannot be); its signal is aborted so a polling loop can stop, and the start's shutdown ends the rest.
 */
export class BoundPassed extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
    missed = 'did not answer',
  ) {
    super(`${what} ${missed} within ${formatBound(ms)}`);
    this.name = 'BoundPassed';
  }
}

/** Thrown into a bounded wait when the start is being stopped (Ctrl-C). */
export class StartInterrupted extends Error {
  constructor() {
    super('start interrupted');
    this.name = 'StartInterrupted';
  }
}

export interface BoundOptions {
  /** Aborts the wait at once (with StartInterrupted), e.g. the start's shutdown. */
  signal?: AbortSignal | undefined;
  /** The verb phrase of the failure: `<what> <missed> within 60 s`. */
  missed?: string;
}

/** 60 s, 300 s, 0.05 s: whole seconds when whole, so the message reads like the setting. */
export function formatBound(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(2))} s`;
}

/** Resolves as `work` does, or rejects with BoundPassed after `ms`, or with StartInterrupted when `signal` aborts. */
export function withinBound<T>(
  what: string,
  ms: number,
  work: Promise<T> | ((signal: AbortSignal) => Promise<T>),
  options: BoundOptions = {},
): Promise<T> {
  if (options.signal?.aborted) return Promise.reject(new StartInterrupted());
  const ended = new AbortController();
  const running = typeof work === 'function' ? work(ended.signal) : work;
  return new Promise<T>((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      ended.abort();
      settle();
    };
    const onAbort = () => finish(() => reject(new StartInterrupted()));
    const timer = setTimeout(() => finish(() => reject(new BoundPassed(what, ms, options.missed))), ms);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    running.then(
      (value) => finish(() => resolve(value)),
      (err: unknown) => finish(() => reject(err)),
    );
  });
}

import * as wf from '@temporalio/workflow';

/**
 * One write at a time inside a workflow run: the handler that holds the lock writes its rows (an activity), and
 * everything else sees `busy` meanwhile. Update validators refuse while it is held (a second decision hears "already
 * decided"), handlers wait their turn with `while (lock.busy) await lock.released()`, and the main loop waits before
 * it reads the state again. Set synchronously by `hold`, before the first await, so an Update validated after that
 * point already sees it. Deterministic: it only reads and writes workflow memory and waits with `wf.condition`.
 */
export class BusyLock {
  private held = false;

  /** True while a write holds the lock. */
  get busy(): boolean {
    return this.held;
  }

  /** Resolves once no write holds the lock (another handler may take it right after: re-check in a loop). */
  released(): Promise<void> {
    return wf.condition(() => !this.held);
  }

  /** Runs `write` holding the lock, released however it ends. */
  async hold<T>(write: () => Promise<T>): Promise<T> {
    this.held = true;
    try {
      return await write();
    } finally {
      this.held = false;
    }
  }
}

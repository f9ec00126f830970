import { AsyncLocalStorage } from 'node:async_hooks';
import { withinBound } from '../start/within-bound';

/**
 * The bounds of the demo load (issue 34): each wait (a request, a row a workflow writes) gets `stepMs`, the whole
 * load `loadMs`. They travel with the load's async context, so every demo file's waits are bounded by the same
 * settings without threading them through each call; outside a load (tests calling a loader) the defaults hold.
 */
export interface DemoBounds {
  stepMs: number;
  loadMs: number;
  /** The start's shutdown: a Ctrl-C ends the current wait at once. */
  signal?: AbortSignal | undefined;
}

export const DEFAULT_DEMO_BOUNDS: DemoBounds = { stepMs: 60_000, loadMs: 300_000 };

const current = new AsyncLocalStorage<DemoBounds>();

export function withDemoBounds<T>(bounds: DemoBounds, run: () => Promise<T>): Promise<T> {
  return current.run(bounds, run);
}

export function demoBounds(): DemoBounds {
  return current.getStore() ?? DEFAULT_DEMO_BOUNDS;
}

/** One bounded wait of the demo load: `Demo data: <what> did not answer within 60 s`. */
export function demoWait<T>(
  what: string,
  work: Promise<T> | ((signal: AbortSignal) => Promise<T>),
  missed?: string,
): Promise<T> {
  const bounds = demoBounds();
  return withinBound(`Demo data: ${what}`, bounds.stepMs, work, { signal: bounds.signal, missed });
}

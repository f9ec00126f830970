/**
 * What the operator console reuses across requests (issue 35: mission control described every listed process, and
 * scanned the newest running ones, on every load). An entry younger than `freshMs` is used as it is; an older one,
 * up to `staleMs`, is still answered at once while a fresh value is loaded behind it, so a screen that polls never
 * waits on Temporal for what it showed a moment ago. A failed load is not kept. An action on a process forgets it.
 */
export const CONSOLE_CACHE = {
  /** An entry is reused as it is this long… */
  freshMs: 5_000,
  /** …and, older than that, still answered at once (reloaded behind) up to this age. */
  staleMs: 60_000,
};

interface Entry<T> {
  at: number;
  value: Promise<T>;
  refreshing: boolean;
}

const MAX_ENTRIES = 20_000;

export class StaleWhileRevalidate<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly freshMs: number,
    private readonly staleMs: number,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const known = this.entries.get(key);
    if (known && now - known.at < this.freshMs) return known.value;
    if (known && now - known.at < this.staleMs) {
      if (!known.refreshing) {
        known.refreshing = true;
        const next = load();
        next.then(
          () => this.store(key, { at: this.clock(), value: next, refreshing: false }),
          () => this.entries.delete(key),
        );
      }
      return known.value;
    }
    const value = load();
    this.store(key, { at: now, value, refreshing: false });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Drops every entry whose key starts with `prefix`. */
  forget(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private store(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

const perServer = new WeakMap<object, Map<string, unknown>>();

/** One instance per server (its dependencies object) and name, so test apps never share entries. */
export function perServerCache<T>(owner: object, name: string, make: () => T): T {
  let named = perServer.get(owner);
  if (!named) {
    named = new Map();
    perServer.set(owner, named);
  }
  if (!named.has(name)) named.set(name, make());
  return named.get(name) as T;
}

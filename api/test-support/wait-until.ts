/** Polls `probe` every 100 ms until it gives a value, or throws after `ms` (integration tests waiting on a worker). */
export async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

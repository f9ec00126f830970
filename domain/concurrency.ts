/**
 * Runs `work` on every item with at most `limit` running at once, starting them in the items' order. Resolves when
 * every item is done; a failure rejects at once (the lanes already running are not stopped, and no new item starts
 * in the failed lane). For fan-outs to a server or a mailer: workflow starts, signals, Updates, mails.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      await work(items[at]!, at);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
}

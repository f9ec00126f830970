/**
 * Runs `pass` now and every `intervalMs` after, never two at once (a pass still running skips the tick), until
 * stopped; `stop` waits for a pass in flight. The timer does not keep the process alive. The reconcilers that
 * repair work interrupted before its workflow started (calendar series, packet sends) run on it.
 */
export function startPeriodicPass(pass: () => Promise<void>, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = pass().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

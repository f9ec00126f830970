import { BoundPassed, withinBound } from '../start/within-bound';
import { demoBounds } from './demo-bounds';

/** One counted part of the demo load, named as the progress line shows it. */
export interface DemoStep {
  name: string;
  run(): Promise<unknown>;
}

export function formatDemoProgress(done: number, total: number, name: string): string {
  return `Demo processes: ${done} of ${total} (${name})…`;
}

/**
 * Runs the steps in order, reporting each as it begins (`Demo processes: 9 of 12 (recruiting forms)…`), the whole
 * within the load's bound: a load that passes it fails naming the step it was at.
 */
export async function runCountedSteps(steps: DemoStep[], report: (line: string) => void): Promise<void> {
  const { loadMs, signal } = demoBounds();
  let at = steps[0]?.name ?? 'start';
  try {
    await withinBound(
      'Demo data: the demo processes',
      loadMs,
      async (ended) => {
        for (const [index, step] of steps.entries()) {
          if (ended.aborted) return;
          at = step.name;
          report(formatDemoProgress(index + 1, steps.length, step.name));
          await step.run();
        }
      },
      { signal, missed: 'did not finish' },
    );
  } catch (err) {
    if (err instanceof BoundPassed && err.ms === loadMs && err.what === 'Demo data: the demo processes') {
      throw new BoundPassed(`Demo data: the demo processes (at ${at})`, loadMs, 'did not finish');
    }
    throw err;
  }
}

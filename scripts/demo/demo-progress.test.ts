import { describe, expect, it } from 'vitest';
import { BoundPassed } from '../start/within-bound';
import { withDemoBounds } from './demo-bounds';
import { formatDemoProgress, runCountedSteps, type DemoStep } from './demo-progress';

const step = (name: string, ms = 0): DemoStep => ({ name, run: () => new Promise((r) => setTimeout(r, ms)) });

describe('the demo load progress', () => {
  it('counts the processes as they begin', async () => {
    const lines: string[] = [];
    await runCountedSteps([step('packet sends'), step('disclosures'), step('recruiting forms')], (line) =>
      lines.push(line),
    );
    expect(lines).toEqual([
      'Demo processes: 1 of 3 (packet sends)…',
      'Demo processes: 2 of 3 (disclosures)…',
      'Demo processes: 3 of 3 (recruiting forms)…',
    ]);
    expect(formatDemoProgress(9, 12, 'recruiting forms')).toBe('Demo processes: 9 of 12 (recruiting forms)…');
  });

  it('fails a load past its bound naming the process it was at, and runs no further', async () => {
    const lines: string[] = [];
    const load = withDemoBounds({ stepMs: 1000, loadMs: 60 }, () =>
      runCountedSteps([step('packet sends'), step('recruiting forms', 10_000), step('expenses')], (line) =>
        lines.push(line),
      ),
    );
    await expect(load).rejects.toThrow(BoundPassed);
    await expect(load).rejects.toThrow(
      'Demo data: the demo processes (at recruiting forms) did not finish within 0.06 s',
    );
    expect(lines.at(-1)).toBe('Demo processes: 2 of 3 (recruiting forms)…');
  });
});

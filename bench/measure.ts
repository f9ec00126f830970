/** Small timing helpers shared by the benchmarks: figures are reported, never asserted. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  goal: string;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Runs `fn` `runs` times after `warmup` untimed runs and returns each run's milliseconds. */
export async function sample(runs: number, fn: () => Promise<unknown>, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function printTable(rows: BenchRow[]): void {
  const width = Math.max(...rows.map((r) => r.name.length), 10);
  console.log(`${'benchmark'.padEnd(width)}  ${'value'.padStart(12)}  unit        goal`);
  for (const r of rows) {
    console.log(`${r.name.padEnd(width)}  ${String(r.value).padStart(12)}  ${r.unit.padEnd(10)}  ${r.goal}`);
  }
}

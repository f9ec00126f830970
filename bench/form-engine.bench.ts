import { pathToFileURL } from 'node:url';
import { buildDependencyGraph, clearCompiledForms, compileForm, findCycles, type FormVersion } from '../form-engine';
import {
  denseConditionForm,
  largeForm,
  largeFormAnswers,
  TODAY,
  variedForm,
  variedFormAnswers,
} from '../form-engine/testing/sample-forms';
import { percentile, printTable, round, type BenchRow } from './measure';

/**
 * The form engine alone, in this process on one core (everything is synchronous): answer validation throughput,
 * cycle detection on a large condition graph, and cold compilation of a large form. Figures are reported, never
 * asserted. Run alone with `npx tsx bench/form-engine.bench.ts`.
 */

function timeRuns(runs: number, fn: () => void, warmup = 3): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Validations per second over ~1 s after warm-up; the best of three rounds, so a busy machine skews less. */
function measureThroughput(validate: () => void): number {
  for (let i = 0; i < 5_000; i++) validate();
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < 1000) {
      for (let i = 0; i < 1_000; i++) validate();
      count += 1_000;
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (count / elapsed) * 1000);
  }
  return best;
}

function benchValidation(): BenchRow[] {
  const ctx = { today: TODAY };
  const varied = compileForm(variedForm(50));
  const variedAnswers = variedFormAnswers(50);
  const common = compileForm(largeForm(50));
  const commonAnswers = largeFormAnswers(50);
  for (const [compiled, answers] of [
    [varied, variedAnswers],
    [common, commonAnswers],
  ] as const) {
    const result = compiled.validate(answers, ctx);
    if (!result.valid) throw new Error(`benchmark answers are invalid: ${JSON.stringify(result.errors.slice(0, 3))}`);
  }
  return [
    {
      name: 'validate 50-element form, every element type',
      value: Math.round(measureThroughput(() => varied.validate(variedAnswers, ctx))),
      unit: 'per s',
      goal: '≥ 20,000 /s',
    },
    {
      name: 'validate 50-element form, common types + 5 conditions',
      value: Math.round(measureThroughput(() => common.validate(commonAnswers, ctx))),
      unit: 'per s',
      goal: '≥ 20,000 /s',
    },
  ];
}

function benchCycles(): BenchRow[] {
  const version = denseConditionForm(5000, 20_000);
  // One back edge closes cycles through the graph, so the finder also has to trace one.
  const cyclic = {
    ...version,
    conditions: [
      ...version.conditions,
      {
        id: 'back',
        action: 'show' as const,
        target: 'e0',
        when: { combinator: 'and' as const, conditions: [{ element: 'e4999', operator: 'isNotEmpty' as const }] },
      },
    ],
  };
  const acyclic = timeRuns(30, () => findCycles(buildDependencyGraph(version)));
  const withCycle = timeRuns(30, () => findCycles(buildDependencyGraph(cyclic)));
  return [
    {
      name: 'cycle detection, 5,000 elements / 20,000 conditions (median)',
      value: round(percentile(acyclic, 50), 2),
      unit: 'ms',
      goal: '< 50 ms',
    },
    {
      name: 'same, with a cycle to trace (median)',
      value: round(percentile(withCycle, 50), 2),
      unit: 'ms',
      goal: '< 50 ms',
    },
  ];
}

/** Median milliseconds of compiling each of `versions`, built beforehand so only compileForm is timed. */
function timeCompiles(versions: FormVersion[], cold: boolean): number {
  const samples: number[] = [];
  for (const version of versions) {
    // Cold: every cache emptied first, so all 500 elements are compiled with Ajv from nothing.
    if (cold) clearCompiledForms();
    const start = performance.now();
    compileForm(version);
    samples.push(performance.now() - start);
  }
  return percentile(samples.slice(3), 50);
}

function benchCompile(): BenchRow[] {
  const runs = 18;
  const varied = Array.from({ length: runs }, (_, i) => variedForm(500, `bench-varied-${i}`));
  const common = Array.from({ length: runs }, (_, i) => largeForm(500, `bench-common-${i}`));
  const warm = Array.from({ length: runs }, (_, i) => variedForm(500, `bench-warm-${i}`));
  const coldVaried = timeCompiles(varied, true);
  const coldCommon = timeCompiles(common, true);
  // Warm: a new version of a form already compiled (element validators shared), e.g. after a minor edit.
  compileForm(variedForm(500, 'bench-warm-base'));
  const warmVaried = timeCompiles(warm, false);
  return [
    {
      name: 'compile 500-element form, every type, cold (median)',
      value: round(coldVaried, 1),
      unit: 'ms',
      goal: '< 100 ms',
    },
    {
      name: 'compile 500-element form, common types, cold (median)',
      value: round(coldCommon, 1),
      unit: 'ms',
      goal: '< 100 ms',
    },
    {
      name: 'compile new version of a known 500-element form (median)',
      value: round(warmVaried, 1),
      unit: 'ms',
      goal: '< 100 ms',
    },
  ];
}

export async function runFormEngineBench(): Promise<BenchRow[]> {
  return [...benchValidation(), ...benchCycles(), ...benchCompile()];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printTable(await runFormEngineBench());
}

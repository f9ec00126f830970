import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * `npm test`: every check but benchmarks, cheapest first, stopping at the first failing stage. The three static
 * checks run side by side (their output is printed whole when each ends); the test steps run one after another.
 * Each step prints one summary line with its time; the last line reads `N passed, N failed`.
 */
const ROOT = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
}

/**
 * Integration test files mostly wait on Temporal and PostgreSQL (a run uses about 40% of one core per file), and
 * each works in its own school, so three run at once; vitest's default on two cores would be one.
 */
const INTEGRATION_WORKERS = process.env.INTEGRATION_WORKERS ?? '3';

/** Stages in order; the steps of one stage run at the same time. */
const STAGES: Step[][] = [
  [
    { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
    { name: 'lint (eslint)', command: bin('eslint'), args: ['.'] },
    { name: 'format (prettier --check)', command: bin('prettier'), args: ['--check', '.'] },
  ],
  [{ name: 'unit tests', command: bin('vitest'), args: ['run', '--project', 'unit', '--passWithNoTests'] }],
  [
    {
      name: 'integration tests',
      command: bin('vitest'),
      args: ['run', '--project', 'integration', '--passWithNoTests', `--maxWorkers=${INTEGRATION_WORKERS}`],
    },
  ],
  // The tests that touch dates again, as if today were a Sunday, a Monday, 31 December and a clock-change day.
  [{ name: 'integration tests under four clocks', command: bin('tsx'), args: ['scripts/test-clocks.ts'] }],
  [{ name: 'UI build', command: bin('vite'), args: ['build', '--config', 'ui/vite.config.ts'] }],
  // The README's quick start as a newcomer runs it: `npm start` on the embedded database, sign-ins, Ctrl-C, restart.
  [{ name: 'newcomer check', command: bin('tsx'), args: ['e2e/newcomer/newcomer-check.ts'] }],
  [{ name: 'end-to-end tests', command: bin('tsx'), args: ['scripts/e2e.ts'] }],
];

/** Runs one step; alone it writes straight to the terminal, beside others its output is kept and printed at the end. */
function runStep(step: Step, alone: boolean): Promise<number> {
  return new Promise((done) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (err) => {
      console.error(`${step.name}: ${err.message}`);
      done(1);
    });
    child.once('close', (code, signal) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      done(code ?? (signal ? 1 : 0));
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const stages = STAGES.map((stage) =>
    only.length ? stage.filter((s) => only.some((o) => s.name.startsWith(o))) : stage,
  ).filter((stage) => stage.length > 0);
  const total = stages.reduce((n, stage) => n + stage.length, 0);
  const summary: string[] = [];
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  for (const stage of stages) {
    const results = await Promise.all(
      stage.map(async (step) => {
        console.log(`\n▶ ${step.name}: ${[step.command.replace(`${ROOT}/`, ''), ...step.args].join(' ')}`);
        const stepStarted = Date.now();
        const code = await runStep(step, stage.length === 1);
        const line = `${code === 0 ? '✔' : '✘'} ${step.name.padEnd(28)} ${seconds(Date.now() - stepStarted).padStart(8)}`;
        console.log(line);
        return { line, code };
      }),
    );
    for (const { line, code } of results) {
      summary.push(line);
      if (code === 0) passed += 1;
      else failed += 1;
    }
    if (failed) break;
  }
  const skipped = total - passed - failed;
  console.log(`\nSummary (${seconds(Date.now() - started)}):`);
  for (const line of summary) console.log(`  ${line}`);
  if (skipped) console.log(`  ${skipped} step(s) not run after the failure`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

void main();

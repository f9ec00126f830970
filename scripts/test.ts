import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * `npm test`: every check but benchmarks, cheapest first, stopping at the first failure. Each step prints one
 * summary line with its time; the last line reads `N passed, N failed`.
 */
const ROOT = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
}

const STEPS: Step[] = [
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint (eslint)', command: bin('eslint'), args: ['.'] },
  { name: 'format (prettier --check)', command: bin('prettier'), args: ['--check', '.'] },
  { name: 'unit tests', command: bin('vitest'), args: ['run', '--project', 'unit', '--passWithNoTests'] },
  {
    name: 'integration tests',
    command: bin('vitest'),
    args: ['run', '--project', 'integration', '--passWithNoTests'],
  },
  { name: 'UI build', command: bin('vite'), args: ['build', '--config', 'ui/vite.config.ts'] },
  { name: 'end-to-end tests', command: bin('tsx'), args: ['scripts/e2e.ts'] },
];

function runStep(step: Step): Promise<number> {
  return new Promise((done) => {
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    child.once('error', (err) => {
      console.error(`${step.name}: ${err.message}`);
      done(1);
    });
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const steps = only.length ? STEPS.filter((s) => only.some((o) => s.name.startsWith(o))) : STEPS;
  const summary: string[] = [];
  let passed = 0;
  let failed = 0;
  const started = Date.now();
  for (const step of steps) {
    console.log(`\n▶ ${step.name}: ${[step.command.replace(`${ROOT}/`, ''), ...step.args].join(' ')}`);
    const stepStarted = Date.now();
    const code = await runStep(step);
    const line = `${code === 0 ? '✔' : '✘'} ${step.name.padEnd(28)} ${seconds(Date.now() - stepStarted).padStart(8)}`;
    summary.push(line);
    console.log(line);
    if (code === 0) passed += 1;
    else {
      failed += 1;
      break;
    }
  }
  const skipped = steps.length - passed - failed;
  console.log(`\nSummary (${seconds(Date.now() - started)}):`);
  for (const line of summary) console.log(`  ${line}`);
  if (skipped) console.log(`  ${skipped} step(s) not run after the failure`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

void main();

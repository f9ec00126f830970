import { ConfigError } from '../../api/config';

/** Settings only `npm start` needs (the ports of the Temporal dev server it runs), validated like the app's own. */
export interface StartOptions {
  temporalPort: number;
  temporalUiPort: number;
  /** Also run Vite's dev server with hot reload (`npm run dev`). */
  dev: boolean;
  vitePort: number;
  /** The demo load's bounds (issue 34): each wait, and the whole load; tests set them short. */
  demoStepMs: number;
  demoLoadMs: number;
}

type Env = Record<string, string | undefined>;

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a port number, got "${raw}"`);
  const port = Number(raw);
  if (port < 1 || port > 65535) throw new ConfigError(name, `must be between 1 and 65535, got ${port}`);
  return port;
}

function readMs(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new ConfigError(name, `must be a number of milliseconds, got "${raw}"`);
  return Number(raw);
}

export function readStartOptions(env: Env, argv: string[], appPort: number): StartOptions {
  const options: StartOptions = {
    temporalPort: readPort(env, 'TEMPORAL_PORT', 7233),
    temporalUiPort: readPort(env, 'TEMPORAL_UI_PORT', 8233),
    dev: argv.includes('--dev'),
    vitePort: readPort(env, 'VITE_PORT', 5173),
    demoStepMs: readMs(env, 'DEMO_STEP_TIMEOUT_MS', 60_000),
    demoLoadMs: readMs(env, 'DEMO_LOAD_TIMEOUT_MS', 300_000),
  };
  // Two services on one port would fail later with a less helpful message; say which setting clashes now.
  if (options.temporalPort === appPort) throw new ConfigError('TEMPORAL_PORT', `is the same as PORT (${appPort})`);
  if (options.temporalUiPort === appPort) throw new ConfigError('TEMPORAL_UI_PORT', `is the same as PORT (${appPort})`);
  if (options.temporalUiPort === options.temporalPort) {
    throw new ConfigError('TEMPORAL_UI_PORT', `is the same as TEMPORAL_PORT (${options.temporalPort})`);
  }
  return options;
}

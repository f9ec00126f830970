import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../api/config';
import { readStartOptions } from './start-options';

function variableOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof ConfigError ? err.variable : 'not a ConfigError';
  }
  return undefined;
}

describe('readStartOptions', () => {
  it('defaults to the dev server on 7233 with its UI on 8233', () => {
    expect(readStartOptions({}, [], 3000)).toEqual({
      temporalPort: 7233,
      temporalUiPort: 8233,
      dev: false,
      vitePort: 5173,
      demoStepMs: 60_000,
      demoLoadMs: 300_000,
    });
  });

  it('reads the demo load bounds', () => {
    const options = readStartOptions({ DEMO_STEP_TIMEOUT_MS: '500', DEMO_LOAD_TIMEOUT_MS: '2000' }, [], 3000);
    expect(options).toMatchObject({ demoStepMs: 500, demoLoadMs: 2000 });
    expect(variableOf(() => readStartOptions({ DEMO_STEP_TIMEOUT_MS: '1m' }, [], 3000))).toBe('DEMO_STEP_TIMEOUT_MS');
  });

  it('reads ports and the --dev flag', () => {
    const options = readStartOptions({ TEMPORAL_PORT: '7300', TEMPORAL_UI_PORT: '8300' }, ['--dev'], 3000);
    expect(options).toMatchObject({ temporalPort: 7300, temporalUiPort: 8300, dev: true });
  });

  it('names the variable that is wrong', () => {
    expect(variableOf(() => readStartOptions({ TEMPORAL_PORT: 'abc' }, [], 3000))).toBe('TEMPORAL_PORT');
    expect(variableOf(() => readStartOptions({ TEMPORAL_UI_PORT: '70000' }, [], 3000))).toBe('TEMPORAL_UI_PORT');
    expect(variableOf(() => readStartOptions({ TEMPORAL_PORT: '3000' }, [], 3000))).toBe('TEMPORAL_PORT');
    expect(variableOf(() => readStartOptions({ TEMPORAL_UI_PORT: '7233' }, [], 3000))).toBe('TEMPORAL_UI_PORT');
  });
});

import { defineConfig } from 'vitest/config';
import { formDefinitionValidator } from './ui/form-definition-validator.plugin';
import { SlowFirstSequencer } from './scripts/test-harness/slow-first-sequencer';

// The Temporal native bridge misbehaves in worker threads, so every project runs in forked processes.
export default defineConfig({
  // UI modules under test import the build-time definition validator, as the app's own build provides it.
  plugins: [formDefinitionValidator()],
  test: {
    pool: 'forks',
    // The integration files that mostly wait start first (see the sequencer).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{domain,form-engine,api,workflows,activities,ui,scripts,migrations}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{api,workflows,activities,migrations,scripts}/**/*.integration.test.ts'],
          globalSetup: ['scripts/test-harness/global-setup.ts'],
          setupFiles: ['scripts/test-harness/clock-shift-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          env: { NODE_ENV: 'test' },
        },
      },
    ],
  },
});

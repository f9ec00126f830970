import { resolve } from 'node:path';

/**
 * Where the worker finds the workflows and how it bundles them, as paths only: the worker (and the test harness)
 * hand these to the SDK's bundler, which reads the files itself, so nothing outside workflows/ imports workflow code.
 *
 * With the reusable V8 context every workflow run evaluates its own copy of each module it imports, so a run's first
 * workflow task pays for loading every module of the bundle it reaches. Ajv (which the form engine uses to check
 * answers) is the largest of them and keeps no per-run state in module scope: it is loaded once into the shared
 * context instead (`workflows/shared/shared-modules.ts`; the SDK freezes shared modules' exports). Only stateless
 * modules belong there; a module holding state would leak it between runs.
 */
const WORKFLOWS_DIR = resolve(import.meta.dirname, '../workflows');

/** The workflows' entry: `workflows/index.ts` re-exports every workflow. */
export const WORKFLOWS_PATH = resolve(WORKFLOWS_DIR, 'index.ts');

export const WORKFLOW_BUNDLER_OPTIONS = {
  preloadModules: [resolve(WORKFLOWS_DIR, 'shared/shared-modules.ts')],
};

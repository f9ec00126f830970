import { resolve } from 'node:path';

/**
 * How the worker bundles the workflows. With the reusable V8 context every workflow run evaluates its own copy of
 * each module it imports, so a run's first workflow task pays for loading every module of the bundle it reaches.
 * Ajv (which the form engine uses to check answers) is the largest of them and keeps no per-run state in module
 * scope: it is loaded once into the shared context instead (`shared/shared-modules.ts`; the SDK freezes shared
 * modules' exports). Only stateless modules belong there; a module holding state would leak it between runs.
 */
export const WORKFLOW_BUNDLER_OPTIONS = {
  preloadModules: [resolve(import.meta.dirname, 'shared/shared-modules.ts')],
};

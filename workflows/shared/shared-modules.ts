/**
 * Loaded once into the worker's shared workflow context (WORKFLOW_BUNDLER_OPTIONS, activities/workflow-bundle.ts) rather than by each run. Ajv
 * marks itself free of side effects, so the bundler would drop a bare preload of it; naming its export here keeps it.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const SHARED_MODULES = [Ajv2020, addFormats];

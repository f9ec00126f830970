/**
 * The run-time helpers Ajv's standalone code refers to (by the module ids it would require), for the definition
 * validator generated ahead of time (standalone-definition-validator.ts).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { codePointLength } from './interpret-answer-schema';

export const STANDALONE_RUNTIME: Record<string, unknown> = {
  // Ajv's ucs2length: the same count of code points.
  'ajv/dist/runtime/ucs2length': { default: codePointLength },
  'ajv-formats/dist/formats': { fullFormats },
};

/**
 * The definition validator the UI gets (Ajv's standalone code, generated at build time) behaves exactly like the one
 * Ajv compiles at run time on the server: same verdict and same errors on sample and generated definitions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv';
import { FORM_DEFINITION_SCHEMA } from './definition-schema';
import { generateDefinitionValidatorModule } from './standalone-definition-validator';
import { formVersionArb } from './testing/arbitraries';
import { DEFINITION_AJV_SETTINGS } from './validate-definition-shape';

let folder: string;
let standalone: ValidateFunction;
let runtime: ValidateFunction;

beforeAll(async () => {
  const code = generateDefinitionValidatorModule();
  expect(code).not.toMatch(/\brequire\(/);
  // Inside the repository (in git-ignored .vitest/), so the module's imports resolve like the UI's.
  const scratch = join(import.meta.dirname, '..', '.vitest');
  mkdirSync(scratch, { recursive: true });
  folder = mkdtempSync(join(scratch, 'standalone-test-'));
  const file = join(folder, 'validate-definition.mjs');
  writeFileSync(file, code);
  standalone = ((await import(pathToFileURL(file).href)) as { default: ValidateFunction }).default;
  runtime = createAjv(DEFINITION_AJV_SETTINGS).compile(FORM_DEFINITION_SCHEMA);
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function outcome(validate: ValidateFunction, value: unknown) {
  return { valid: validate(value), errors: validate.errors ?? null };
}

describe('the standalone definition validator', { timeout: 60_000 }, () => {
  it('agrees with the run-time Ajv on generated definitions, broken ones and arbitrary JSON', () => {
    const broken = formVersionArb().chain((version) =>
      fc
        .record({
          index: fc.nat(version.elements.length - 1),
          key: fc.constantFrom('type', 'id', 'label', 'options', 'x'),
          part: fc.jsonValue({ maxDepth: 1 }),
        })
        .map(({ index, key, part }) => ({
          ...version,
          elements: version.elements.map((element, i) => (i === index ? { ...element, [key]: part } : element)),
        })),
    );
    fc.assert(
      fc.property(fc.oneof(formVersionArb(), broken, fc.jsonValue({ maxDepth: 3 })), (value) => {
        expect(outcome(standalone, value)).toEqual(outcome(runtime, value));
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * The browser's eval-free answer validator (interpret-answer-schema.ts) against the server's Ajv, on generated forms
 * and answers: the same first error (keyword, path, parameters) for each element schema, and the same validation
 * result (errors with their wording, visible and required elements) for whole forms.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { clearCompiledForms, compileFormUncached } from './compile-form';
import { createAjv } from './create-ajv';
import { buildElementAnswerSchema } from './element-answer-schema';
import { setElementValidatorKind } from './element-validators';
import type { FormElement, FormVersion } from './form-definition';
import { interpretAnswerSchema } from './interpret-answer-schema';
import { answersArb, formVersionArb, plausibleValue, validValue } from './testing/arbitraries';

// fixed-date fixture: the engine is given its today (ctx).

const ctx = { today: '2026-03-15' };
const RUNS = { numRuns: Number(process.env.RUNS ?? 300) };

/** Values near and far from valid, for one element: valid, plausible, valid with a part broken, any JSON. */
function answerArb(element: FormElement): fc.Arbitrary<unknown> {
  const broken = validValue(element).chain((value) => {
    if (typeof value !== 'object' || value === null) return fc.constant(value);
    const keys = Object.keys(value);
    return fc
      .record({
        key: keys.length > 0 ? fc.constantFrom(...keys, 'extra') : fc.constant('extra'),
        part: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.constant(undefined)),
      })
      .map(({ key, part }) => {
        const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value };
        if (part === undefined) delete copy[key];
        else copy[key] = part;
        return copy;
      });
  });
  return fc.oneof(validValue(element), plausibleValue(element), broken, fc.jsonValue({ maxDepth: 3 }));
}

function firstAjvError(schema: Record<string, unknown>, value: unknown) {
  const ajv = createAjv({ messages: false, allErrors: false, trusted: true });
  const validate = ajv.compile(schema);
  if (validate(value)) return null;
  const { keyword, instancePath, params, propertyName } = validate.errors![0]!;
  return { keyword, instancePath, params, ...(propertyName !== undefined ? { propertyName } : {}) };
}

function validateWith(kind: 'compiled' | 'interpreted', version: FormVersion, answers: unknown) {
  setElementValidatorKind(kind);
  return compileFormUncached(version).validate(answers, ctx);
}

afterEach(() => {
  setElementValidatorKind('compiled');
  clearCompiledForms();
});

// Generous time limits: Ajv compiles every generated schema, and CI machines are shared.
describe('the eval-free answer validator agrees with Ajv', { timeout: 120_000 }, () => {
  it('gives the same first error for every element schema and answer', () => {
    const elementAndAnswer = formVersionArb({ withConditions: false, maxElements: 4 })
      .filter((version) => version.elements.some((element) => buildElementAnswerSchema(element)))
      .chain((version) => {
        const answerable = version.elements.filter((element) => buildElementAnswerSchema(element));
        return fc.constantFrom(...answerable).chain((element) => fc.tuple(fc.constant(element), answerArb(element)));
      });
    // The generated answers must reach the keywords that matter (so agreement is not just agreement on "valid").
    // Some are rare (a matrix row that does not exist), so rounds go on until each is reached, up to a bound.
    const keywords = [
      'valid',
      'type',
      'required',
      'enum',
      'additionalProperties',
      'pattern',
      'format',
      'propertyNames',
    ];
    const seen = new Set<string>();
    for (let round = 0; round < 10 && keywords.some((keyword) => !seen.has(keyword)); round += 1) {
      fc.assert(
        fc.property(elementAndAnswer, ([element, value]) => {
          const schema = buildElementAnswerSchema(element)!;
          const expected = firstAjvError(schema, value);
          expect(interpretAnswerSchema(schema)(value)).toEqual(expected);
          seen.add(expected ? (expected.propertyName !== undefined ? 'propertyNames' : expected.keyword) : 'valid');
        }),
        RUNS,
      );
    }
    for (const keyword of keywords) expect(seen, keyword).toContain(keyword);
  });

  it('gives the same validation result for whole forms, conditions included', () => {
    fc.assert(
      fc.property(
        formVersionArb().chain((version) => fc.tuple(fc.constant(version), answersArb(version))),
        ([version, answers]) => {
          expect(validateWith('interpreted', version, answers)).toEqual(validateWith('compiled', version, answers));
        },
      ),
      RUNS,
    );
  });

  it('names the duplicate pair as Ajv does, for scalar items and for any items', () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [{ type: 'array', items: { type: 'string' }, uniqueItems: true }, ['zz', 'a', 'zz']],
      [{ type: 'array', items: { type: ['string', 'number'] }, uniqueItems: true }, ['1', 1, 'b', 1, 'b']],
      [{ type: 'array', items: { type: 'object' }, uniqueItems: true }, [{ a: 1 }, {}, { a: 1 }]],
      [{ type: 'array', items: {}, uniqueItems: true }, ['x', 2, 'x']],
    ];
    for (const [schema, value] of cases) {
      const expected = firstAjvError(schema, value);
      expect(expected?.keyword).toBe('uniqueItems');
      expect(interpretAnswerSchema(schema)(value)).toEqual(expected);
    }
  });

  it('refuses a schema with a keyword it does not interpret', () => {
    expect(() => interpretAnswerSchema({ type: 'string', contentEncoding: 'base64' })).toThrow(/contentEncoding/);
    expect(() => interpretAnswerSchema({ type: 'object', properties: { a: { allOf: [] } } })).toThrow(/allOf/);
  });
});

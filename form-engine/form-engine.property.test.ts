/**
 * Property-based tests: random definitions never crash the engine, and two independent paths agree:
 * - the engine's validate (per-element Ajv validators + its own top-level checks) and one plain Ajv compile of the
 *   published whole-form JSON Schema give the same verdict on every answer set (forms without conditions);
 * - a cached compile and a fresh, uncached compile give the same result;
 * - the cycle finder agrees with Kahn's algorithm on whether a graph is acyclic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors';
import { buildAnswerSchema } from './build-answer-schema';
import { checkDefinition } from './check-definition';
import { clearCompiledForms, compileForm, compileFormUncached } from './compile-form';
import { createAjv } from './create-ajv';
import { buildDependencyGraph, type DependencyGraph } from './dependency-graph';
import { diffVersions } from './diff-versions';
import { buildElementAnswerSchema } from './element-answer-schema';
import { evaluateConditions } from './evaluate-conditions';
import { findCycles } from './find-cycles';
import type { FormVersion } from './form-definition';
import { normalizeAnswers } from './normalize-answers';
import { answersArb, formVersionArb } from './testing/arbitraries';

// fixed-date fixture: the engine is given its today (ctx).

const ctx = { today: '2026-03-15' };
const RUNS = { numRuns: 150 };

function isAcyclicByKahn(graph: DependencyGraph): boolean {
  const inDegree = graph.ids.map(() => 0);
  for (const successors of graph.successors) for (const next of successors) inDegree[next]!++;
  const queue = inDegree.flatMap((degree, node) => (degree === 0 ? [node] : []));
  let seen = 0;
  while (queue.length > 0) {
    const node = queue.pop()!;
    seen++;
    for (const next of graph.successors[node]!) if (--inDegree[next]! === 0) queue.push(next);
  }
  return seen === graph.ids.length;
}

// Generous time limits: each run compiles a fresh form, and CI machines are shared.
describe('form engine properties', { timeout: 60_000 }, () => {
  it('random definitions never crash checkDefinition, compileForm or validate', () => {
    fc.assert(
      fc.property(
        formVersionArb().chain((version) => fc.tuple(fc.constant(version), answersArb(version))),
        ([version, answers]) => {
          const problems = checkDefinition(version);
          expect(Array.isArray(problems)).toBe(true);
          const compiled = compileForm(version);
          const result = compiled.validate(answers, ctx);
          expect(result.valid).toBe(result.errors.length === 0);
          for (const error of result.errors) expect(error.message.length).toBeGreaterThan(0);
          for (const id of result.required) expect(result.visible.has(id)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('every generated answer schema passes a strict Ajv with meta-schema validation', () => {
    // Production compiles answer schemas with a trusted (non-strict, non-validating) Ajv for speed; this is the check.
    const strict = createAjv({ messages: false, allErrors: false });
    fc.assert(
      fc.property(formVersionArb({ withConditions: false }), (version) => {
        for (const element of version.elements) {
          const schema = buildElementAnswerSchema(element);
          if (!schema) continue;
          expect(strict.validateSchema(schema), JSON.stringify(strict.errors)).toBe(true);
          expect(() => strict.compile(schema)).not.toThrow();
          strict.removeSchema(schema);
        }
        expect(strict.validateSchema(buildAnswerSchema(version))).toBe(true);
      }),
      RUNS,
    );
  });

  it('arbitrary JSON as a definition is refused with an AppError, never a crash', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        expect(checkDefinition(value as unknown as FormVersion).length).toBeGreaterThan(0);
        expect(() => compileForm(value as unknown as FormVersion)).toThrow(AppError);
      }),
      RUNS,
    );
  });

  it('the engine and a plain Ajv compile of the published schema agree on every answer set', () => {
    const ajv = createAjv();
    fc.assert(
      fc.property(
        formVersionArb({ withConditions: false }).chain((version) =>
          fc.tuple(fc.constant(version), fc.array(answersArb(version), { minLength: 1, maxLength: 5 })),
        ),
        ([version, answerSets]) => {
          const compiled = compileForm(version);
          const wholeSchema = ajv.compile(compiled.schema);
          const dobIds = version.elements.filter((element) => element.type === 'dob').map((element) => element.id);
          for (const answers of answerSets) {
            const normalized = normalizeAnswers(answers);
            // DOB after the filling date depends on today's date, outside any static schema.
            const futureDob = dobIds.some(
              (id) =>
                typeof normalized[id] === 'string' && (normalized[id] as string) > ctx.today && wholeSchema(normalized),
            );
            const expected = wholeSchema(normalized) && !futureDob;
            expect(compiled.validate(answers, ctx).valid).toBe(expected);
          }
          ajv.removeSchema(compiled.schema);
        },
      ),
      RUNS,
    );
  });

  it('a cached compile and a fresh uncached compile give the same result', () => {
    fc.assert(
      fc.property(
        formVersionArb().chain((version) => fc.tuple(fc.constant(version), answersArb(version))),
        ([version, answers]) => {
          const cached = compileForm(version).validate(answers, ctx);
          clearCompiledForms();
          const fresh = compileFormUncached(structuredClone(version)).validate(answers, ctx);
          expect(fresh).toEqual(cached);
          expect(evaluateConditions(version, answers, ctx)).toEqual({
            visible: cached.visible,
            required: cached.required,
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('findCycles reports real cycles, and none exactly when the graph is acyclic', () => {
    const graphArb = fc
      .integer({ min: 1, max: 30 })
      .chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 60 })));
    fc.assert(
      fc.property(graphArb, ([n, edges]) => {
        const version = {
          id: 'g',
          formId: 'g',
          version: 1,
          name: 'g',
          kind: 'long',
          conditions: [],
          elements: Array.from({ length: n }, (_, i) => ({
            id: `n${i}`,
            type: 'shortText',
            dataLabel: `n${i}`,
            label: `n${i}`,
          })),
        } as FormVersion;
        const graph = buildDependencyGraph(
          version,
          edges.map(([from, to]) => ({ from: `n${from}`, to: `n${to}` })),
        );
        const cycles = findCycles(graph);
        expect(cycles.length === 0).toBe(isAcyclicByKahn(graph));
        for (const cycle of cycles) {
          cycle.forEach((id, i) => {
            const from = graph.indexOf.get(id)!;
            const to = graph.indexOf.get(cycle[(i + 1) % cycle.length]!)!;
            expect(graph.successors[from]).toContain(to);
          });
          expect(new Set(cycle).size).toBe(cycle.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('rewording every label is a minor change; a version equals itself', () => {
    fc.assert(
      fc.property(formVersionArb(), (version) => {
        expect(diffVersions(version, structuredClone(version)).changes).toEqual([]);
        const reworded = structuredClone(version);
        for (const element of reworded.elements) element.label = `${element.label}!`;
        const diff = diffVersions(version, reworded);
        expect(diff.hasStructuralChanges).toBe(false);
        expect(diff.hasMinorChanges).toBe(true);
      }),
      RUNS,
    );
  });
});

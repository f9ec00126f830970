import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyKnownValues, valid } from './openapi-arbitraries';

/**
 * The contract test's generators must produce a value for every schema the document can hold. A generator that
 * filters for a length none of its candidates has never yields, and the contract walk hangs on its first run
 * (a two-letter state code did: no word combination is two characters long).
 */
describe('generated strings', () => {
  it.each([
    [2, 2],
    [0, 1],
    [1, 1],
    [3, 3],
    [5, 5],
    [0, 0],
  ])('fit a length of %i to %i characters', (minLength, maxLength) => {
    const values = fc.sample(valid({ type: 'string', minLength, maxLength }, emptyKnownValues()), { numRuns: 200 });
    expect(values).toHaveLength(200);
    for (const v of values as string[]) {
      expect(v.length).toBeGreaterThanOrEqual(minLength);
      expect(v.length).toBeLessThanOrEqual(maxLength);
    }
  });
});

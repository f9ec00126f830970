/**
 * What counts as "no answer". Browsers send '' for an untouched input, [] for an empty checkbox group and false for
 * an unticked acknowledgement; all of them mean "not answered", so required checks, conditions (isEmpty) and the
 * hidden-answer rule treat them alike, on the client and on the server.
 */
import type { Answers } from './form-definition';

/** Nesting is short in real answers (a name, an address, a matrix row); deeper values are simply "not empty". */
const MAX_EMPTY_DEPTH = 3;

export function isEmptyAnswer(value: unknown, depth = 0): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    if (depth >= MAX_EMPTY_DEPTH) return false;
    for (const key in value) {
      if (
        Object.prototype.hasOwnProperty.call(value, key) &&
        !isEmptyAnswer((value as Record<string, unknown>)[key], depth + 1)
      ) {
        return false;
      }
    }
    return true;
  }
  return false;
}

/** A copy of the answers without the empty ones; the same object when nothing was empty (the common case). */
export function normalizeAnswers(answers: Answers): Answers {
  let result: Answers | null = null;
  for (const key of Object.keys(answers)) {
    if (!isEmptyAnswer(answers[key])) continue;
    if (!result) result = { ...answers };
    delete result[key];
  }
  return result ?? answers;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

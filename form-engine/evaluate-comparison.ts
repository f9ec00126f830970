/**
 * The condition language: comparisons on one answer, combined by AND / OR groups. Pure data in, boolean out, so
 * the browser, the API and workflow step routing all decide the same way. Semantics chosen where the spec is silent:
 * - text compares trimmed and case-insensitively ("Yes" equals "yes");
 * - a list answer (checkboxes, multi-select) "equals" a value when it holds exactly that one value, and
 *   "contains" it when the value is among the selections;
 * - greater / less than compare numbers, ISO dates or HH:MM times; an empty answer is neither;
 * - ageAtLeast N: the DOB is on or before the form-filling date minus N years (N = 18 when no value is given),
 *   ageUnder N is its opposite for a valid DOB; an empty DOB satisfies neither.
 */
import { isAtLeastAge, isIsoDate } from './dates';
import type { Comparison, ConditionGroup, ConditionValue, EvaluationContext } from './form-definition';
import { isConditionGroup } from './form-definition';
import { FORM_LIMITS } from './limits';
import { isEmptyAnswer } from './normalize-answers';

const TIME = /^\d{2}:\d{2}$/;

function canonical(value: unknown): string | null {
  if (typeof value === 'string') return value.trim().toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function sameScalar(answer: unknown, expected: ConditionValue | undefined): boolean {
  if (answer === expected) return true;
  const left = canonical(answer);
  return left !== null && left === canonical(expected);
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** -1, 0, 1, or null when the two values are not comparable. */
function compareOrdered(answer: unknown, expected: ConditionValue | undefined): number | null {
  if (typeof answer === 'string' && typeof expected === 'string') {
    const bothDates = isIsoDate(answer) && isIsoDate(expected);
    const bothTimes = TIME.test(answer) && TIME.test(expected);
    if (bothDates || bothTimes) return answer < expected ? -1 : answer > expected ? 1 : 0;
  }
  const left = toNumber(answer);
  const right = toNumber(expected);
  if (left === null || right === null) return null;
  return left < right ? -1 : left > right ? 1 : 0;
}

function ageYears(value: ConditionValue | undefined): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : FORM_LIMITS.defaultAdultAge;
}

export function evaluateComparison(comparison: Comparison, answer: unknown, ctx: EvaluationContext): boolean {
  const { operator, value } = comparison;
  switch (operator) {
    case 'isEmpty':
      return isEmptyAnswer(answer);
    case 'isNotEmpty':
      return !isEmptyAnswer(answer);
    case 'equals':
    case 'notEquals': {
      const equal = Array.isArray(answer)
        ? answer.length === 1 && sameScalar(answer[0], value)
        : !isEmptyAnswer(answer) && sameScalar(answer, value);
      return operator === 'equals' ? equal : !equal;
    }
    case 'contains': {
      if (Array.isArray(answer)) return answer.some((item) => sameScalar(item, value));
      const haystack = canonical(answer);
      const needle = canonical(value);
      return haystack !== null && needle !== null && haystack.includes(needle);
    }
    case 'greaterThan':
    case 'lessThan': {
      if (isEmptyAnswer(answer)) return false;
      const order = compareOrdered(answer, value);
      return order !== null && (operator === 'greaterThan' ? order > 0 : order < 0);
    }
    case 'ageAtLeast':
    case 'ageUnder': {
      if (!isIsoDate(answer)) return false;
      const adult = isAtLeastAge(answer, ctx.today, ageYears(value));
      return operator === 'ageAtLeast' ? adult : !adult;
    }
  }
}

/** Reads the answer a comparison looks at; hidden elements read as unanswered. */
export type AnswerLookup = (elementId: string) => unknown;

/** AND of an empty group is true, OR of an empty group false (the schema forbids empty groups anyway). */
export function evaluateConditionGroup(group: ConditionGroup, lookup: AnswerLookup, ctx: EvaluationContext): boolean {
  const all = group.combinator === 'and';
  for (const node of group.conditions) {
    const result = isConditionGroup(node)
      ? evaluateConditionGroup(node, lookup, ctx)
      : evaluateComparison(node, lookup(node.element), ctx);
    if (all && !result) return false;
    if (!all && result) return true;
  }
  return all;
}

/**
 * Limits of a condition tree (a form rule's `when`, a packet step's `condition`), measured without recursion so a
 * hostile or corrupted tree cannot overflow the stack of whatever walks it next (Ajv, the evaluator, JSON.stringify).
 */
import { ERRORS, type ErrorCode } from '../domain/errors';
import { CONDITION_OPERATORS } from './element-types';
import { FORM_LIMITS } from './limits';

export interface ConditionTreeProblem {
  code: ErrorCode;
  message: string;
}

export interface ConditionTreeOptions {
  /**
   * Also check the shape (a group is `{ combinator, conditions }`, a comparison `{ element, operator, value? }`),
   * with comparisons naming refs of at most this many characters. Without it only depth and size are checked,
   * for callers that validate the shape with a schema afterwards.
   */
  shape?: { maxRefLength: number };
}

const OPERATORS: ReadonlySet<string> = new Set(CONDITION_OPERATORS);
const GROUP_KEYS: ReadonlySet<string> = new Set(['combinator', 'conditions']);
const COMPARISON_KEYS: ReadonlySet<string> = new Set(['element', 'operator', 'value']);
const MAX_GROUP_ITEMS = 100;
const MAX_VALUE_LENGTH = 500;

function limitProblem(code: 'CONDITION_TOO_DEEP' | 'CONDITION_TOO_LARGE'): ConditionTreeProblem {
  return { code, message: ERRORS[code].message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function comparisonShapeProblem(node: Record<string, unknown>, maxRefLength: number): string | null {
  if (Object.keys(node).some((key) => !COMPARISON_KEYS.has(key))) return 'A comparison has an unknown property.';
  const { element, operator, value } = node;
  if (typeof element !== 'string' || element.length === 0 || element.length > maxRefLength)
    return 'A comparison must name a question.';
  if (typeof operator !== 'string' || !OPERATORS.has(operator)) return 'A comparison has an unknown operator.';
  const scalar =
    value === undefined ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH);
  return scalar ? null : 'A comparison value must be a short text, a number or true/false.';
}

function groupShapeProblem(node: Record<string, unknown>): string | null {
  if (Object.keys(node).some((key) => !GROUP_KEYS.has(key))) return 'A condition group has an unknown property.';
  if (node.combinator !== 'and' && node.combinator !== 'or') return 'A condition group combines with "and" or "or".';
  const children = node.conditions;
  if (!Array.isArray(children) || children.length === 0 || children.length > MAX_GROUP_ITEMS)
    return `A condition group holds 1 to ${MAX_GROUP_ITEMS} conditions.`;
  return null;
}

/**
 * The first problem of a condition tree: nested more than `maxConditionDepth` groups deep (CONDITION_TOO_DEEP),
 * more than `maxConditionNodes` groups and comparisons (CONDITION_TOO_LARGE), or, with `shape`, malformed
 * (CONDITION_INVALID with the reason). Null when the tree is within its limits.
 */
export function checkConditionTree(root: unknown, options: ConditionTreeOptions = {}): ConditionTreeProblem | null {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    nodes++;
    if (nodes > FORM_LIMITS.maxConditionNodes) return limitProblem('CONDITION_TOO_LARGE');
    const children = isRecord(node) ? node.conditions : undefined;
    const isGroup = isRecord(node) && 'combinator' in node;
    if (options.shape) {
      const reason = !isRecord(node)
        ? 'A condition must be a group or a comparison.'
        : isGroup || Array.isArray(children)
          ? groupShapeProblem(node)
          : comparisonShapeProblem(node, options.shape.maxRefLength);
      if (reason) return { code: 'CONDITION_INVALID', message: reason };
    }
    if (!Array.isArray(children)) continue;
    if (depth > FORM_LIMITS.maxConditionDepth) return limitProblem('CONDITION_TOO_DEEP');
    for (const child of children) stack.push({ node: child, depth: depth + 1 });
  }
  return null;
}

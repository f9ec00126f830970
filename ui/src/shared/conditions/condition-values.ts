/**
 * What a condition editor may offer, for any list of questions: only operators the engine allows for the element
 * read (isOperatorAllowed), and a value input that fits the operator. Shared by the form builder (conditions on
 * elements) and the packet workflow designer (conditions on steps).
 */
import { ACADEMIC_STANDING_LABELS } from '../../../../domain/athletes';
import {
  CONDITION_OPERATORS,
  isConditionGroup,
  isOperatorAllowed,
  type Comparison,
  type ConditionGroup,
  type ConditionOperator,
  type ConditionValue,
  type ElementType,
  type FormElement,
} from '../../../../form-engine';

export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: 'equals',
  notEquals: 'does not equal',
  contains: 'contains',
  greaterThan: 'is greater than',
  lessThan: 'is less than',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  ageAtLeast: 'age is at least',
  ageUnder: 'age is under',
};

export type ValueKind = 'none' | 'years' | 'number' | 'date' | 'time' | 'option' | 'boolean' | 'text';

export interface ValueChoice {
  value: string;
  label: string;
}

export function allowedOperators(type: ElementType): ConditionOperator[] {
  return CONDITION_OPERATORS.filter((operator) => isOperatorAllowed(operator, type));
}

/** Fixed answers to pick from, when the element has them (options, standings, rating steps, acknowledgement). */
export function valueChoices(element: FormElement): ValueChoice[] | null {
  switch (element.type) {
    case 'dropdown':
    case 'multipleChoice':
    case 'checkbox':
    case 'radioButtons':
      return element.options.map((o) => ({ value: o.id, label: o.label }));
    case 'sport':
      return element.options ? element.options.map((o) => ({ value: o.id, label: o.label })) : null;
    case 'academicStanding':
      return Object.entries(ACADEMIC_STANDING_LABELS).map(([value, label]) => ({ value, label }));
    case 'scaleRating':
      return Array.from({ length: element.ratings }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
    default:
      return null;
  }
}

export function valueKind(operator: ConditionOperator, element: FormElement): ValueKind {
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return 'none';
  if (operator === 'ageAtLeast' || operator === 'ageUnder') return 'years';
  if (element.type === 'scaleRating') return operator === 'equals' || operator === 'notEquals' ? 'option' : 'number';
  if (element.type === 'legal') return 'boolean';
  if (element.type === 'time') return 'time';
  if (element.type === 'date' || element.type === 'dob') return 'date';
  return valueChoices(element) ? 'option' : 'text';
}

/** A value of the right kind to start from; undefined for tests that take none (18 years is the engine default). */
export function defaultValue(kind: ValueKind, element: FormElement, today: string): ConditionValue | undefined {
  switch (kind) {
    case 'none':
      return undefined;
    case 'years':
      return 18;
    case 'number':
      return 1;
    case 'date':
      return today;
    case 'time':
      return '12:00';
    case 'boolean':
      return true;
    case 'option': {
      const first = valueChoices(element)?.[0]?.value ?? '';
      return element.type === 'scaleRating' ? Number(first) : first;
    }
    case 'text':
      return '';
  }
}

/** A comparison on `element` with its first allowed operator and a default value. */
export function createComparison(
  element: FormElement,
  today: string,
  operator: ConditionOperator = allowedOperators(element.type)[0] ?? 'isNotEmpty',
): Comparison {
  const value = defaultValue(valueKind(operator, element), element, today);
  return value === undefined ? { element: element.id, operator } : { element: element.id, operator, value };
}

/** The group reached by following `path` (child indices) from the root; null if the path no longer exists. */
export function groupAt(root: ConditionGroup, path: readonly number[]): ConditionGroup | null {
  let group: ConditionGroup = root;
  for (const index of path) {
    const child = group.conditions[index];
    if (!child || !isConditionGroup(child)) return null;
    group = child;
  }
  return group;
}

/** A copy of `root` with the group at `path` replaced by `update(group)`. */
export function updateGroupAt(
  root: ConditionGroup,
  path: readonly number[],
  update: (group: ConditionGroup) => ConditionGroup,
): ConditionGroup {
  if (path.length === 0) return update(root);
  const [head, ...rest] = path;
  return {
    ...root,
    conditions: root.conditions.map((child, i) =>
      i === head && isConditionGroup(child) ? updateGroupAt(child, rest, update) : child,
    ),
  };
}

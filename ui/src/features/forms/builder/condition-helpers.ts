/**
 * What the condition editor may offer: only operators the engine allows for the element read (isOperatorAllowed),
 * and a value input that fits the operator, so a rule built here passes checkDefinition unless it closes a cycle.
 */
import { ACADEMIC_STANDING_LABELS } from '../../../../../domain/athletes';
import {
  CONDITION_OPERATORS,
  isAnswerableType,
  isConditionGroup,
  isOperatorAllowed,
  type Comparison,
  type ConditionAction,
  type ConditionGroup,
  type ConditionNode,
  type ConditionOperator,
  type ConditionRule,
  type ConditionValue,
  type ElementType,
  type FormElement,
  type FormVersion,
} from '../../../../../form-engine';
import type { MakeId } from './create-element';
import { ELEMENT_LABELS } from './element-catalog';

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

export const ACTION_LABELS: Record<ConditionAction, string> = {
  show: 'Show this element',
  hide: 'Hide this element',
  require: 'Make this element required',
};

export type ValueKind = 'none' | 'years' | 'number' | 'date' | 'time' | 'option' | 'boolean' | 'text';

export interface ValueChoice {
  value: string;
  label: string;
}

export function allowedOperators(type: ElementType): ConditionOperator[] {
  return CONDITION_OPERATORS.filter((operator) => isOperatorAllowed(operator, type));
}

/** The elements a rule on `targetId` may read: every question except the target itself. */
export function conditionSources(version: FormVersion, targetId: string): FormElement[] {
  return version.elements.filter((e) => e.id !== targetId && isAnswerableType(e.type));
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

export function createRule(
  target: FormElement,
  source: FormElement,
  today: string,
  makeId: MakeId,
  action: ConditionAction = 'show',
): ConditionRule {
  return {
    id: makeId('rule'),
    action,
    target: target.id,
    when: { combinator: 'and', conditions: [createComparison(source, today)] },
  };
}

function elementName(version: FormVersion, id: string): string {
  const element = version.elements.find((e) => e.id === id);
  if (!element) return 'a deleted element';
  return `"${element.label.trim() || element.dataLabel || ELEMENT_LABELS[element.type]}"`;
}

function describeValue(version: FormVersion, comparison: Comparison): string {
  if (comparison.value === undefined) return '';
  const element = version.elements.find((e) => e.id === comparison.element);
  const choice = element && valueChoices(element)?.find((c) => c.value === String(comparison.value));
  return ` ${choice ? choice.label : String(comparison.value)}`;
}

function describeNode(version: FormVersion, node: ConditionNode): string {
  if (!isConditionGroup(node)) {
    return `${elementName(version, node.element)} ${OPERATOR_LABELS[node.operator]}${describeValue(version, node)}`;
  }
  const parts = node.conditions.map((child) =>
    isConditionGroup(child) ? `(${describeNode(version, child)})` : describeNode(version, child),
  );
  return parts.join(node.combinator === 'and' ? ' and ' : ' or ');
}

/** "Show "Email" when "Has email" equals Yes" — for the list of rules a delete or move would reset. */
export function describeRule(version: FormVersion, rule: ConditionRule): string {
  const verb = rule.action === 'show' ? 'Show' : rule.action === 'hide' ? 'Hide' : 'Require';
  return `${verb} ${elementName(version, rule.target)} when ${describeNode(version, rule.when)}`;
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

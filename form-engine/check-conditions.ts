/**
 * Rules about conditions: every element named must exist, read elements must take an answer, the operator must
 * make sense for the element read, and the value must fit the operator. Cycles are found in check-definition.ts.
 */
import { isIsoDate } from './dates';
import { createProblem, type DefinitionProblem } from './definition-problem';
import { isAnswerableType, type ConditionOperator, type ElementType } from './element-types';
import type { Comparison, ConditionNode, ConditionRule, FormElement } from './form-definition';
import { isConditionGroup } from './form-definition';

const SCALAR_TYPES: ReadonlySet<ElementType> = new Set<ElementType>([
  'sport',
  'studentId',
  'academicStanding',
  'dob',
  'date',
  'shortText',
  'longText',
  'dropdown',
  'multipleChoice',
  'checkbox',
  'radioButtons',
  'scaleRating',
  'psaName',
  'websiteLink',
  'legal',
  'time',
]);
const CONTAINS_TYPES: ReadonlySet<ElementType> = new Set<ElementType>([
  'sport',
  'studentId',
  'shortText',
  'longText',
  'dropdown',
  'multipleChoice',
  'checkbox',
  'psaName',
  'websiteLink',
]);
const ORDERED_TYPES: ReadonlySet<ElementType> = new Set<ElementType>(['scaleRating', 'date', 'dob', 'time']);
const AGE_TYPES: ReadonlySet<ElementType> = new Set<ElementType>(['dob', 'date']);

/** Which element types each operator can read; isEmpty / isNotEmpty read any answer. */
export function isOperatorAllowed(operator: ConditionOperator, type: ElementType): boolean {
  if (!isAnswerableType(type)) return false;
  switch (operator) {
    case 'isEmpty':
    case 'isNotEmpty':
      return true;
    case 'equals':
    case 'notEquals':
      return SCALAR_TYPES.has(type);
    case 'contains':
      return CONTAINS_TYPES.has(type);
    case 'greaterThan':
    case 'lessThan':
      return ORDERED_TYPES.has(type);
    case 'ageAtLeast':
    case 'ageUnder':
      return AGE_TYPES.has(type);
  }
}

/** A message when the comparison's value does not fit its operator and element, else null. */
function describeValueProblem(comparison: Comparison, type: ElementType): string | null {
  const { operator, value } = comparison;
  switch (operator) {
    case 'isEmpty':
    case 'isNotEmpty':
      return value === undefined ? null : 'An emptiness test takes no value.';
    case 'ageAtLeast':
    case 'ageUnder':
      return value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 150)
        ? null
        : 'An age condition takes a whole number of years.';
    case 'greaterThan':
    case 'lessThan':
      if (type === 'scaleRating') return typeof value === 'number' ? null : 'Compare a rating with a number.';
      if (type === 'time')
        return typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? null : 'Compare a time with HH:MM.';
      return isIsoDate(value) ? null : 'Compare a date with a date (YYYY-MM-DD).';
    default:
      return value === undefined ? 'This condition needs a value to compare with.' : null;
  }
}

function collectComparisons(root: ConditionNode): Comparison[] {
  const comparisons: Comparison[] = [];
  const stack: ConditionNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isConditionGroup(node)) for (const child of node.conditions) stack.push(child);
    else comparisons.push(node);
  }
  return comparisons;
}

export function checkConditionRule(
  rule: ConditionRule,
  elementsById: ReadonlyMap<string, FormElement>,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const target = elementsById.get(rule.target);
  if (!target) {
    problems.push(createProblem('CONDITION_UNKNOWN_ELEMENT', { ruleId: rule.id, elementId: rule.target }));
  } else if (rule.action === 'require' && !isAnswerableType(target.type)) {
    problems.push(
      createProblem(
        'CONDITION_INVALID',
        { ruleId: rule.id, elementId: target.id },
        'Only questions can be made required.',
      ),
    );
  }
  for (const comparison of collectComparisons(rule.when)) {
    const source = elementsById.get(comparison.element);
    if (!source) {
      problems.push(createProblem('CONDITION_UNKNOWN_ELEMENT', { ruleId: rule.id, elementId: comparison.element }));
      continue;
    }
    if (!isOperatorAllowed(comparison.operator, source.type)) {
      problems.push(
        createProblem(
          'CONDITION_INVALID',
          { ruleId: rule.id, elementId: source.id },
          isAnswerableType(source.type)
            ? `"${comparison.operator}" cannot be used with a ${source.type} element.`
            : 'A condition can only read a question that takes an answer.',
        ),
      );
      continue;
    }
    const valueProblem = describeValueProblem(comparison, source.type);
    if (valueProblem)
      problems.push(createProblem('CONDITION_INVALID', { ruleId: rule.id, elementId: source.id }, valueProblem));
  }
  return problems;
}

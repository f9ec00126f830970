/**
 * What the condition editor may offer: only operators the engine allows for the element read (isOperatorAllowed),
 * and a value input that fits the operator, so a rule built here passes checkDefinition unless it closes a cycle.
 */
import {
  isAnswerableType,
  isConditionGroup,
  type Comparison,
  type ConditionAction,
  type ConditionNode,
  type ConditionRule,
  type FormElement,
  type FormVersion,
} from '../../../../../form-engine';
import { createComparison, OPERATOR_LABELS, valueChoices } from '../../../shared/conditions/condition-values';
import type { MakeId } from './create-element';
import { ELEMENT_LABELS } from './element-catalog';

export {
  allowedOperators,
  createComparison,
  defaultValue,
  groupAt,
  OPERATOR_LABELS,
  updateGroupAt,
  valueChoices,
  valueKind,
  type ValueChoice,
  type ValueKind,
} from '../../../shared/conditions/condition-values';

export const ACTION_LABELS: Record<ConditionAction, string> = {
  show: 'Show this element',
  hide: 'Hide this element',
  require: 'Make this element required',
};

/** The elements a rule on `targetId` may read: every question except the target itself. */
export function conditionSources(version: FormVersion, targetId: string): FormElement[] {
  return version.elements.filter((e) => e.id !== targetId && isAnswerableType(e.type));
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

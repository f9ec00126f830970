/**
 * Which elements are visible and which are required, given the answers so far. For one element:
 * - visible  = (no show rule, or at least one show rule holds) and no hide rule holds;
 * - required = visible and (its required setting, or at least one require rule holds).
 * A hidden element's answer reads as empty to every rule, and it is never required.
 */
import { getConditionPlan, type ConditionPlan } from './condition-plan';
import { isRequiredSetting } from './element-settings';
import { isAnswerableType } from './element-types';
import { evaluateConditionGroup } from './evaluate-comparison';
import { isEmptyAnswer } from './normalize-answers';
import type { Answers, ConditionRule, EvaluationContext, FormVersion } from './form-definition';

export interface ConditionState {
  visible: Set<string>;
  required: Set<string>;
}

function anyRuleHolds(
  rules: readonly ConditionRule[],
  lookup: (id: string) => unknown,
  ctx: EvaluationContext,
): boolean {
  for (const rule of rules) if (evaluateConditionGroup(rule.when, lookup, ctx)) return true;
  return false;
}

export function evaluateConditionPlan(plan: ConditionPlan, answers: Answers, ctx: EvaluationContext): ConditionState {
  // Until an element is evaluated it counts as visible; only cycles (a definition error) can observe that.
  const hidden = new Uint8Array(plan.elements.length);
  const lookup = (id: string): unknown => {
    const index = plan.indexOf.get(id);
    if (index === undefined || hidden[index]) return undefined;
    if (!Object.prototype.hasOwnProperty.call(answers, id)) return undefined;
    // An empty answer ('' from an untouched input, []) reads as none, as the validator's normalised answers do, so
    // the live form, the PDF and the server agree on what is shown.
    const value = answers[id];
    return isEmptyAnswer(value) ? undefined : value;
  };
  const visible = new Set<string>();
  const required = new Set<string>();
  for (const index of plan.order) {
    const element = plan.elements[index]!;
    const rules = plan.rulesOf[index];
    let isVisible = true;
    let isRequired = isRequiredSetting(element);
    if (rules) {
      if (rules.show.length > 0 && !anyRuleHolds(rules.show, lookup, ctx)) isVisible = false;
      if (isVisible && anyRuleHolds(rules.hide, lookup, ctx)) isVisible = false;
      if (isVisible && !isRequired) isRequired = anyRuleHolds(rules.require, lookup, ctx);
    }
    if (!isVisible) {
      hidden[index] = 1;
      continue;
    }
    visible.add(element.id);
    // A require rule on a heading or divider means nothing: only answerable elements can be required.
    if (isRequired && isAnswerableType(element.type)) required.add(element.id);
  }
  return { visible, required };
}

/** Visible and required element ids for these answers on the form-filling date `ctx.today`. */
export function evaluateConditions(version: FormVersion, answers: Answers, ctx: EvaluationContext): ConditionState {
  return evaluateConditionPlan(getConditionPlan(version), answers, ctx);
}

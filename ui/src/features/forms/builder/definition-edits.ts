/**
 * Pure edits of a draft form version. Deleting and moving go through the engine's applyReset so the conditions
 * they break are removed the same way the server would judge them; the builder asks first (conditionsResetBy).
 */
import {
  applyReset,
  FORM_LIMITS,
  isAnswerableType,
  type ElementType,
  type ConditionRule,
  type ElementEdit,
  type FormElement,
  type FormVersion,
} from '../../../../../form-engine';
import { isDerivedDataLabel, uniqueDataLabel } from './data-labels';

/** Inserts at `index` (clamped), or at the end. */
export function addElement(version: FormVersion, element: FormElement, index?: number): FormVersion {
  const elements = [...version.elements];
  const at = index === undefined ? elements.length : Math.max(0, Math.min(elements.length, index));
  elements.splice(at, 0, element);
  return { ...version, elements };
}

export function replaceElement(version: FormVersion, element: FormElement): FormVersion {
  return { ...version, elements: version.elements.map((e) => (e.id === element.id ? element : e)) };
}

/**
 * Sets the question's label; the data label follows while it is still derived from the old label, unless
 * `keepDataLabel` (a frozen form, where a data label change would be structural).
 */
export function setElementLabel(version: FormVersion, id: string, label: string, keepDataLabel = false): FormVersion {
  const element = version.elements.find((e) => e.id === id);
  if (!element) return version;
  const follows = !keepDataLabel && label.trim() !== '' && isDerivedDataLabel(element.dataLabel, element.label);
  const dataLabel = follows ? uniqueDataLabel(label, version.elements, id) : element.dataLabel;
  return replaceElement(version, { ...element, label, dataLabel });
}

/** Delete or move an element; rules it resets are dropped (the caller has confirmed them). */
export function editElement(version: FormVersion, edit: ElementEdit): FormVersion {
  return applyReset(version, edit).version;
}

/** The index one step up or down, or null at an end. */
export function neighbourIndex(version: FormVersion, id: string, step: -1 | 1): number | null {
  const index = version.elements.findIndex((e) => e.id === id);
  if (index === -1) return null;
  const next = index + step;
  return next < 0 || next >= version.elements.length ? null : next;
}

/** Adds the rule, or replaces the one with its id. */
export function upsertCondition(version: FormVersion, rule: ConditionRule): FormVersion {
  const exists = version.conditions.some((r) => r.id === rule.id);
  return {
    ...version,
    conditions: exists ? version.conditions.map((r) => (r.id === rule.id ? rule : r)) : [...version.conditions, rule],
  };
}

export function removeCondition(version: FormVersion, ruleId: string): FormVersion {
  return { ...version, conditions: version.conditions.filter((r) => r.id !== ruleId) };
}

/** Questions are the elements that take an answer; a short form holds at most 10 of them. */
export function countQuestions(version: FormVersion): number {
  return version.elements.filter((e) => isAnswerableType(e.type)).length;
}

/** Whether an element of `type` may be added: a short form refuses its 11th question. */
export function canAddElement(version: FormVersion, type: ElementType): boolean {
  if (version.kind !== 'short' || !isAnswerableType(type)) return true;
  return countQuestions(version) < FORM_LIMITS.shortFormMaxQuestions;
}

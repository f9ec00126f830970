import { isAnswerableType, collectConditionSources, type FormVersion } from '../../../../../form-engine';

/**
 * The part of a form one submitter step answers: its assigned questions plus display elements, with only the
 * conditions whose target and sources stay, so the renderer can compile it. All of it when every question is assigned.
 */
export function formForStep(formId: string, version: FormVersion, questionIds: readonly string[]): FormVersion | null {
  const mine = new Set(questionIds.filter((q) => q.startsWith(`${formId}:`)).map((q) => q.slice(formId.length + 1)));
  if (mine.size === 0) return null;
  const elements = version.elements.filter((e) => !isAnswerableType(e.type) || mine.has(e.id));
  const kept = new Set(elements.map((e) => e.id));
  const conditions = version.conditions.filter(
    (rule) => kept.has(rule.target) && collectConditionSources(rule.when).every((id) => kept.has(id)),
  );
  return { ...version, id: `${version.id}:${[...mine].length}`, elements, conditions };
}

/**
 * "Deleting or moving a question resets related conditions after confirmation" (part 2 §5). The builder first asks
 * conditionsResetBy what would be reset and shows it; applyReset then performs the edit and drops those rules.
 * - Deleting an element resets every rule that targets it or reads it.
 * - Moving an element resets the rules between it and another element whose order flips: a rule that read an
 *   earlier question now reads a later one (or the reverse), which is no longer what its author set up. Rules
 *   whose elements keep their relative order survive the move.
 * A reset removes the whole rule: dropping only one comparison would silently widen an AND (or narrow an OR).
 */
import { collectConditionSources } from './dependency-graph';
import type { ConditionRule, FormVersion } from './form-definition';

export type ElementEdit = { type: 'delete'; elementId: string } | { type: 'move'; elementId: string; toIndex: number };

export interface ConditionReset {
  ruleId: string;
  rule: ConditionRule;
  reason: 'targetDeleted' | 'sourceDeleted' | 'orderChanged';
}

function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(length - 1, Math.trunc(index)));
}

/** Position of the element now at `index` once the element at `from` is moved to `to`. */
function positionAfterMove(index: number, from: number, to: number): number {
  if (index === from) return to;
  if (from < to && index > from && index <= to) return index - 1;
  if (from > to && index >= to && index < from) return index + 1;
  return index;
}

export function conditionsResetBy(version: FormVersion, edit: ElementEdit): ConditionReset[] {
  const resets: ConditionReset[] = [];
  if (edit.type === 'delete') {
    for (const rule of version.conditions) {
      if (rule.target === edit.elementId) resets.push({ ruleId: rule.id, rule, reason: 'targetDeleted' });
      else if (collectConditionSources(rule.when).includes(edit.elementId)) {
        resets.push({ ruleId: rule.id, rule, reason: 'sourceDeleted' });
      }
    }
    return resets;
  }
  const positionOf = new Map(version.elements.map((element, index) => [element.id, index]));
  const from = positionOf.get(edit.elementId);
  if (from === undefined) return [];
  const to = clampIndex(edit.toIndex, version.elements.length);
  const moved = (id: string) => positionAfterMove(positionOf.get(id) ?? -1, from, to);
  for (const rule of version.conditions) {
    const target = positionOf.get(rule.target);
    if (target === undefined) continue;
    const flips = collectConditionSources(rule.when).some((source) => {
      const before = positionOf.get(source);
      if (before === undefined || (source !== edit.elementId && rule.target !== edit.elementId)) return false;
      return before < target !== moved(source) < moved(rule.target);
    });
    if (flips) resets.push({ ruleId: rule.id, rule, reason: 'orderChanged' });
  }
  return resets;
}

/** Performs the delete or move and removes the rules it resets; returns a new version and what was reset. */
export function applyReset(version: FormVersion, edit: ElementEdit): { version: FormVersion; reset: ConditionReset[] } {
  const reset = conditionsResetBy(version, edit);
  const resetIds = new Set(reset.map((item) => item.ruleId));
  const conditions = version.conditions.filter((rule) => !resetIds.has(rule.id));
  let elements = version.elements;
  const from = elements.findIndex((element) => element.id === edit.elementId);
  if (from !== -1) {
    elements = [...elements];
    const [element] = elements.splice(from, 1);
    if (edit.type === 'move') elements.splice(clampIndex(edit.toIndex, version.elements.length), 0, element!);
  }
  return { version: { ...version, elements, conditions }, reset };
}

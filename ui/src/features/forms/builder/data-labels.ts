/**
 * Data labels are the human keys of answers in reports, compared trimmed and case-insensitively by the engine.
 * While the author has not typed one, the data label follows the question's label, numbered when taken.
 */
import type { FormElement } from '../../../../../form-engine';

const MAX_LENGTH = 100;

function normalize(label: string): string {
  return label.trim().toLowerCase();
}

/** `base`, or `base 2`, `base 3`… — the first one no other element uses. `exceptId` is the element being renamed. */
export function uniqueDataLabel(base: string, elements: readonly FormElement[], exceptId?: string): string {
  const stem = (base.trim() || 'Field').slice(0, MAX_LENGTH - 4);
  const taken = new Set(elements.filter((e) => e.id !== exceptId).map((e) => normalize(e.dataLabel)));
  if (!taken.has(normalize(stem))) return stem;
  for (let n = 2; ; n++) {
    const candidate = `${stem} ${n}`;
    if (!taken.has(normalize(candidate))) return candidate;
  }
}

/** Whether the data label was derived from `label` (possibly numbered), i.e. the author never set it by hand. */
export function isDerivedDataLabel(dataLabel: string, label: string): boolean {
  const stem = normalize(label.slice(0, MAX_LENGTH - 4));
  const current = normalize(dataLabel);
  if (current === stem) return true;
  return current.startsWith(`${stem} `) && /^\d+$/.test(current.slice(stem.length + 1));
}

/**
 * Setting changes from the settings panel. A setting cleared in the UI is removed from the element rather than
 * stored as undefined/empty, so the saved definition stays minimal and the engine's defaults apply.
 */
import type { FormElement } from '../../../../../form-engine';

export function patchElement<E extends FormElement>(element: E, changes: Partial<E>): E {
  const next: Record<string, unknown> = { ...element };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as E;
}

/** A limits object without its empty bounds; undefined when no bound is left. */
export function compactLimits<L extends object>(limits: L): L | undefined {
  const entries = Object.entries(limits).filter(([, value]) => value !== undefined && value !== '');
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as L);
}

/** NumberInput gives '' when cleared. */
export function toOptionalNumber(value: string | number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * New elements as the palette drops them: a stable random id, a data label unique in the form (the engine refuses
 * duplicates with "Field label must be unique"), and defaults that already pass the engine's checks — except an
 * image, which needs its picture before the form can be saved.
 */
import type { ChoiceOption, ElementType, FormElement, MatrixColumn, MatrixRow } from '../../../../../form-engine';
import { ELEMENT_LABELS } from './element-catalog';
import { uniqueDataLabel } from './data-labels';

export type MakeId = (prefix: string) => string;

/** Omit applied to each member of a union, so per-type settings survive. */
type ElementDraft = FormElement extends infer E ? (E extends FormElement ? Omit<E, 'id' | 'dataLabel'> : never) : never;

/** Ids follow the engine's id pattern ([A-Za-z0-9_.:-]); getRandomValues works on plain-http hosts too. */
export function makeRandomId(prefix: string): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function createOptions(count: number, makeId: MakeId, first = 1): ChoiceOption[] {
  return Array.from({ length: count }, (_, i) => ({ id: makeId('opt'), label: `Option ${first + i}` }));
}

export function createMatrixRow(index: number, makeId: MakeId): MatrixRow {
  return { id: makeId('row'), label: `Row ${index + 1}` };
}

export function createMatrixColumn(index: number, makeId: MakeId): MatrixColumn {
  return { id: makeId('col'), label: `Column ${index + 1}`, type: 'radio' };
}

/** The settings each type starts with, without id and data label. */
function createDefaults(type: ElementType, makeId: MakeId): ElementDraft {
  const label = ELEMENT_LABELS[type];
  switch (type) {
    case 'sport':
      return { type, label: 'Sport', multiple: false };
    case 'dob':
    case 'date':
      return { type, label, dateFormat: 'MM/DD/YYYY' };
    case 'heading':
      return { type, label: 'Section heading', level: 2 };
    case 'statement':
      return { type, label, text: 'Write the statement people read here.' };
    case 'dropdown':
    case 'multipleChoice':
    case 'checkbox':
    case 'radioButtons':
      return { type, label, options: createOptions(3, makeId) };
    case 'attachment':
      return { type, label, multiple: false };
    case 'image':
      return { type, label: '', image: null };
    case 'scaleRating':
      return { type, label, ratings: 5, lowestText: 'Poor', highestText: 'Excellent' };
    case 'matrix':
      return {
        type,
        label,
        rows: [createMatrixRow(0, makeId), createMatrixRow(1, makeId)],
        columns: [createMatrixColumn(0, makeId), createMatrixColumn(1, makeId)],
      };
    case 'legal':
      return { type, label: 'Terms and conditions', text: 'Write the legal text people must accept here.' };
    case 'divider':
      return { type, label: '' };
    default:
      return { type, label };
  }
}

/** A new element of `type` whose data label is unique among `existing`. */
export function createElement(
  type: ElementType,
  existing: readonly FormElement[],
  makeId: MakeId = makeRandomId,
): FormElement {
  const defaults = createDefaults(type, makeId);
  const dataLabel = uniqueDataLabel(defaults.label.trim() || ELEMENT_LABELS[type], existing);
  return { id: makeId('el'), dataLabel, ...defaults } as FormElement;
}

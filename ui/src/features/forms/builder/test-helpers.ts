/** Deterministic ids and an empty draft for the builder's unit tests. */
import type { FormVersion } from '../../../../../form-engine';
import type { MakeId } from './create-element';

export function sequentialIds(): MakeId {
  let n = 0;
  return (prefix) => `${prefix}_${++n}`;
}

export function emptyDraft(kind: 'long' | 'short' = 'long'): FormVersion {
  return { id: 'v1', formId: 'f1', version: 1, name: 'Medical history', kind, elements: [], conditions: [] };
}

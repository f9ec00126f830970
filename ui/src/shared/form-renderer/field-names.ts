/**
 * react-hook-form reads dots in a field name as a path into nested objects, but element ids may contain dots
 * ("medical.history"). Every element is therefore registered under an encoded name: '~' cannot appear in an id
 * (the definition schema allows letters, digits and _ . : -), so the mapping is unambiguous both ways.
 */
export function toFieldName(elementId: string): string {
  return elementId.replace(/\./g, '~');
}

export function toElementId(fieldName: string): string {
  return fieldName.replace(/~/g, '.');
}

/** Answers keyed by element id → react-hook-form values keyed by field name. */
export function toFormValues(answers: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(answers)) values[toFieldName(id)] = value;
  return values;
}

/** react-hook-form values → answers keyed by element id. */
export function toAnswers(values: Record<string, unknown>): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) answers[toElementId(name)] = value;
  return answers;
}

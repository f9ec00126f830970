/** The line under a field: the builder's tips, then what the limits ask for, so nobody learns them from an error. */
export function describeTextLimits(minLength: number | undefined, maxLength: number | undefined): string | null {
  const min = minLength !== undefined && minLength > 1 ? minLength : null;
  if (min !== null && maxLength !== undefined) return `${min} to ${maxLength} characters.`;
  if (min !== null) return `At least ${min} characters.`;
  return null;
}

export function describeSelectionLimits(minSelections: number | undefined, maxSelections: number | undefined) {
  const min = minSelections !== undefined && minSelections > 1 ? minSelections : null;
  if (min !== null && maxSelections !== undefined) {
    return min === maxSelections ? `Choose ${min}.` : `Choose ${min} to ${maxSelections}.`;
  }
  if (min !== null) return `Choose at least ${min}.`;
  if (maxSelections !== undefined) return `Choose up to ${maxSelections}.`;
  return null;
}

export function joinHints(...parts: Array<string | null | undefined>): string | undefined {
  const text = parts.filter((part): part is string => !!part && part.trim() !== '').join(' ');
  return text === '' ? undefined : text;
}

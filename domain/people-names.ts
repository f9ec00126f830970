import { ERRORS } from './errors';

/**
 * The one check of single-line names (people, teams, events): CR, LF, NUL and every other C0/C1 control character
 * is refused, as it can break the lines of a calendar, a CSV export or a mail header (issue 36).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

// Zero-width characters and bidirectional overrides/isolates: invisible, they make a name read other than it is.
const INVISIBLE_CHARACTERS = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A name without zero-width and bidirectional control characters (issue 36): they are stripped, not refused. */
export function stripInvisibleCharacters(value: string): string {
  return value.replace(INVISIBLE_CHARACTERS, '');
}

/** One detail per named field whose text holds a control character (absent and null fields pass). */
export function nameCharacterProblems<K extends string>(
  body: Partial<Record<K, unknown>>,
  fields: readonly K[],
): Array<{ field: K; code: 'NAME_INVALID_CHARACTERS'; message: string }> {
  return fields
    .filter((field) => {
      const value = body[field];
      return typeof value === 'string' && hasControlCharacters(value);
    })
    .map((field) => ({
      field,
      code: 'NAME_INVALID_CHARACTERS' as const,
      message: ERRORS.NAME_INVALID_CHARACTERS.message,
    }));
}

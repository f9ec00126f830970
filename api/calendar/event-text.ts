import { nameCharacterProblems } from '../../domain/people-names';

// Zero-width characters and bidirectional overrides/isolates: invisible, they make a name read other than it is.
const INVISIBLE_CHARACTERS = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A name without zero-width and bidirectional control characters (issue 36). */
export function stripInvisibleCharacters(value: string): string {
  return value.replace(INVISIBLE_CHARACTERS, '');
}

/** One detail per single-line text field (name, location) that holds a line break or another control character. */
export function checkEventTextCharacters(body: {
  name: string;
  location?: string | null;
}): Array<{ field: string; code: 'NAME_INVALID_CHARACTERS'; message: string }> {
  // CR, LF, NUL and every other control character: the one shared rule of domain/people-names.
  return nameCharacterProblems(body, ['name', 'location'] as const);
}

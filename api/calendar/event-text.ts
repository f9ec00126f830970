import { nameCharacterProblems } from '../../domain/people-names';

/** One detail per single-line text field (name, location) that holds a line break or another control character. */
export function checkEventTextCharacters(body: {
  name: string;
  location?: string | null;
}): Array<{ field: string; code: 'NAME_INVALID_CHARACTERS'; message: string }> {
  // CR, LF, NUL and every other control character: the one shared rule of domain/people-names.
  return nameCharacterProblems(body, ['name', 'location'] as const);
}

/** A user's search text as a LIKE pattern matching it anywhere; their % and _ are literal characters. */
export function containsPattern(text: string): string {
  return `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Words are runs of non-space characters, as a person counts them ("max 20 words"): the one count behind every word
 * limit (form text, packet descriptions, event notes, approval comments).
 */
export function countWords(text: string | null | undefined): number {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

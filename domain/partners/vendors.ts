/**
 * Vendors' profiles and public business cards (issue 39; spec part 1 §2 `/card/:customUrl`). Pure rules shared by
 * the API and the screens.
 */
export const VENDOR_LIMITS = {
  customUrlMaxLength: 60,
  nameMaxLength: 120,
  maxCategories: 10,
  categoryMaxLength: 40,
  textMaxLength: 2000,
} as const;

/** Letters, numbers, hyphens and underscores, as the spec's questionnaire URLs (part 2 §5). */
const CUSTOM_URL = /^[A-Za-z0-9_-]+$/;

/**
 * The custom URL as typed: trimmed; refused when empty (MANDATORY_FIELD), holding a slash or any other character
 * than letters, numbers, hyphens and underscores, or longer than 60 characters (VENDOR_URL_INVALID). A clash with
 * another vendor's is the database's to tell (VENDOR_URL_TAKEN).
 */
export function checkCustomUrl(
  text: string,
): { ok: true; value: string } | { ok: false; code: 'MANDATORY_FIELD' | 'VENDOR_URL_INVALID' } {
  const url = text.trim();
  if (!url) return { ok: false, code: 'MANDATORY_FIELD' };
  if (url.length > VENDOR_LIMITS.customUrlMaxLength || !CUSTOM_URL.test(url))
    return { ok: false, code: 'VENDOR_URL_INVALID' };
  return { ok: true, value: url };
}

/** Categories as typed: trimmed, blanks and repeats (ignoring case) dropped, in the order given. */
export function cleanCategories(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const c = raw.trim();
    if (!c || seen.has(c.toLowerCase())) continue;
    seen.add(c.toLowerCase());
    out.push(c);
  }
  return out;
}

/**
 * Text for pdf-lib's standard fonts, which encode only WinAnsi (Windows-1252): anything else makes pdf-lib throw.
 * Every string drawn in a submission PDF goes through toPdfText, which keeps what the fonts can draw,
 * transliterates what it can (accents dropped, common symbols spelled out) and replaces the rest with "?".
 */

/** The characters of WinAnsi that the standard fonts draw: printable ASCII, Latin-1 and the 0x80-0x9F extras. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

function isWinAnsi(codePoint: number): boolean {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return true;
  // 0xA0 (no-break space) and 0xAD (soft hyphen) are mapped below: their glyphs are missing from some fonts.
  if (codePoint >= 0xa1 && codePoint <= 0xff && codePoint !== 0xad) return true;
  return WIN_ANSI_EXTRAS.includes(String.fromCodePoint(codePoint));
}

/** Letters and symbols that do not decompose into a WinAnsi letter plus accents. */
const TRANSLITERATIONS: Record<string, string> = {
  '\u00a0': ' ',
  '\u00ad': '',
  '\t': '    ',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŋ: 'ng',
  Ŋ: 'NG',
  ĸ: 'k',
  ſ: 's',
  ŀ: 'l',
  Ŀ: 'L',
  ə: 'e',
  Ə: 'E',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2039': '‹',
  '\u2044': '/',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u221e': 'infinity',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2717': 'x',
  '\u2718': 'x',
  '\u2022': '•',
  '\u2026': '…',
  '\u2116': 'No.',
  '\u2122': '™',
  '\u2018': '‘',
  '\u2019': '’',
  '\u201c': '“',
  '\u201d': '”',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
  '\u2028': ' ',
  '\u2029': ' ',
};

const COMBINING_MARKS = /\p{M}/gu;

function transliterate(ch: string): string {
  const mapped = TRANSLITERATIONS[ch];
  if (mapped !== undefined) return mapped;
  // "ő" → "o" + U+030B → "o"; "ﬁ" → "fi"; full-width "Ａ" → "A".
  const decomposed = ch.normalize('NFKD').replace(COMBINING_MARKS, '');
  if (decomposed && decomposed !== ch && [...decomposed].every((c) => isWinAnsi(c.codePointAt(0)!))) return decomposed;
  return '?';
}

/**
 * One line of text the standard fonts can draw. Line breaks become spaces (callers split paragraphs first) and other
 * control characters disappear; the result never makes pdf-lib throw.
 */
export function toPdfText(value: string): string {
  let out = '';
  // NFC first so "e" + combining acute becomes the single WinAnsi letter "é".
  for (const ch of value.normalize('NFC')) {
    const codePoint = ch.codePointAt(0)!;
    if (isWinAnsi(codePoint)) out += ch;
    else if (codePoint === 0x0a || codePoint === 0x0d) out += ' ';
    else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) continue;
    else out += transliterate(ch);
  }
  return out;
}

/** Measures a string at a size; the renderer passes a font's widthOfTextAtSize. */
export type MeasureText = (text: string, size: number) => number;

/**
 * Splits text into lines no wider than `width`: paragraphs on line breaks, words on spaces, and a word longer than a
 * line (a URL, a hash) cut where it must. Blank paragraphs are kept as empty lines.
 */
export function wrapText(text: string, width: number, size: number, measure: MeasureText): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const words = toPdfText(paragraph).split(' ');
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (rest && measure(rest, size) > width) {
        const cut = longestFittingPrefix(rest, width, size, measure);
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Binary search for the longest prefix that fits (at least one character, so wrapping always progresses). */
function longestFittingPrefix(word: string, width: number, size: number, measure: MeasureText): number {
  let low = 1;
  let high = word.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(word.slice(0, mid), size) <= width) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** "2026-11-23T09:17:01.123Z" → "2026-11-23 09:17:01 UTC"; anything unparseable is shown as given. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The handwriting font of typed signatures: Dancing Script (SIL Open Font License 1.1) from the @fontsource package,
 * which ships it as WOFF; fontkit reads WOFF and pdf-lib embeds only the glyphs a signature uses, so a PDF grows by
 * a few kilobytes. Read once per process.
 */
const SIGNATURE_FONT = '@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff';

let fontBytes: Promise<Uint8Array> | null = null;

type ParsedFont = ReturnType<typeof fontkit.create>;
const parsed = new WeakMap<Uint8Array, ParsedFont>();

/**
 * fontkit as pdf-lib uses it, parsing each font file once per process: pdf-lib would otherwise inflate and parse the
 * WOFF for every PDF. The parsed font is only read (each PDF makes its own subset of it), so sharing it is safe.
 */
const cachingFontkit = {
  create(data: Uint8Array, postscriptName?: string): ParsedFont {
    if (postscriptName) return fontkit.create(data, postscriptName);
    let font = parsed.get(data);
    if (!font) {
      font = fontkit.create(data);
      parsed.set(data, font);
    }
    return font;
  },
};

function loadSignatureFontBytes(): Promise<Uint8Array> {
  fontBytes ??= readFile(createRequire(import.meta.url).resolve(SIGNATURE_FONT)).then(
    (buffer) => new Uint8Array(buffer),
  );
  return fontBytes;
}

export interface SignatureFont {
  font: PDFFont;
  /** Whether every character of `text` has a glyph in the font (otherwise the caller falls back). */
  covers(text: string): boolean;
}

/** Embeds the signature font (subset) in `doc`; null when it cannot be read, so a PDF is still produced. */
export async function embedSignatureFont(doc: PDFDocument): Promise<SignatureFont | null> {
  try {
    doc.registerFontkit(cachingFontkit);
    const font = await doc.embedFont(await loadSignatureFontBytes(), { subset: true });
    const glyphs = new Set(font.getCharacterSet());
    return {
      font,
      covers: (text) => [...text].every((char) => char === ' ' || glyphs.has(char.codePointAt(0)!)),
    };
  } catch {
    fontBytes = null;
    return null;
  }
}

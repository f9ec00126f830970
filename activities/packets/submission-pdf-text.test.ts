import { PDFDocument, StandardFonts } from 'pdf-lib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPdfText, wrapText } from './submission-pdf-text';

describe('toPdfText', () => {
  it('keeps WinAnsi text and transliterates or replaces the rest', () => {
    expect(toPdfText('Café “quoted” – 50 € ™')).toBe('Café “quoted” – 50 € ™');
    expect(toPdfText('Łódź Nguyễn ﬁne')).toBe('Lódz Nguyen fine');
    expect(toPdfText('运动员 😀')).toBe('??? ?');
    expect(toPdfText('a\u0000b\nc')).toBe('ab c');
    expect(toPdfText('e\u0301')).toBe('é');
  });

  it('produces only characters Helvetica can encode, for any input', async () => {
    const doc = await PDFDocument.create();
    const font = doc.embedStandardFont(StandardFonts.Helvetica);
    const encodable = new Set(font.getCharacterSet());
    const drawable = (text: string) => [...text].every((ch) => encodable.has(ch.codePointAt(0)!));
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const out = toPdfText(String.fromCodePoint(cp));
      if (!drawable(out)) throw new Error(`U+${cp.toString(16)} gives ${JSON.stringify(out)}`);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const out = toPdfText(text);
        expect(drawable(out)).toBe(true);
        font.encodeText(out);
      }),
    );
  }, 30_000);
});

describe('wrapText', () => {
  const measure = (text: string, size: number) => text.length * size * 0.5;

  it('wraps on words, keeps paragraphs and cuts words longer than a line', () => {
    expect(wrapText('one two three four', 45, 10, measure)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('a\n\nb', 50, 10, measure)).toEqual(['a', '', 'b']);
    expect(wrapText('x'.repeat(25), 50, 10, measure)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});

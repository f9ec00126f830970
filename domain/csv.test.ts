import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, neutraliseCell, toCsv } from './csv';

describe('CSV writing', () => {
  it('neutralises formula cells', () => {
    for (const v of ['=1+1', '+1', '-2', '@SUM(A1)', '\t=x', '\r=x']) expect(neutraliseCell(v)).toBe(`'${v}`);
    expect(neutraliseCell('Alex')).toBe('Alex');
  });

  it('quotes a cell with a quote, a comma or a line break, after neutralising it', () => {
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
  });

  it('writes null and undefined as nothing, numbers as text and lists joined with "; "', () => {
    expect(csvLine([null, undefined, 12.5, ['Forward', 'Midfield'], 'x'])).toBe(',,12.5,Forward; Midfield,x');
  });

  it('ends every line in CRLF, the last one too', () => {
    expect(toCsv([['a', '=cmd|x', 'say "hi", ok']])).toBe(`a,'=cmd|x,"say ""hi"", ok"\r\n`);
    expect(
      toCsv([
        ['h1', 'h2'],
        ['1', '2'],
      ]),
    ).toBe('h1,h2\r\n1,2\r\n');
  });
});

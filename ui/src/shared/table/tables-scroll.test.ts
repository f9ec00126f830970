import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every table of the UI goes on its page inside the shared TableScroll (directly or through PagedResults), so on a phone it scrolls in its own box with
 * a cue instead of widening the page. A table of two or three short columns that fits 390 px may stand alone; it is
 * named here by its aria-label, so adding one is a decision, not an accident.
 */
const NARROW_TABLES = [
  'Versions', // a form's versions: number, status, date
  'Information needed about each guest', // comp tickets: a label and a switch
  'Submissions by status', // the reports' legend: a name and a count
  'Contract', // a contract's facts: a heading and its value per row
  'How the estimate is made', // the tax estimate's breakdown: a line and its amount
];

const UI_SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Tables opened outside any <TableScroll>, each as "file: label". */
function unwrappedTables(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(UI_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/<Table(\s[^>]*)?>/g)) {
      const before = text.slice(0, match.index);
      // PagedResults (FilteredList.tsx) puts its children in a TableScroll.
      const inside = ['TableScroll', 'PagedResults'].some(
        (wrapper) => before.lastIndexOf(`<${wrapper}`) > before.lastIndexOf(`</${wrapper}>`),
      );
      if (inside) continue;
      const label = /aria-label=(?:"([^"]*)"|\{`([^`]*)`\})/.exec(match[1] ?? '');
      const name = label?.[1] ?? label?.[2] ?? '(no aria-label)';
      if (!NARROW_TABLES.includes(name)) out.push(`${relative(UI_SRC, file)}: ${name}`);
    }
  }
  return out;
}

describe('tables on a phone', () => {
  it('puts every wide table inside the shared TableScroll', () => {
    expect(unwrappedTables()).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The pickers whose drop-down Mantine leaves unnamed; the shared DateFields wrap them. */
const WRAPPED = ['DateInput', 'DatePickerInput', 'DateTimePicker', 'MonthPickerInput', 'YearPickerInput'];
const UI_SRC = join(import.meta.dirname, '..', '..');
const HOME = join('shared', 'dates', 'DateFields.tsx');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Files that import a picker input straight from @mantine/dates, each as "file: name". */
function directPickers(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(UI_SRC)) {
    if (relative(UI_SRC, file) === HOME) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/dates'/g)) {
      const names = match[1]!.split(',').map((name) =>
        name
          .trim()
          .split(/\s+as\s+/)[0]!
          .replace(/^type\s+/, ''),
      );
      for (const name of names) if (WRAPPED.includes(name)) out.push(`${relative(UI_SRC, file)}: ${name}`);
    }
  }
  return out;
}

describe('date fields', () => {
  it('come from the shared DateFields, so every calendar drop-down has a name', () => {
    expect(directPickers()).toEqual([]);
  });
});

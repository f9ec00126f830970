import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './DateField';

/** The Mantine pickers; the shared DateField wraps them (naming their drop-down, one format, one look). */
const PICKERS = ['DateInput', 'DatePickerInput', 'DateTimePicker', 'MonthPickerInput', 'YearPickerInput', 'DatePicker'];
const UI_SRC = join(import.meta.dirname, '..');
const HOME = join('shared', 'DateField.tsx');
const STYLES_HOME = join('app', 'AppProviders.tsx');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const files = sourceFiles(UI_SRC).map((file) => ({ name: relative(UI_SRC, file), text: readFileSync(file, 'utf8') }));

describe('the one date field', () => {
  it('replaces every browser date input (type date, datetime-local, month, week)', () => {
    const raw = files.flatMap(({ name, text }) =>
      [...text.matchAll(/type=["'{]+(date|datetime-local|month|week)["'}]+/g)].map((m) => `${name}: ${m[1]}`),
    );
    expect(raw).toEqual([]);
  });

  it('is the only place that uses a picker from @mantine/dates', () => {
    const direct = files.flatMap(({ name, text }) => {
      if (name === HOME) return [];
      return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/dates'/g)].flatMap((match) =>
        match[1]!
          .split(',')
          .map((n) =>
            n
              .trim()
              .split(/\s+as\s+/)[0]!
              .replace(/^type\s+/, ''),
          )
          .filter((n) => PICKERS.includes(n))
          .map((n) => `${name}: ${n}`),
      );
    });
    expect(direct).toEqual([]);
  });

  it('has its styles imported once, by the app itself, so no screen shows a bare calendar', () => {
    const importers = files.filter(({ text }) => text.includes("'@mantine/dates/styles.css'")).map((f) => f.name);
    expect(importers).toEqual([STYLES_HOME]);
  });

  it('reads a typed date as ISO or as it is shown, and nothing else', () => {
    // fixed-date fixture: parsing is calendar arithmetic, no clock is read
    expect(parseTypedDate('2024-02-29')).toBe('2024-02-29');
    expect(parseTypedDate(' Mar 5, 2024 ')).toBe('2024-03-05');
    expect(parseTypedDate('March 5, 2024')).toBe('2024-03-05');
    expect(parseTypedDate('3/5/2024')).toBe('2024-03-05');
    expect(parseTypedDate('2023-02-29')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The source scan behind "tests that pass on any day": a test file may not write a date of 2026 or 2027 as a literal
 * (the product reads the real clock, so such a test breaks as the days pass), unless the file says why its dates
 * cannot drift in a comment holding `fixed-date fixture:` (a pure function given its `today`, a parser, a format).
 */
export const FIXTURE_MARK = 'fixed-date fixture:';

const YEAR = '20(?:26|27)';
const MONTH_NAME = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';

/** The shapes a 2026 or 2027 date takes in a test, each with the name a failure gives it. */
const SHAPES: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  // 2026-11-16, 2026-11-16T10:00:00Z, and a month key such as 2027-03 (not a digit or a dot around it).
  { name: 'ISO date', pattern: new RegExp(`(?<![\\d.])${YEAR}-[01]\\d(?:-[0-3]\\d)?(?![\\d])`, 'g') },
  // The compact form of RRULEs and iCalendar: 20261116T235959Z.
  { name: 'compact date', pattern: new RegExp(`(?<!\\d)${YEAR}[01]\\d[0-3]\\dT`, 'g') },
  // 11/21/2026, 15/03/2026.
  { name: 'slash date', pattern: new RegExp(`(?<![\\d/])\\d{1,2}/\\d{1,2}/${YEAR}(?!\\d)`, 'g') },
  // March 3, 2027; Jan 2026; 5 February 2027.
  {
    name: 'written date',
    pattern: new RegExp(`\\b(?:${MONTH_NAME}\\s+(?:\\d{1,2},?\\s+)?|\\d{1,2}\\s+${MONTH_NAME}\\s+)${YEAR}\\b`, 'g'),
  },
  // An academic year's label: 2026-2027.
  { name: 'academic year', pattern: new RegExp(`(?<!\\d)${YEAR}\\s*[-–]\\s*20\\d\\d(?!\\d)`, 'g') },
  // A year where a date is built or an academic year is named: startYear: 2026, start_year: 2027, year(2026),
  // new Date(2026, 0, 5), Date.UTC(2027, 2, 1).
  {
    name: 'year literal',
    pattern: new RegExp(
      `(?:\\b(?:start_?|end_?)?year\\s*(?:[:=]|\\()\\s*|\\b(?:new Date|Date\\.UTC)\\(\\s*)['"]?${YEAR}(?!\\d)`,
      'gi',
    ),
  },
];

export interface FixedDate {
  line: number;
  text: string;
  shape: string;
}

/** Every 2026 or 2027 date written in the text, by line (1-based), the academic year's label counted once. */
export function fixedDatesIn(source: string): FixedDate[] {
  const found: FixedDate[] = [];
  source.split('\n').forEach((content, index) => {
    const taken: Array<[number, number]> = [];
    for (const { name, pattern } of SHAPES) {
      for (const match of content.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        if (taken.some(([s, e]) => start < e && s < end)) continue;
        taken.push([start, end]);
        found.push({ line: index + 1, text: match[0], shape: name });
      }
    }
  });
  return found.sort((a, b) => a.line - b.line);
}

/** Whether the file says why its literal dates cannot drift. */
export function isFixedDateFixture(source: string): boolean {
  return source.includes(FIXTURE_MARK);
}

const SKIPPED = new Set([
  'node_modules',
  '.git',
  '.tools',
  '.data',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
]);

/** The test files of the repository: *.test.ts and *.test.tsx anywhere, *.spec.ts under e2e. */
export function testFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
        continue;
      }
      const path = relative(root, join(dir, entry.name)).split('\\').join('/');
      if (/\.test\.tsx?$/.test(entry.name) || (path.startsWith('e2e/') && entry.name.endsWith('.spec.ts')))
        files.push(path);
    }
  };
  walk(root);
  return files.sort();
}

/** `file:line  text (shape)` for every literal 2026 or 2027 date in a test file that is not a fixture. */
export function undeclaredFixedDates(root: string): string[] {
  const problems: string[] = [];
  for (const file of testFiles(root)) {
    const source = readFileSync(join(root, file), 'utf8');
    if (isFixedDateFixture(source)) continue;
    for (const date of fixedDatesIn(source)) problems.push(`${file}:${date.line}  ${date.text} (${date.shape})`);
  }
  return problems;
}

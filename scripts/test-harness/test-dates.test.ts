import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { fixedDatesIn, isFixedDateFixture, testFiles, undeclaredFixedDates } from './test-dates';

// fixed-date fixture: the scanner's own samples are the literals it must find; nothing here reads a clock.

const ROOT = resolve(__dirname, '../..');
const texts = (source: string) => fixedDatesIn(source).map((d) => `${d.line}:${d.text}`);

describe('the scan for literal dates in tests', () => {
  it('finds every shape a 2026 or 2027 date takes, by line', () => {
    expect(
      texts(
        [
          "const a = '2026-11-16';",
          "at: '2027-03-03T23:00:00Z', key: '2027-01'",
          "'FREQ=WEEKLY;UNTIL=20261116T235959Z'",
          "parse('11/21/2026'), parse('15/03/2027')",
          "'March 3, 2027', 'Jan 2026', '5 February 2027'",
          "label: '2026-2027'",
          'startYear: 2026, end_year: 2027, year(2026, true), new Date(2026, 0, 5), Date.UTC(2027, 2, 1)',
        ].join('\n'),
      ),
    ).toEqual([
      '1:2026-11-16',
      '2:2027-03-03',
      '2:2027-01',
      '3:20261116T',
      '4:11/21/2026',
      '4:15/03/2027',
      '5:March 3, 2027',
      '5:Jan 2026',
      '5:5 February 2027',
      '6:2026-2027',
      '7:startYear: 2026',
      '7:end_year: 2027',
      '7:year(2026',
      '7:new Date(2026',
      '7:Date.UTC(2027',
    ]);
  });

  it('leaves other years and numbers that only hold 2026 alone', () => {
    expect(
      texts(
        [
          "password: 'Chosen-Pass-2026!'",
          "name: 'physical-2026.pdf', folder: 'Medical 2026'",
          "graduationYear: '2027', port: 20260, '2025-12-31', '2028-02-29', 'v1.2026-11'",
          'const Y = fixtureYear(2027, "10-01");',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets a file keep its dates only by saying why', () => {
    expect(isFixedDateFixture("// fixed-date fixture: a parser's inputs\nconst d = '2026-01-01';")).toBe(true);
    expect(isFixedDateFixture("// fixed dates\nconst d = '2026-01-01';")).toBe(false);
  });

  it('walks the unit, integration and end-to-end test files', () => {
    const files = testFiles(ROOT);
    expect(files).toContain('scripts/test-harness/test-dates.test.ts');
    expect(files).toContain('ui/src/shared/format.test.ts');
    expect(files.some((f) => f.startsWith('e2e/') && f.endsWith('.spec.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('.integration.test.ts'))).toBe(true);
    expect(files.some((f) => f.includes('node_modules'))).toBe(false);
  });

  it('finds no literal 2026 or 2027 date in a test file outside the fixtures that say why', () => {
    const problems = undeclaredFixedDates(ROOT);
    expect(
      problems,
      `Count these dates from testToday() (scripts/test-harness/test-clock.ts), or, where the code under test is ` +
        `given its today and the dates cannot drift, say so once in the file: // fixed-date fixture: <why>\n` +
        problems.join('\n'),
    ).toEqual([]);
  });
});

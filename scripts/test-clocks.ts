import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { addDays, weekdayOf } from './test-harness/test-clock';

/**
 * `npm test`'s check that the tests which touch dates pass on any day: the integration files of CARA, the calendar,
 * disclosures' business days, recruiting periods and link expiry, run again as if today were each of four days
 * after the real one (TEST_TODAY; see scripts/test-harness/clock-shift.ts): the next Sunday, the next Monday, the
 * next 31 December and the next day the clocks change in America/Chicago. `tsx scripts/test-clocks.ts 2027-03-14`
 * runs one day of your choosing.
 */
const ROOT = resolve(import.meta.dirname, '..');

export const DATE_TOUCHING_FILES = [
  'scripts/test-harness/clock-shift.integration.test.ts',
  'api/cara/cara.integration.test.ts',
  'api/calendar/events.integration.test.ts',
  'api/calendar/feeds.integration.test.ts',
  'api/calendar/segments.integration.test.ts',
  'api/academic-years/academic-years.integration.test.ts',
  'api/disclosures/disclosures.integration.test.ts',
  'api/recruiting/recruiting-events.integration.test.ts',
  'api/recruiting/recruiting-forms.integration.test.ts',
];

/** The first day after `today` that `pick` accepts (within two years). */
function nextDay(today: string, pick: (day: string) => boolean): string {
  for (let i = 1; i <= 731; i++) {
    const day = addDays(today, i);
    if (pick(day)) return day;
  }
  throw new Error(`No day after ${today} fits`);
}

/** America/Chicago changes its clocks on the second Sunday of March and the first Sunday of November. */
function isUsClockChange(day: string): boolean {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  if (weekdayOf(day) !== 0) return false;
  return (month === 3 && date >= 8 && date <= 14) || (month === 11 && date <= 7);
}

/** The four days after `today` the date-touching tests are run as. */
export function otherClocks(today: string): { name: string; day: string }[] {
  return [
    { name: 'a Sunday', day: nextDay(today, (d) => weekdayOf(d) === 0) },
    { name: 'a Monday', day: nextDay(today, (d) => weekdayOf(d) === 1) },
    { name: '31 December', day: nextDay(today, (d) => d.endsWith('-12-31')) },
    { name: 'a daylight-saving change in America/Chicago', day: nextDay(today, isUsClockChange) },
  ];
}

function runAs(day: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'vitest'),
      [
        'run',
        '--project',
        'integration',
        `--maxWorkers=${process.env.INTEGRATION_WORKERS ?? '3'}`,
        ...DATE_TOUCHING_FILES,
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, TEST_TODAY: day } },
    );
    child.once('error', () => done(1));
    child.once('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function main(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const chosen = process.argv.slice(2);
  const clocks = chosen.length ? chosen.map((day) => ({ name: 'the day asked for', day })) : otherClocks(today);
  const results: string[] = [];
  let failed = 0;
  for (const clock of clocks) {
    console.log(`\n▶ the date-touching integration tests as if today were ${clock.day} (${clock.name})`);
    const started = Date.now();
    const code = await runAs(clock.day);
    if (code !== 0) failed++;
    results.push(
      `${code === 0 ? '✔' : '✘'} ${clock.day} (${clock.name}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  console.log(`\n${results.join('\n')}`);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();

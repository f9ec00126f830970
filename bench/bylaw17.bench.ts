import { pathToFileURL } from 'node:url';
import {
  checkBylaw17,
  createBylaw17Checker,
  dayNumber,
  dayString,
  type Bylaw17Activity,
  type Bylaw17Input,
} from '../domain/bylaw17';
import { percentile, printTable, round, type BenchRow } from './measure';

/**
 * The Bylaw 17 engine alone, in this process: a full season (preseason, championship segment and the
 * nonchampionship segment, August to April) of a 30-athlete team with a practice every weekday, a lift three days a
 * week and a competition most Saturdays; then a re-check after one event moves, through the incremental checker.
 * Figures are reported, never asserted. Run alone with `npx tsx bench/bylaw17.bench.ts`.
 */
const ATHLETES = Array.from({ length: 30 }, (_, i) => `athlete-${i}`);

export function seasonInput(): Bylaw17Input {
  const activities: Bylaw17Activity[] = [];
  const first = dayNumber('2026-08-03');
  const last = dayNumber('2027-04-25');
  for (let day = first; day <= last; day++) {
    const date = dayString(day);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5)
      activities.push({
        id: `practice-${date}`,
        start: `${date}T15:00`,
        end: `${date}T17:30`,
        category: 'CARA',
        caraCategory: 'PRACTICE',
        // One athlete skips each day, so athletes differ from one another.
        athleteIds: ATHLETES.filter((_, i) => i !== day % 30),
      });
    if (weekday === 1 || weekday === 3 || weekday === 5)
      activities.push({
        id: `lift-${date}`,
        start: `${date}T07:00`,
        end: `${date}T08:00`,
        category: 'CARA',
        caraCategory: 'STRENGTH_AND_CONDITIONING',
        athleteIds: ATHLETES,
      });
    if (weekday === 6 && day % 14 < 10)
      activities.push({
        id: `game-${date}`,
        start: `${date}T13:00`,
        end: `${date}T16:00`,
        category: 'HOME_COMPETITION',
        athleteIds: ATHLETES.slice(0, 22),
      });
  }
  return {
    segments: [
      {
        startDate: '2026-08-03',
        endDate: '2026-08-30',
        seasonType: 'IN_SEASON',
        segmentType: 'PRESEASON',
        startDayOfWeek: 'MONDAY',
      },
      {
        startDate: '2026-08-31',
        endDate: '2026-12-13',
        seasonType: 'IN_SEASON',
        segmentType: 'CHAMPIONSHIP',
        startDayOfWeek: 'MONDAY',
      },
      {
        startDate: '2026-12-14',
        endDate: '2027-04-25',
        seasonType: 'OUT_OF_SEASON',
        segmentType: 'NONCHAMPIONSHIP',
        startDayOfWeek: 'SUNDAY',
      },
    ],
    calendar: {
      classesStart: ['2026-08-24', '2027-01-11'],
      finalExams: [{ startDate: '2026-12-07', endDate: '2026-12-11' }],
      exemptPeriods: [{ startDate: '2026-12-19', endDate: '2027-01-10', kind: 'BETWEEN_TERMS' }],
    },
    activities,
    athleteIds: ATHLETES,
  };
}

function timeRuns(runs: number, fn: () => void, warmup = 5): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    out.push(performance.now() - start);
  }
  return out;
}

export async function runBylaw17Bench(): Promise<BenchRow[]> {
  const input = seasonInput();
  const full = timeRuns(30, () => {
    const r = checkBylaw17(input);
    if (!r.ok) throw new Error(r.error);
  });
  const checker = createBylaw17Checker(input);
  let flip = false;
  const moved = input.activities.find((a) => a.id.startsWith('practice-2026-10'))!;
  const one = timeRuns(200, () => {
    flip = !flip;
    checker.change({ upsert: [{ ...moved, end: flip ? moved.end.replace('17:30', '19:45') : moved.end }] });
  });
  return [
    {
      name: `full season check (${input.activities.length} events, 30 athletes), p50`,
      value: round(percentile(full, 50), 2),
      unit: 'ms',
      goal: '< 50 ms',
    },
    { name: 'full season check, p95', value: round(percentile(full, 95), 2), unit: 'ms', goal: '< 50 ms' },
    { name: 're-check after one event changes, p50', value: round(percentile(one, 50), 3), unit: 'ms', goal: '< 5 ms' },
    { name: 're-check after one event changes, p95', value: round(percentile(one, 95), 3), unit: 'ms', goal: '< 5 ms' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTable(await runBylaw17Bench());

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBylaw17, createBylaw17Checker, type Bylaw17Activity, type Bylaw17Input } from './index';

// fixed-date fixture: the engine is given its calendar and activities; it reads no clock, and these weeks are hand-worked.

/** Properties of the engine over random two-week schedules, in and out of season, with exams and a vacation. */
const ATHLETES = ['a1', 'a2', 'a3', 'a4'];
const DAYS = Array.from({ length: 14 }, (_, i) => `2026-11-${String(16 + i).padStart(2, '0')}`);

const base = (seasonType: 'IN_SEASON' | 'OUT_OF_SEASON', marked = false): Omit<Bylaw17Input, 'activities'> => ({
  segments: [
    {
      startDate: '2026-11-16',
      endDate: '2026-11-29',
      seasonType,
      segmentType: seasonType === 'IN_SEASON' ? 'CHAMPIONSHIP' : 'NONCHAMPIONSHIP',
      startDayOfWeek: 'WEDNESDAY',
      exemptWeekBeforeFirstContest: marked,
    },
  ],
  calendar: {
    classesStart: ['2026-08-24'],
    finalExams: [{ startDate: '2026-11-28', endDate: '2026-11-29' }],
    exemptPeriods: [{ startDate: '2026-11-26', endDate: '2026-11-27', kind: 'VACATION' }],
  },
  athleteIds: ATHLETES,
});

const COUNTABLE_CARA = ['PRACTICE', 'STRENGTH_AND_CONDITIONING', 'SKILL_INSTRUCTION', 'FILM_REVIEW', 'TEAM_MEETING'];
const NON_COUNTABLE = ['VOLUNTARY_ACTIVITIES', 'TRAVEL', 'RARA', 'ACADEMIC', 'ADMINISTRATIVE', 'PERSONAL'];

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function activityArb(kind: 'countable' | 'any' | 'non-countable', id: fc.Arbitrary<string>) {
  const category =
    kind === 'countable'
      ? fc.constant('CARA')
      : kind === 'non-countable'
        ? fc.constantFrom(...NON_COUNTABLE)
        : fc.constantFrom('CARA', 'CARA', 'HOME_COMPETITION', 'AWAY_COMPETITION', ...NON_COUNTABLE);
  return fc
    .record({
      id,
      day: fc.constantFrom(...DAYS),
      from: fc.integer({ min: 6 * 4, max: 20 * 4 }),
      quarters: fc.integer({ min: 1, max: 24 }),
      category,
      caraCategory: fc.constantFrom(...COUNTABLE_CARA),
      athleteIds: fc.subarray(ATHLETES, { minLength: 1 }),
    })
    .map((r): Bylaw17Activity => ({
      id: r.id,
      start: `${r.day}T${hhmm(r.from * 15)}`,
      end: `${r.day}T${hhmm(Math.min(r.from * 15 + r.quarters * 15, 23 * 60 + 59))}`,
      category: r.category,
      caraCategory: r.category === 'CARA' ? r.caraCategory : null,
      athleteIds: r.athleteIds,
    }));
}

const schedule = fc.uniqueArray(activityArb('any', fc.uuid()), { maxLength: 30, selector: (a) => a.id });
const season = fc.constantFrom('IN_SEASON' as const, 'OUT_OF_SEASON' as const);

function keys(input: Bylaw17Input): string[] {
  const result = checkBylaw17(input);
  if (!result.ok) throw new Error(result.error);
  return result.violations.map((v) => v.key);
}

describe('Bylaw 17 engine properties', () => {
  it('adding a countable (non-competition) activity never removes a violation', () => {
    fc.assert(
      fc.property(season, schedule, activityArb('countable', fc.constant('added')), (s, activities, added) => {
        const before = keys({ ...base(s), activities });
        const after = new Set(keys({ ...base(s), activities: [...activities, added] }));
        for (const k of before) expect(after.has(k)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('removing a non-countable event never changes a violation', () => {
    fc.assert(
      fc.property(season, schedule, activityArb('non-countable', fc.constant('gone')), (s, activities, extra) => {
        const withIt = checkBylaw17({ ...base(s), activities: [...activities, extra] });
        const without = checkBylaw17({ ...base(s), activities });
        expect(without).toEqual(withIt);
      }),
      { numRuns: 300 },
    );
  });

  it('the incremental checker always agrees with a full check', () => {
    fc.assert(
      // `marked`: the week before the first contest is exempt, so a moved competition moves exempt days.
      fc.property(season, fc.boolean(), schedule, schedule, (s, marked, first, second) => {
        const checker = createBylaw17Checker({ ...base(s, marked), activities: first });
        const removed = first.slice(0, Math.floor(first.length / 2)).map((a) => a.id);
        const result = checker.change({ remove: removed, upsert: second });
        const finalActivities = new Map(first.map((a) => [a.id, a]));
        for (const id of removed) finalActivities.delete(id);
        for (const a of second) finalActivities.set(a.id, a);
        const full = checkBylaw17({ ...base(s, marked), activities: [...finalActivities.values()] });
        const sortKeys = (r: typeof full) => (r.ok ? r.violations.map((v) => v.key).sort() : []);
        expect(sortKeys(result)).toEqual(sortKeys(full));
      }),
      { numRuns: 200 },
    );
  });
});

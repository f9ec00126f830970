import { describe, expect, it } from 'vitest';
import {
  checkBylaw17,
  createBylaw17Checker,
  type Bylaw17Activity,
  type Bylaw17Calendar,
  type Bylaw17Input,
  type Bylaw17Segment,
} from './index';
import { ERRORS } from '../errors';

// fixed-date fixture: the engine is given its calendar, segments and activities; it reads no clock, and these weeks are hand-worked.

/** Hand-worked weeks. 2026-09-07 is a Monday; 2026-09-06 a Sunday. */
const A = 'athlete-a';
const B = 'athlete-b';
const C = 'athlete-c';
const TEAM = [A, B, C];

const calendar: Bylaw17Calendar = { classesStart: ['2026-08-24'], finalExams: [], exemptPeriods: [] };
const inSeason: Bylaw17Segment = {
  startDate: '2026-09-07',
  endDate: '2026-11-29',
  seasonType: 'IN_SEASON',
  segmentType: 'CHAMPIONSHIP',
  startDayOfWeek: 'MONDAY',
};
const outOfSeason: Bylaw17Segment = {
  startDate: '2026-11-29',
  endDate: '2026-12-31',
  seasonType: 'OUT_OF_SEASON',
  segmentType: 'NONCHAMPIONSHIP',
  startDayOfWeek: 'SUNDAY',
};

let seq = 0;
function act(
  date: string,
  from: string,
  to: string,
  opts: Partial<Bylaw17Activity> & { endDate?: string } = {},
): Bylaw17Activity {
  return {
    id: opts.id ?? `e${++seq}`,
    start: `${date}T${from}`,
    end: `${opts.endDate ?? date}T${to}`,
    category: opts.category ?? 'CARA',
    caraCategory: opts.caraCategory === undefined ? 'PRACTICE' : opts.caraCategory,
    athleteIds: opts.athleteIds ?? TEAM,
  };
}

function run(activities: Bylaw17Activity[], extra: Partial<Bylaw17Input> = {}) {
  const result = checkBylaw17({ segments: [inSeason], calendar, activities, athleteIds: TEAM, ...extra });
  if (!result.ok) throw new Error(result.error);
  return result;
}

const weekdays = ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11'];

describe('Bylaw 17 engine: in season', () => {
  it('a 20-hour week with two days off breaks nothing', () => {
    const result = run(weekdays.map((d) => act(d, '14:00', '18:00')));
    expect(result.violations).toEqual([]);
    const week = result.weeks[0]!;
    expect(week.weekStart).toBe('2026-09-07');
    expect(week.weekEnd).toBe('2026-09-13');
    expect(week.athletes.find((a) => a.athleteId === A)).toMatchObject({ hours: 20, daysOff: 2 });
  });

  it('one athlete at an extra session is over the weekly limit while the team is under it', () => {
    const result = run([
      ...weekdays.map((d) => act(d, '14:00', '18:00')),
      act('2026-09-12', '09:00', '10:30', { caraCategory: 'FILM_REVIEW', athleteIds: [A], id: 'film' }),
    ]);
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({
      ruleId: 'WEEKLY_HOURS_IN_SEASON',
      bylaw: '17.1.7.1',
      athleteId: A,
      weekStart: '2026-09-07',
      actual: 21.5,
      limit: 20,
      excess: 1.5,
      unit: 'hours',
    });
    expect(result.violations[0]!.eventIds).toContain('film');
    expect(result.violations[0]!.source).toMatch(/Bylaw 17\.1\.7\.1/);
  });

  it('more than 4 hours in a day breaks the daily limit by the difference', () => {
    const result = run([act('2026-09-08', '13:00', '18:30')]);
    expect(result.violations.map((v) => [v.ruleId, v.athleteId, v.date, v.excess])).toEqual([
      ['DAILY_HOURS', A, '2026-09-08', 1.5],
      ['DAILY_HOURS', B, '2026-09-08', 1.5],
      ['DAILY_HOURS', C, '2026-09-08', 1.5],
    ]);
  });

  it('a competition day counts 3 hours however long the competition is', () => {
    const practices = weekdays.map((d) => act(d, '14:00', '17:30')); // 17.5 h
    const game = act('2026-09-12', '12:00', '18:00', { category: 'HOME_COMPETITION', caraCategory: null });
    const result = run([...practices, game]);
    expect(result.weeks[0]!.athletes[0]!.dayHours[5]).toBe(3);
    expect(result.violations.map((v) => [v.ruleId, v.excess])).toEqual([
      ['WEEKLY_HOURS_IN_SEASON', 0.5],
      ['WEEKLY_HOURS_IN_SEASON', 0.5],
      ['WEEKLY_HOURS_IN_SEASON', 0.5],
    ]);
  });

  it('a walk-through before the game is part of the 3-hour day; anything countable after it is a violation', () => {
    const game = act('2026-09-12', '12:00', '15:00', { category: 'AWAY_COMPETITION', caraCategory: null });
    const before = act('2026-09-12', '09:00', '10:00', { athleteIds: [A] });
    const after = act('2026-09-12', '17:00', '18:00', {
      athleteIds: [B],
      id: 'late-lift',
      caraCategory: 'STRENGTH_AND_CONDITIONING',
    });
    const result = run([game, before, after]);
    expect(result.weeks[0]!.athletes.find((a) => a.athleteId === A)!.dayHours[5]).toBe(3);
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({
      ruleId: 'AFTER_COMPETITION',
      athleteId: B,
      date: '2026-09-12',
      eventIds: ['late-lift'],
    });
  });

  it('a week with countable activity every day misses the required day off; the postseason does not require one', () => {
    const days = ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11', '2026-09-12', '2026-09-13'];
    const result = run(days.map((d) => act(d, '15:00', '17:00', { athleteIds: [A] })));
    expect(result.violations).toEqual([
      expect.objectContaining({ ruleId: 'DAYS_OFF_IN_SEASON', athleteId: A, actual: 0, excess: 1, unit: 'days' }),
    ]);
    const post = run(
      days.map((d) => act(d, '15:00', '17:00', { athleteIds: [A] })),
      { segments: [{ ...inSeason, segmentType: 'POSTSEASON' }] },
    );
    expect(post.violations).toEqual([]);
  });

  it('a travel day with no countable activity is a day off; voluntary and travel hours never count', () => {
    const days = ['2026-09-07', '2026-09-08', '2026-09-09', '2026-09-10', '2026-09-11', '2026-09-12'];
    const result = run([
      ...days.map((d) => act(d, '15:00', '17:00')),
      act('2026-09-13', '06:00', '20:00', { category: 'TRAVEL', caraCategory: null }),
      act('2026-09-09', '06:00', '12:00', { category: 'VOLUNTARY_ACTIVITIES', caraCategory: null }),
      act('2026-09-10', '06:00', '12:00', { category: 'ATHLETICS', caraCategory: null }),
    ]);
    expect(result.violations).toEqual([]);
    expect(result.weeks[0]!.athletes[0]).toMatchObject({ hours: 12, daysOff: 1 });
  });

  it('an official vacation lifts the daily and weekly limits; a partial vacation week stays limited on class days', () => {
    const vacation: Bylaw17Calendar = {
      ...calendar,
      exemptPeriods: [{ startDate: '2026-11-23', endDate: '2026-11-29', kind: 'VACATION' }],
    };
    const heavy = ['2026-11-23', '2026-11-24', '2026-11-25'].map((d) => act(d, '09:00', '16:00'));
    expect(run(heavy, { calendar: vacation }).violations).toEqual([]);
    const partial: Bylaw17Calendar = {
      ...calendar,
      exemptPeriods: [{ startDate: '2026-11-25', endDate: '2026-11-29', kind: 'VACATION' }],
    };
    const result = run(heavy, { calendar: partial });
    // Monday and Tuesday (7 h each) break the daily limit; Wednesday is exempt; the week counts 14 h.
    expect(result.violations.filter((v) => v.athleteId === A).map((v) => [v.ruleId, v.date])).toEqual([
      ['DAILY_HOURS', '2026-11-23'],
      ['DAILY_HOURS', '2026-11-24'],
    ]);
    expect(result.weeks.find((w) => w.weekStart === '2026-11-23')!.athletes[0]!.hours).toBe(14);
  });
});

describe('Bylaw 17 engine: preseason', () => {
  const preseason: Bylaw17Segment = {
    startDate: '2026-08-10',
    endDate: '2026-09-06',
    seasonType: 'IN_SEASON',
    segmentType: 'PRESEASON',
    startDayOfWeek: 'MONDAY',
  };
  const long = (d: string) => act(d, '08:00', '14:00', { athleteIds: [A] });

  it('before classes start the limits do not apply; from the first class day they do', () => {
    const result = run([long('2026-08-11'), long('2026-08-25')], { segments: [preseason] });
    expect(result.violations.map((v) => [v.ruleId, v.date])).toEqual([['DAILY_HOURS', '2026-08-25']]);
    expect(result.weeks[0]!.exempt).toBe(true);
  });

  it('the first contest ends the exemption even before classes start', () => {
    const game = act('2026-08-14', '18:00', '20:00', { category: 'HOME_COMPETITION', caraCategory: null });
    const result = run([long('2026-08-11'), game, long('2026-08-15')], { segments: [preseason] });
    expect(result.violations.map((v) => [v.ruleId, v.athleteId, v.date])).toEqual([['DAILY_HOURS', A, '2026-08-15']]);
  });
});

describe('Bylaw 17 engine: preseason, whatever the segment type', () => {
  // A championship segment from Monday 2026-08-10, two weeks before the first class day (2026-08-24).
  const championship: Bylaw17Segment = {
    startDate: '2026-08-10',
    endDate: '2026-11-29',
    seasonType: 'IN_SEASON',
    segmentType: 'CHAMPIONSHIP',
    startDayOfWeek: 'MONDAY',
  };
  const long = (d: string) => act(d, '08:00', '14:00', { athleteIds: [A] });
  const ruleDates = (r: ReturnType<typeof run>) => r.violations.map((v) => [v.ruleId, v.date]);

  it('lifts the daily and weekly limits before the first class day, and not from it', () => {
    const days = ['2026-08-10', '2026-08-11', '2026-08-12', '2026-08-13', '2026-08-14'];
    const result = run([...days.map(long), long('2026-08-25')], { segments: [championship] });
    expect(ruleDates(result)).toEqual([['DAILY_HOURS', '2026-08-25']]);
    expect(result.weeks[0]!.exempt).toBe(true);
  });

  it('ends at the first contest when it comes before classes', () => {
    const game = act('2026-08-14', '18:00', '20:00', { category: 'HOME_COMPETITION', caraCategory: null });
    const result = run([long('2026-08-11'), game, long('2026-08-15')], { segments: [championship] });
    expect(ruleDates(result)).toEqual([['DAILY_HOURS', '2026-08-15']]);
  });

  it('applies to a nonchampionship segment that starts before classes', () => {
    const offSeason: Bylaw17Segment = {
      ...championship,
      seasonType: 'OUT_OF_SEASON',
      segmentType: 'NONCHAMPIONSHIP',
    };
    const lift = (d: string) => act(d, '06:00', '11:00', { caraCategory: 'STRENGTH_AND_CONDITIONING' });
    const result = run(['2026-08-10', '2026-08-11', '2026-08-12'].map(lift), { segments: [offSeason] });
    expect(result.violations).toEqual([]);
  });

  it('does not exempt a segment that starts while classes are in session', () => {
    const result = run([long('2026-09-08')], { segments: [inSeason] });
    expect(ruleDates(result)).toEqual([['DAILY_HOURS', '2026-09-08']]);
  });

  it('moves with the first contest in the incremental checker', () => {
    const game = act('2026-08-20', '18:00', '20:00', {
      category: 'HOME_COMPETITION',
      caraCategory: null,
      id: 'pre-game',
    });
    const checker = createBylaw17Checker({
      segments: [championship],
      calendar,
      activities: [long('2026-08-17'), game],
      athleteIds: TEAM,
    });
    const before = checker.result();
    if (!before.ok) throw new Error(before.error);
    expect(before.violations).toEqual([]);
    const moved = checker.change({ upsert: [{ ...game, start: '2026-08-12T18:00', end: '2026-08-12T20:00' }] });
    if (!moved.ok) throw new Error(moved.error);
    expect(moved.violations.map((v) => [v.ruleId, v.date])).toEqual([['DAILY_HOURS', '2026-08-17']]);
  });
});

describe('Bylaw 17 engine: the week before the first contest, where the school marks it', () => {
  // In season from Monday 2026-09-07; the first game is on Saturday 2026-09-19.
  const game = act('2026-09-19', '18:00', '20:00', { category: 'HOME_COMPETITION', caraCategory: null, id: 'game1' });
  const long = (d: string) => act(d, '08:00', '14:00', { athleteIds: [A] });
  const marked: Bylaw17Segment = { ...inSeason, exemptWeekBeforeFirstContest: true };

  it('is not exempt unless the segment is marked', () => {
    const result = run([long('2026-09-15'), game]);
    expect(result.violations.map((v) => [v.ruleId, v.date])).toEqual([['DAILY_HOURS', '2026-09-15']]);
  });

  it('lifts the daily limit on the seven days before the first contest, and not before or after them', () => {
    const result = run([long('2026-09-11'), long('2026-09-12'), long('2026-09-18'), game, long('2026-09-21')], {
      segments: [marked],
    });
    expect(result.violations.map((v) => [v.ruleId, v.date])).toEqual([
      ['DAILY_HOURS', '2026-09-11'],
      ['DAILY_HOURS', '2026-09-21'],
    ]);
    expect(result.weeks.find((w) => w.weekStart === '2026-09-14')!.exempt).toBe(false);
    expect(result.weeks.find((w) => w.weekStart === '2026-09-14')!.exemptDays).toEqual([
      '2026-09-14',
      '2026-09-15',
      '2026-09-16',
      '2026-09-17',
      '2026-09-18',
    ]);
  });

  it('moves with the first contest when the incremental checker sees it change', () => {
    const checker = createBylaw17Checker({
      segments: [marked],
      calendar,
      activities: [long('2026-09-15'), game],
      athleteIds: TEAM,
    });
    const before = checker.result();
    if (!before.ok) throw new Error(before.error);
    expect(before.violations).toEqual([]);
    // The game moves to 2026-10-03: 2026-09-15 is no longer within a week of it.
    const moved = checker.change({ upsert: [{ ...game, start: '2026-10-03T18:00', end: '2026-10-03T20:00' }] });
    if (!moved.ok) throw new Error(moved.error);
    expect(moved.violations.map((v) => [v.ruleId, v.date])).toEqual([['DAILY_HOURS', '2026-09-15']]);
  });
});

describe('Bylaw 17 engine: out of season', () => {
  const segments = [outOfSeason];
  // The week starts on Sunday 2026-11-29.
  const lift = (d: string, hours: number, ids = TEAM) =>
    act(d, '06:00', `${String(6 + hours).padStart(2, '0')}:00`, {
      caraCategory: 'STRENGTH_AND_CONDITIONING',
      athleteIds: ids,
    });

  it('8 hours with at most 2 of skill instruction and two days off is within the limits', () => {
    const result = run(
      [
        lift('2026-11-30', 2),
        lift('2026-12-01', 2),
        lift('2026-12-02', 2),
        act('2026-12-03', '15:00', '17:00', { caraCategory: 'SKILL_INSTRUCTION' }),
      ],
      { segments },
    );
    expect(result.violations).toEqual([]);
    expect(result.weeks[0]).toMatchObject({ weekStart: '2026-11-29', weekEnd: '2026-12-05' });
    expect(result.weeks[0]!.limits).toEqual({ weeklyHours: 8, dailyHours: null, skillHours: 2, daysOff: 2 });
  });

  it('over 8 hours, over 2 hours of skill instruction and a practice each break their own rule', () => {
    const result = run(
      [
        lift('2026-11-30', 3),
        lift('2026-12-01', 3),
        act('2026-12-03', '15:00', '18:00', { caraCategory: 'SKILL_INSTRUCTION', athleteIds: [C] }),
        act('2026-12-04', '15:00', '16:00', { caraCategory: 'PRACTICE', athleteIds: [B], id: 'scrimmage' }),
      ],
      { segments },
    );
    expect(result.violations.map((v) => [v.ruleId, v.athleteId, v.excess])).toEqual([
      ['ACTIVITY_KIND_OUT_OF_SEASON', B, 1],
      ['WEEKLY_HOURS_OUT_OF_SEASON', C, 1],
      ['SKILL_INSTRUCTION_OUT_OF_SEASON', C, 1],
    ]);
  });

  it('six active days leave one day off where two are required', () => {
    const days = ['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
    const result = run(
      days.map((d) => lift(d, 1, [A])),
      { segments },
    );
    expect(result.violations).toEqual([
      expect.objectContaining({ ruleId: 'DAYS_OFF_OUT_OF_SEASON', athleteId: A, actual: 1, excess: 1 }),
    ]);
  });

  it('a week starting on Sunday counts Sunday in the new week', () => {
    // Friday 4 h + Saturday 4 h end one week at 8 h; Sunday 4 h opens the next.
    const activities = [lift('2026-12-04', 4, [A]), lift('2026-12-05', 4, [A]), lift('2026-12-06', 4, [A])];
    const sunday = run(activities, { segments });
    expect(sunday.violations).toEqual([]);
    expect(sunday.weeks.map((w) => w.weekStart).slice(0, 2)).toEqual(['2026-11-29', '2026-12-06']);
    const monday = run(activities, { segments: [{ ...outOfSeason, startDayOfWeek: 'MONDAY' }] });
    // With Monday weeks the first week is Sunday alone (partial), then Monday–Sunday holds all three days.
    expect(monday.weeks[0]).toMatchObject({ weekStart: '2026-11-29', weekEnd: '2026-11-29', days: 1 });
    expect(monday.violations).toEqual([
      expect.objectContaining({ ruleId: 'WEEKLY_HOURS_OUT_OF_SEASON', weekStart: '2026-11-30', excess: 4 }),
    ]);
  });

  it('no countable activity from a week before exams until the athlete’s own exams end', () => {
    const exams: Bylaw17Calendar = {
      ...calendar,
      finalExams: [{ startDate: '2026-12-14', endDate: '2026-12-18' }],
    };
    const result = run([lift('2026-12-06', 1), lift('2026-12-07', 1), lift('2026-12-16', 1)], {
      segments,
      calendar: exams,
      examEndByAthlete: { [A]: '2026-12-15' },
    });
    expect(result.violations.map((v) => [v.ruleId, v.athleteId, v.date])).toEqual([
      ['FINAL_EXAM_BLACKOUT', A, '2026-12-07'],
      ['FINAL_EXAM_BLACKOUT', B, '2026-12-07'],
      ['FINAL_EXAM_BLACKOUT', C, '2026-12-07'],
      ['FINAL_EXAM_BLACKOUT', B, '2026-12-16'],
      ['FINAL_EXAM_BLACKOUT', C, '2026-12-16'],
    ]);
  });
});

describe('Bylaw 17 engine: the exam blackout on any day', () => {
  // Finals 2026-11-16 to 2026-11-20: the blackout runs from Monday 2026-11-09 to the end of exams.
  const exams: Bylaw17Calendar = { ...calendar, finalExams: [{ startDate: '2026-11-16', endDate: '2026-11-20' }] };
  const short = (d: string) => act(d, '15:00', '16:00', { athleteIds: [A] });
  const ruleDates = (r: ReturnType<typeof run>) => r.violations.map((v) => [v.ruleId, v.athleteId, v.date]);

  it('is a violation inside a championship segment', () => {
    const result = run([short('2026-11-06'), short('2026-11-10')], { calendar: exams });
    expect(ruleDates(result)).toEqual([['FINAL_EXAM_BLACKOUT', A, '2026-11-10']]);
  });

  it('is a violation on a day outside every segment, and not outside the blackout', () => {
    const ended: Bylaw17Segment = { ...inSeason, endDate: '2026-11-01' };
    const result = run([short('2026-11-03'), short('2026-11-12'), short('2026-11-24')], {
      calendar: exams,
      segments: [ended],
    });
    expect(ruleDates(result)).toEqual([['FINAL_EXAM_BLACKOUT', A, '2026-11-12']]);
    expect(result.violations[0]).toMatchObject({ weekStart: '2026-11-12', weekEnd: '2026-11-12' });
  });

  it('lists a day outside the segments between the weeks, in date order', () => {
    const gap: Bylaw17Segment[] = [
      { ...inSeason, endDate: '2026-11-08' },
      { ...outOfSeason, startDate: '2026-11-15', endDate: '2026-12-31' },
    ];
    const result = run([short('2026-11-12'), short('2026-11-17'), act('2026-09-08', '08:00', '14:00')], {
      calendar: exams,
      segments: gap,
    });
    expect(result.violations.map((v) => [v.ruleId, v.date])).toEqual([
      ['DAILY_HOURS', '2026-09-08'],
      ['DAILY_HOURS', '2026-09-08'],
      ['DAILY_HOURS', '2026-09-08'],
      ['FINAL_EXAM_BLACKOUT', '2026-11-12'],
      ['FINAL_EXAM_BLACKOUT', '2026-11-17'],
      ['ACTIVITY_KIND_OUT_OF_SEASON', '2026-11-17'],
    ]);
  });

  it('follows changes in the incremental checker', () => {
    const ended: Bylaw17Segment = { ...inSeason, endDate: '2026-11-01' };
    const checker = createBylaw17Checker({ segments: [ended], calendar: exams, activities: [], athleteIds: TEAM });
    const added = checker.change({ upsert: [{ ...short('2026-11-12'), id: 'late' }] });
    if (!added.ok) throw new Error(added.error);
    expect(added.violations.map((v) => v.eventIds)).toEqual([['late']]);
    const removed = checker.change({ remove: ['late'] });
    if (!removed.ok) throw new Error(removed.error);
    expect(removed.violations).toEqual([]);
  });
});

describe('Bylaw 17 engine: errors and incremental checks', () => {
  it('cannot lay out weeks without a start day of the week', () => {
    const result = checkBylaw17({
      segments: [{ ...outOfSeason, startDayOfWeek: null }],
      calendar,
      activities: [],
      athleteIds: TEAM,
    });
    expect(result).toEqual({ ok: false, error: 'BYLAW17_NOT_APPLICABLE' });
    // The spec's words (part 2, "E-signature and CARA" errors).
    expect(ERRORS.BYLAW17_NOT_APPLICABLE.message).toBe(
      'Bylaw 17 engine not applicable when the out-of-season start day is missing.',
    );
  });

  it('needs an academic calendar year', () => {
    expect(checkBylaw17({ segments: [inSeason], calendar: null, activities: [], athleteIds: [] })).toEqual({
      ok: false,
      error: 'NO_ACADEMIC_YEAR',
    });
  });

  it('an activity past midnight counts on both days', () => {
    const result = run([act('2026-09-08', '22:00', '03:00', { endDate: '2026-09-09', athleteIds: [A] })]);
    expect(result.weeks[0]!.athletes.find((a) => a.athleteId === A)!.dayHours.slice(1, 3)).toEqual([2, 3]);
  });

  it('the incremental checker gives the same result as a full check after each change', () => {
    const base = weekdays.map((d, i) => act(d, '14:00', '18:00', { id: `p${i}` }));
    const input: Bylaw17Input = { segments: [inSeason], calendar, activities: base, athleteIds: TEAM };
    const checker = createBylaw17Checker(input);
    const extra = act('2026-09-12', '09:00', '11:00', { id: 'x', athleteIds: [A] });
    const after = checker.change({ upsert: [extra] });
    expect(after).toEqual(checkBylaw17({ ...input, activities: [...base, extra] }));
    const moved = { ...extra, start: '2026-10-03T09:00', end: '2026-10-03T15:00' };
    expect(checker.change({ upsert: [moved] })).toEqual(checkBylaw17({ ...input, activities: [...base, moved] }));
    expect(checker.change({ remove: ['x', 'p0'] })).toEqual(checkBylaw17({ ...input, activities: base.slice(1) }));
  });
});

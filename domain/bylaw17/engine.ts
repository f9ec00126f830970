import type { DateRange, SeasonType, SegmentType, Weekday } from '../calendar';
import type { ErrorCode } from '../errors';
import {
  BYLAW17_RULES,
  COMPETITION_DAY_HOURS,
  EXAM_BLACKOUT_DAYS_BEFORE,
  OUT_OF_SEASON_ALLOWED,
  WEEK_BEFORE_FIRST_CONTEST_DAYS,
  countabilityOf,
  type Bylaw17Rule,
  type Bylaw17RuleId,
} from './rules';

/**
 * The Bylaw 17 engine: pure functions over a team's segments, the academic calendar and the countable activities each
 * athlete attended. Limits are checked per athlete (one athlete at an extra session can break a limit the rest of the
 * team keeps), per day and per week, where a week runs from the segment's start day of the week and is clipped to the
 * segment. The result is kept per week, so a changed event re-checks only the weeks it touches (`createBylaw17Checker`).
 *
 * Days and times are the local wall clock of the team (the API converts instants before calling).
 */

export interface Bylaw17Segment extends DateRange {
  seasonType: SeasonType;
  segmentType: SegmentType;
  /** The first day of the segment's weeks; without it the engine cannot lay out weeks. */
  startDayOfWeek: Weekday | null;
  /**
   * Whether the school marks this segment as one where the week before its first contest is exempt from the daily
   * and weekly limits. Off unless set: a compliance officer turns it on where it applies.
   */
  exemptWeekBeforeFirstContest?: boolean;
}

export interface ExemptPeriod extends DateRange {
  kind: 'VACATION' | 'BETWEEN_TERMS' | 'PRESEASON' | 'OTHER';
}

export interface Bylaw17Calendar {
  /** The first class day of each term (ends the preseason exemption). */
  classesStart: readonly string[];
  /** Final exam periods (the blackout begins a week before each). */
  finalExams: readonly DateRange[];
  /** Official vacations, time between terms and other exempt periods: daily and weekly limits do not apply. */
  exemptPeriods: readonly ExemptPeriod[];
}

export interface Bylaw17Activity {
  id: string;
  /** Local start and end, `YYYY-MM-DDTHH:mm`. An activity past midnight counts on each day it touches. */
  start: string;
  end: string;
  category: string;
  caraCategory?: string | null;
  /** The athletes who attended (or are scheduled to). */
  athleteIds: readonly string[];
}

export interface Bylaw17Input {
  segments: readonly Bylaw17Segment[];
  calendar: Bylaw17Calendar | null;
  activities: readonly Bylaw17Activity[];
  /** The team's athletes: those with no activity still get their days off counted. */
  athleteIds: readonly string[];
  /** An athlete's own last exam day, when it differs from the exam period's end. */
  examEndByAthlete?: Readonly<Record<string, string>>;
}

export interface Bylaw17Violation {
  /** Stable identity of the breach (rule, athlete, day or week): dismissals refer to it. */
  key: string;
  ruleId: Bylaw17RuleId;
  bylaw: string;
  title: string;
  athleteId: string;
  /** The day for daily rules, the week's first day for weekly rules. */
  date: string;
  weekStart: string;
  weekEnd: string;
  unit: 'hours' | 'days' | 'activities';
  actual: number;
  limit: number;
  /** By how much: hours over, days off missing, activities not allowed. */
  excess: number;
  eventIds: string[];
  source: string;
  message: string;
}

export interface AthleteWeek {
  athleteId: string;
  hours: number;
  skillHours: number;
  daysOff: number;
  /** Countable hours on each day of the week (competition days count 3). */
  dayHours: number[];
}

export interface Bylaw17Week {
  weekStart: string;
  weekEnd: string;
  days: number;
  seasonType: SeasonType;
  segmentType: SegmentType;
  /** Every day of the week is exempt: no hour limit applies. */
  exempt: boolean;
  exemptDays: string[];
  limits: { weeklyHours: number; dailyHours: number | null; skillHours: number | null; daysOff: number | null };
  athletes: AthleteWeek[];
  violations: Bylaw17Violation[];
}

export type Bylaw17Result =
  { ok: true; weeks: Bylaw17Week[]; violations: Bylaw17Violation[] } | { ok: false; error: ErrorCode };

// ---- Day arithmetic (days since the epoch: cheap to compare and index) ---------------------------------------------

const DAY_MS = 86_400_000;
const WEEKDAY_INDEX: Record<Weekday, number> = {
  SUNDAY: 0,
  MONDAY: 1,
  TUESDAY: 2,
  WEDNESDAY: 3,
  THURSDAY: 4,
  FRIDAY: 5,
  SATURDAY: 6,
};

export function dayNumber(date: string): number {
  return Math.floor(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS);
}

export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

function minuteOf(local: string): number {
  return +local.slice(11, 13) * 60 + +local.slice(14, 16);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

// ---- Preparation -----------------------------------------------------------------------------------------------

/** One day's share of an activity. */
interface Piece {
  activity: Bylaw17Activity;
  day: number;
  startMinute: number;
  endMinute: number;
  competition: boolean;
  skill: boolean;
  outOfSeasonAllowed: boolean;
}

interface WeekFrame {
  start: number;
  end: number;
  segment: Bylaw17Segment;
}

/** Splits countable activities into per-day pieces; non-countable ones are dropped here and never reach a rule. */
function piecesOf(activity: Bylaw17Activity): Piece[] {
  const countability = countabilityOf(activity.category, activity.caraCategory);
  if (countability === 'NOT_COUNTABLE' || activity.athleteIds.length === 0) return [];
  const startDay = dayNumber(activity.start);
  const endDay = dayNumber(activity.end);
  const startMinute = minuteOf(activity.start);
  const endMinute = minuteOf(activity.end);
  if (endDay < startDay || (endDay === startDay && endMinute <= startMinute)) return [];
  const competition = countability === 'COMPETITION';
  const skill = activity.caraCategory === 'SKILL_INSTRUCTION';
  const outOfSeasonAllowed =
    !competition && OUT_OF_SEASON_ALLOWED.includes(activity.caraCategory as (typeof OUT_OF_SEASON_ALLOWED)[number]);
  const out: Piece[] = [];
  for (let day = startDay; day <= endDay; day++) {
    const from = day === startDay ? startMinute : 0;
    const to = day === endDay ? endMinute : 1440;
    if (to > from)
      out.push({ activity, day, startMinute: from, endMinute: to, competition, skill, outOfSeasonAllowed });
  }
  return out;
}

/** The weeks of every segment: from the segment's start to its end, each starting on the segment's start day. */
function weekFrames(segments: readonly Bylaw17Segment[]): WeekFrame[] | ErrorCode {
  const frames: WeekFrame[] = [];
  for (const segment of [...segments].sort((a, b) => (a.startDate < b.startDate ? -1 : 1))) {
    if (!segment.startDayOfWeek) return 'BYLAW17_NOT_APPLICABLE';
    const first = dayNumber(segment.startDate);
    const last = dayNumber(segment.endDate);
    const anchor = WEEKDAY_INDEX[segment.startDayOfWeek];
    let start = first;
    while (start <= last) {
      // The week ends the day before the next start day (a first partial week ends early).
      let end = start + 1;
      while (end <= last && weekdayOf(end) !== anchor) end++;
      frames.push({ start, end: end - 1, segment });
      start = end;
    }
  }
  return frames;
}

interface Context {
  frames: WeekFrame[];
  athletes: string[];
  athleteIndex: Map<string, number>;
  byDay: Map<number, Piece[]>;
  exempt: (day: number) => boolean;
  blackoutEnd: (day: number, athlete: string) => boolean;
}

function addPieces(ctx: Context, activity: Bylaw17Activity): number[] {
  const days: number[] = [];
  for (const piece of piecesOf(activity)) {
    let list = ctx.byDay.get(piece.day);
    if (!list) ctx.byDay.set(piece.day, (list = []));
    list.push(piece);
    days.push(piece.day);
    for (const a of activity.athleteIds) {
      if (!ctx.athleteIndex.has(a)) {
        ctx.athleteIndex.set(a, ctx.athletes.length);
        ctx.athletes.push(a);
      }
    }
  }
  return days;
}

function removePieces(ctx: Context, activityId: string, hint: Bylaw17Activity | undefined): number[] {
  const days: number[] = [];
  const candidates = hint ? piecesOf(hint).map((p) => p.day) : [...ctx.byDay.keys()];
  for (const day of new Set(candidates)) {
    const list = ctx.byDay.get(day);
    if (!list) continue;
    const kept = list.filter((p) => p.activity.id !== activityId);
    if (kept.length !== list.length) {
      days.push(day);
      if (kept.length) ctx.byDay.set(day, kept);
      else ctx.byDay.delete(day);
    }
  }
  return days;
}

/**
 * Whether classes are in session on a day: a term's first class day has passed and the day is not between two terms.
 * A segment that starts when classes are not in session opens with a preseason exemption.
 */
function classesInSession(input: Bylaw17Input, day: number): boolean {
  const started = (input.calendar?.classesStart ?? []).some((c) => dayNumber(c) <= day);
  if (!started) return false;
  return !(input.calendar?.exemptPeriods ?? []).some(
    (p) => p.kind === 'BETWEEN_TERMS' && dayNumber(p.startDate) <= day && day <= dayNumber(p.endDate),
  );
}

/** The segment opens before classes are in session, so its first days are preseason (DOMAIN-NOTES, exempt periods). */
function startsBeforeClasses(input: Bylaw17Input, segment: Bylaw17Segment): boolean {
  return !classesInSession(input, dayNumber(segment.startDate));
}

/**
 * Preseason: the days of a segment before classes start or before its first contest, whichever comes first, are
 * exempt from the daily and weekly limits, whatever the segment's type (DOMAIN-NOTES, "exempt periods"). Only a
 * segment that starts while classes are not in session has such days.
 */
function preseasonExemptions(ctx: Pick<Context, 'byDay'>, input: Bylaw17Input): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const classDays = (input.calendar?.classesStart ?? []).map(dayNumber).sort((a, b) => a - b);
  for (const s of input.segments) {
    if (!startsBeforeClasses(input, s)) continue;
    const from = dayNumber(s.startDate);
    const to = dayNumber(s.endDate);
    let stop = to + 1;
    const classes = classDays.find((d) => d >= from);
    if (classes !== undefined && classes < stop) stop = classes;
    const contest = firstContestDay(ctx, from, stop - 1);
    if (contest !== null) stop = contest;
    if (stop > from) out.push([from, stop - 1]);
  }
  return out;
}

/** The first day of a segment holding a competition, or null. */
function firstContestDay(ctx: Pick<Context, 'byDay'>, from: number, to: number): number | null {
  for (let d = from; d <= to; d++) if (ctx.byDay.get(d)?.some((p) => p.competition)) return d;
  return null;
}

/**
 * In a segment the school marks so, the days before its first contest (at most a week, not before the segment
 * starts) are exempt. Like the preseason exemption it moves with the first contest.
 */
function weekBeforeFirstContestExemptions(ctx: Pick<Context, 'byDay'>, input: Bylaw17Input): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const s of input.segments) {
    if (!s.exemptWeekBeforeFirstContest) continue;
    const from = dayNumber(s.startDate);
    const first = firstContestDay(ctx, from, dayNumber(s.endDate));
    if (first === null || first <= from) continue;
    out.push([Math.max(from, first - WEEK_BEFORE_FIRST_CONTEST_DAYS), first - 1]);
  }
  return out;
}

/** Segments whose exempt days depend on where their first contest falls. */
function movesWithFirstContest(input: Bylaw17Input, segment: Bylaw17Segment): boolean {
  return startsBeforeClasses(input, segment) || segment.exemptWeekBeforeFirstContest === true;
}

function buildContext(input: Bylaw17Input, frames: WeekFrame[]): Context {
  const ctx: Context = {
    frames,
    athletes: [...input.athleteIds],
    athleteIndex: new Map(input.athleteIds.map((a, i) => [a, i])),
    byDay: new Map(),
    exempt: () => false,
    blackoutEnd: () => false,
  };
  for (const activity of input.activities) addPieces(ctx, activity);
  refreshCalendar(ctx, input);
  return ctx;
}

/** Exempt days and exam blackouts; preseason exemption depends on the first contest, so it is refreshed on changes. */
function refreshCalendar(ctx: Context, input: Bylaw17Input): void {
  const exemptRanges: Array<[number, number]> = (input.calendar?.exemptPeriods ?? []).map((p) => [
    dayNumber(p.startDate),
    dayNumber(p.endDate),
  ]);
  exemptRanges.push(...preseasonExemptions(ctx, input), ...weekBeforeFirstContestExemptions(ctx, input));
  ctx.exempt = (day) => exemptRanges.some(([a, b]) => a <= day && day <= b);
  const exams = (input.calendar?.finalExams ?? []).map((p) => ({
    from: dayNumber(p.startDate) - EXAM_BLACKOUT_DAYS_BEFORE,
    examStart: dayNumber(p.startDate),
    to: dayNumber(p.endDate),
  }));
  const own = input.examEndByAthlete ?? {};
  ctx.blackoutEnd = (day, athlete) =>
    exams.some((e) => {
      if (day < e.from) return false;
      const ownEnd = own[athlete] ? dayNumber(own[athlete]) : undefined;
      const end = ownEnd !== undefined && ownEnd >= e.examStart && ownEnd <= e.to ? ownEnd : e.to;
      return day <= end;
    });
}

// ---- One week ----------------------------------------------------------------------------------------------------

function applies(rule: Bylaw17Rule, segment: Bylaw17Segment): boolean {
  return rule.seasons.includes(segment.seasonType) && rule.segmentTypes.includes(segment.segmentType);
}

function violation(
  rule: Bylaw17Rule,
  athleteId: string,
  day: number,
  frame: Pick<WeekFrame, 'start' | 'end'>,
  actual: number,
  excess: number,
  eventIds: string[],
  unit: Bylaw17Violation['unit'],
): Bylaw17Violation {
  const date = dayString(day);
  const limitText =
    unit === 'days'
      ? `${actual} ${actual === 1 ? 'day' : 'days'} off, at least ${rule.limit} required`
      : unit === 'hours'
        ? `${round2(actual)} countable hours, limit ${rule.limit} (${round2(excess)} over)`
        : `${excess} ${excess === 1 ? 'activity' : 'activities'} not allowed`;
  return {
    key: `${rule.id}:${athleteId}:${date}`,
    ruleId: rule.id,
    bylaw: rule.bylaw,
    title: rule.title,
    athleteId,
    date,
    weekStart: dayString(frame.start),
    weekEnd: dayString(frame.end),
    unit,
    actual: round2(actual),
    limit: rule.limit,
    excess: round2(excess),
    eventIds,
    source: rule.source,
    message: `${rule.title}: ${limitText}.`,
  };
}

function checkWeek(ctx: Context, frame: WeekFrame): Bylaw17Week {
  const { segment } = frame;
  const days = frame.end - frame.start + 1;
  const n = ctx.athletes.length;
  const minutes = new Float64Array(n * days);
  const skillMinutes = new Float64Array(n);
  const competition = new Uint8Array(n * days);
  const firstCompetitionEnd = new Float64Array(n * days).fill(Infinity);
  const exemptDays: boolean[] = [];
  const violations: Bylaw17Violation[] = [];
  const R = BYLAW17_RULES;
  const outOfSeason = segment.seasonType === 'OUT_OF_SEASON';

  for (let d = 0; d < days; d++) {
    const day = frame.start + d;
    exemptDays.push(ctx.exempt(day));
    const pieces = ctx.byDay.get(day);
    if (!pieces) continue;
    for (const p of pieces) {
      const length = p.endMinute - p.startMinute;
      for (const athlete of p.activity.athleteIds) {
        const a = ctx.athleteIndex.get(athlete)!;
        const slot = a * days + d;
        minutes[slot]! += length;
        if (p.skill) skillMinutes[a]! += length;
        if (p.competition) {
          competition[slot] = 1;
          if (p.endMinute < firstCompetitionEnd[slot]!) firstCompetitionEnd[slot] = p.endMinute;
        }
      }
    }
    // Per-activity day rules: after a competition, exam blackout, out-of-season kinds.
    for (const p of pieces) {
      for (const athlete of p.activity.athleteIds) {
        const a = ctx.athleteIndex.get(athlete)!;
        const slot = a * days + d;
        if (!p.competition && p.startMinute >= firstCompetitionEnd[slot]! && applies(R.AFTER_COMPETITION, segment))
          violations.push(violation(R.AFTER_COMPETITION, athlete, day, frame, 1, 1, [p.activity.id], 'activities'));
        if (applies(R.FINAL_EXAM_BLACKOUT, segment) && ctx.blackoutEnd(day, athlete))
          violations.push(violation(R.FINAL_EXAM_BLACKOUT, athlete, day, frame, 1, 1, [p.activity.id], 'activities'));
        if (outOfSeason && !p.outOfSeasonAllowed && applies(R.ACTIVITY_KIND_OUT_OF_SEASON, segment))
          violations.push(
            violation(R.ACTIVITY_KIND_OUT_OF_SEASON, athlete, day, frame, 1, 1, [p.activity.id], 'activities'),
          );
      }
    }
  }

  const allExempt = exemptDays.every(Boolean);
  const anyExempt = exemptDays.some(Boolean);
  const weeklyRule = outOfSeason ? R.WEEKLY_HOURS_OUT_OF_SEASON : R.WEEKLY_HOURS_IN_SEASON;
  const daysOffRule = outOfSeason ? R.DAYS_OFF_OUT_OF_SEASON : R.DAYS_OFF_IN_SEASON;
  const dailyApplies = applies(R.DAILY_HOURS, segment);
  const skillApplies = applies(R.SKILL_INSTRUCTION_OUT_OF_SEASON, segment);
  // Days off are owed in a full week with no exempt day (a partial week at a segment's edge is not pro-rated).
  const daysOffApplies = applies(daysOffRule, segment) && days === 7 && !anyExempt;
  const athletes: AthleteWeek[] = [];
  const eventsOf = (athlete: string, from: number, to: number) => {
    const ids = new Set<string>();
    for (let day = from; day <= to; day++)
      for (const p of ctx.byDay.get(day) ?? []) if (p.activity.athleteIds.includes(athlete)) ids.add(p.activity.id);
    return [...ids];
  };

  for (let a = 0; a < n; a++) {
    const athlete = ctx.athletes[a]!;
    const dayHours: number[] = [];
    let week = 0;
    let off = 0;
    for (let d = 0; d < days; d++) {
      const slot = a * days + d;
      const hours = competition[slot] ? COMPETITION_DAY_HOURS : minutes[slot]! / 60;
      dayHours.push(round2(hours));
      if (minutes[slot] === 0) off++;
      if (exemptDays[d]) continue;
      week += hours;
      if (dailyApplies && hours > R.DAILY_HOURS.limit) {
        const day = frame.start + d;
        violations.push(
          violation(
            R.DAILY_HOURS,
            athlete,
            day,
            frame,
            hours,
            hours - R.DAILY_HOURS.limit,
            eventsOf(athlete, day, day),
            'hours',
          ),
        );
      }
    }
    const skill = skillMinutes[a]! / 60;
    athletes.push({ athleteId: athlete, hours: round2(week), skillHours: round2(skill), daysOff: off, dayHours });
    if (allExempt) continue;
    if (applies(weeklyRule, segment) && week > weeklyRule.limit + 1e-9)
      violations.push(
        violation(
          weeklyRule,
          athlete,
          frame.start,
          frame,
          week,
          week - weeklyRule.limit,
          eventsOf(athlete, frame.start, frame.end),
          'hours',
        ),
      );
    if (skillApplies && skill > R.SKILL_INSTRUCTION_OUT_OF_SEASON.limit + 1e-9)
      violations.push(
        violation(
          R.SKILL_INSTRUCTION_OUT_OF_SEASON,
          athlete,
          frame.start,
          frame,
          skill,
          skill - R.SKILL_INSTRUCTION_OUT_OF_SEASON.limit,
          eventsOf(athlete, frame.start, frame.end),
          'hours',
        ),
      );
    if (daysOffApplies && off < daysOffRule.limit)
      violations.push(violation(daysOffRule, athlete, frame.start, frame, off, daysOffRule.limit - off, [], 'days'));
  }

  return {
    weekStart: dayString(frame.start),
    weekEnd: dayString(frame.end),
    days,
    seasonType: segment.seasonType,
    segmentType: segment.segmentType,
    exempt: allExempt,
    exemptDays: exemptDays.flatMap((e, d) => (e ? [dayString(frame.start + d)] : [])),
    limits: {
      weeklyHours: weeklyRule.limit,
      dailyHours: dailyApplies ? R.DAILY_HOURS.limit : null,
      skillHours: skillApplies ? R.SKILL_INSTRUCTION_OUT_OF_SEASON.limit : null,
      daysOff: applies(daysOffRule, segment) ? daysOffRule.limit : null,
    },
    athletes,
    violations: dedupe(violations),
  };
}

/** One violation per key (an athlete at two events after a competition is one breach of that day, with both ids). */
function dedupe(violations: Bylaw17Violation[]): Bylaw17Violation[] {
  const byKey = new Map<string, Bylaw17Violation>();
  for (const v of violations) {
    const seen = byKey.get(v.key);
    if (!seen) byKey.set(v.key, v);
    else {
      for (const id of v.eventIds) if (!seen.eventIds.includes(id)) seen.eventIds.push(id);
      if (v.unit === 'activities') {
        seen.actual = seen.eventIds.length;
        seen.excess = seen.eventIds.length;
        seen.message = `${seen.title}: ${seen.excess} activities not allowed.`;
      }
    }
  }
  return [...byKey.values()];
}

/**
 * The exam blackout on days outside every segment (DOMAIN-NOTES, "exam blackout": any day): each countable activity an
 * athlete attends there is a violation. Such a day is its own "week" in the violation, as no segment lays out weeks.
 */
function blackoutOutsideSegments(ctx: Context): Bylaw17Violation[] {
  const rule = BYLAW17_RULES.FINAL_EXAM_BLACKOUT;
  const inFrame = (day: number) => ctx.frames.some((f) => f.start <= day && day <= f.end);
  const out: Bylaw17Violation[] = [];
  for (const day of [...ctx.byDay.keys()].sort((a, b) => a - b)) {
    if (inFrame(day)) continue;
    const frame = { start: day, end: day };
    for (const p of ctx.byDay.get(day)!)
      for (const athlete of p.activity.athleteIds)
        if (ctx.blackoutEnd(day, athlete))
          out.push(violation(rule, athlete, day, frame, 1, 1, [p.activity.id], 'activities'));
  }
  return dedupe(out);
}

// ---- Public API ----------------------------------------------------------------------------------------------------

function precheck(input: Bylaw17Input): ErrorCode | WeekFrame[] {
  if (!input.calendar) return 'NO_ACADEMIC_YEAR';
  return weekFrames(input.segments);
}

function assemble(weeks: Bylaw17Week[], outside: Bylaw17Violation[]): Bylaw17Result {
  // Days outside every segment slot in between the weeks, in date order.
  const violations: Bylaw17Violation[] = [];
  let next = 0;
  for (const w of weeks) {
    while (next < outside.length && outside[next]!.date < w.weekStart) violations.push(outside[next++]!);
    violations.push(...w.violations);
  }
  violations.push(...outside.slice(next));
  return { ok: true, weeks, violations };
}

/** Checks a whole schedule: every week of every segment, every athlete. */
export function checkBylaw17(input: Bylaw17Input): Bylaw17Result {
  const frames = precheck(input);
  if (typeof frames === 'string') return { ok: false, error: frames };
  const ctx = buildContext(input, frames);
  return assemble(
    frames.map((f) => checkWeek(ctx, f)),
    blackoutOutsideSegments(ctx),
  );
}

export interface Bylaw17Checker {
  result(): Bylaw17Result;
  /** Replaces activities (by id) and adds new ones, re-checking only the weeks whose days changed. */
  change(change: { remove?: readonly string[]; upsert?: readonly Bylaw17Activity[] }): Bylaw17Result;
}

/**
 * An incremental checker: the first result checks every week; a change re-checks the weeks it touches. A change to a
 * competition can move the end of the preseason exemption or the week before a first contest, so it re-checks the
 * weeks of those segments too.
 */
export function createBylaw17Checker(input: Bylaw17Input): Bylaw17Checker {
  const frames = precheck(input);
  if (typeof frames === 'string') {
    const failed: Bylaw17Result = { ok: false, error: frames };
    return { result: () => failed, change: () => failed };
  }
  const activities = new Map(input.activities.map((a) => [a.id, a]));
  const ctx = buildContext(input, frames);
  const weeks = frames.map((f) => checkWeek(ctx, f));
  let outside = blackoutOutsideSegments(ctx);
  const weekOf = (day: number): number => {
    let lo = 0;
    let hi = frames.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (frames[mid]!.end < day) lo = mid + 1;
      else if (frames[mid]!.start > day) hi = mid - 1;
      else return mid;
    }
    return -1;
  };
  return {
    result: () => assemble(weeks, outside),
    change({ remove = [], upsert = [] }) {
      const touched = new Set<number>();
      let preseasonCompetition = false;
      const track = (a: Bylaw17Activity | undefined) => {
        if (a && countabilityOf(a.category, a.caraCategory) === 'COMPETITION') preseasonCompetition = true;
      };
      for (const id of [...remove, ...upsert.map((a) => a.id)]) {
        const old = activities.get(id);
        if (!old) continue;
        track(old);
        for (const d of removePieces(ctx, id, old)) touched.add(d);
        activities.delete(id);
      }
      for (const a of upsert) {
        track(a);
        activities.set(a.id, a);
        for (const d of addPieces(ctx, a)) touched.add(d);
      }
      const indexes = new Set<number>();
      if (preseasonCompetition && input.segments.some((s) => movesWithFirstContest(input, s))) {
        refreshCalendar(ctx, input);
        frames.forEach((f, i) => {
          if (movesWithFirstContest(input, f.segment)) indexes.add(i);
        });
      }
      for (const d of touched) {
        const i = weekOf(d);
        if (i >= 0) indexes.add(i);
      }
      // A new athlete needs a row in every week (days off are owed even without activities).
      const known = new Set(weeks[0]?.athletes.map((a) => a.athleteId) ?? []);
      if (ctx.athletes.some((a) => !known.has(a))) frames.forEach((_, i) => indexes.add(i));
      for (const i of indexes) weeks[i] = checkWeek(ctx, frames[i]!);
      outside = blackoutOutsideSegments(ctx);
      return assemble(weeks, outside);
    },
  };
}

export { BYLAW17_RULES };

import * as rruleModule from 'rrule';
import type { Weekday as RRuleWeekday } from 'rrule';
import { countabilityOf } from './bylaw17/rules';
import { CARA_CATEGORY_LABELS, EVENT_CATEGORY_COLOURS, type Weekday } from './calendar';
import { ERRORS, type ErrorCode, type ErrorDetail } from './errors';
import { countWords } from './text';

/**
 * Events on the calendar (spec part 1 §3 "Event", part 2 §5 "Events and CARA" and §9): categories with their badge
 * colours, CARA categories, repeat options stored as RFC 5545 RRULEs, reminder offsets, limits and validation.
 *
 * Times are entered as wall-clock dates and times in the event's time zone. Repeats are expanded in "floating" time
 * (the wall clock written into a Date's UTC fields) and each occurrence is then placed in the time zone, so a 4 pm
 * practice stays at 4 pm local on both sides of a daylight-saving change.
 */

// rrule ships CommonJS for Node (no named ESM exports there) and ESM for bundlers: take RRule from either shape.
const { RRule } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

// The categories live in calendar.ts, beside segments, so the Bylaw 17 rules can read them without a circle.
export {
  CARA_CATEGORIES,
  CARA_CATEGORY_LABELS,
  EVENT_CATEGORIES,
  EVENT_CATEGORY_COLOURS,
  EVENT_CATEGORY_LABELS,
  type CaraCategory,
  type EventCategory,
} from './calendar';

/** Repeat options (part 2 §9): never, weekly, every two weeks, monthly, every two months, monthly on a given day. */
export const REPEAT_LABELS = {
  NEVER: 'Never',
  WEEKLY: 'Weekly',
  BIWEEKLY: 'Every two weeks',
  MONTHLY: 'Monthly',
  BIMONTHLY: 'Every two months',
  MONTHLY_ON_DAY: 'Monthly on a given day',
} as const;
export type RepeatOption = keyof typeof REPEAT_LABELS;
export const REPEAT_OPTIONS = Object.keys(REPEAT_LABELS) as RepeatOption[];

/** Reminder offsets in minutes (part 2 §9); null is "none". */
export const REMINDER_MINUTES = [5, 10, 15, 30, 60, 120, 1440, 2880, 10080] as const;
/** Defaults (part 2 §9): 15 minutes before, a countable event 1 hour before. */
export const DEFAULT_REMINDER_MINUTES = 15;
export const DEFAULT_CARA_REMINDER_MINUTES = 60;

export const EVENT_LIMITS = {
  nameWords: 10,
  notesWords: 50,
  agendaWords: 200,
  individuals: 5,
  teams: 5,
  maxDays: 3,
  rejectReasonWords: 50,
  bulkRows: 200,
} as const;

export const EVENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  PENDING: 'Approval pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

// ---- Time zones ------------------------------------------------------------------------------------------------

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** Minutes the zone is ahead of UTC at an instant (e.g. -300 for Chicago in summer). */
const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it (the month view places thousands of times). */
function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = ZONE_FORMATS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (ZONE_FORMATS.size > 500) ZONE_FORMATS.clear();
    ZONE_FORMATS.set(zone, format);
  }
  return format;
}

const OFFSETS = new Map<string, number>();
/** Zone offsets change only on whole quarter hours of UTC, so one look-up serves a quarter hour. */
const OFFSET_BUCKET_MS = 15 * 60_000;

export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const ms = instant.getTime();
  const key = `${zone}|${Math.floor(ms / OFFSET_BUCKET_MS)}`;
  const known = OFFSETS.get(key);
  if (known !== undefined) return known;
  const offset = computeZoneOffset(instant, zone);
  if (OFFSETS.size > 50_000) OFFSETS.clear();
  if (!Number.isNaN(offset)) OFFSETS.set(key, offset);
  return offset;
}

function computeZoneOffset(instant: Date, zone: string): number {
  const parts = zoneFormat(zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant a wall-clock time (a floating Date) has in a zone; a time skipped by DST moves forward. */
export function floatingToInstant(floating: Date, zone: string): Date {
  const guess = floating.getTime();
  const first = zoneOffsetMinutes(new Date(guess), zone);
  const candidate = guess - first * 60000;
  const second = zoneOffsetMinutes(new Date(candidate), zone);
  return new Date(second === first ? candidate : guess - second * 60000);
}

/** The wall-clock time of an instant in a zone, as a floating Date. */
export function instantToFloating(instant: Date, zone: string): Date {
  return new Date(instant.getTime() + zoneOffsetMinutes(instant, zone) * 60000);
}

/** `YYYY-MM-DD` + `HH:mm` in a zone → the instant. */
export function localToInstant(date: string, time: string, zone: string): Date {
  return floatingToInstant(new Date(`${date}T${time}:00Z`), zone);
}

/** The instant's date and time in a zone: `{ date: 'YYYY-MM-DD', time: 'HH:mm' }`. */
export function instantToLocal(instant: Date, zone: string): { date: string; time: string } {
  const iso = instantToFloating(instant, zone).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** `YYYY-MM-DDT` of each day asked for, by days since 1970. */
const DAY_PREFIXES = new Map<number, string>();
/** The years `toISOString` writes with four digits: 0000 to 9999. */
const FOUR_DIGIT_YEARS = [Date.parse('0000-01-01T00:00:00Z'), Date.parse('+010000-01-01T00:00:00Z')] as const;

/**
 * `toISOString` of a Date or epoch ms, several times faster: the month view writes thousands of instants (the date
 * part of each day is kept, the time is arithmetic). Years outside 0000–9999 and invalid dates go to `toISOString`.
 */
export function isoInstant(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!(ms >= FOUR_DIGIT_YEARS[0] && ms < FOUR_DIGIT_YEARS[1])) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = DAY_PREFIXES.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (DAY_PREFIXES.size > 50_000) DAY_PREFIXES.clear();
    DAY_PREFIXES.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[millis]}Z`;
}

/** "GMT -05:00" style label of a zone at an instant (spec part 2 §9 "time zone labels read GMT +/- hh:mm"). */
export function gmtLabel(zone: string, at: Date = new Date()): string {
  const minutes = zoneOffsetMinutes(at, zone);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `GMT ${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// ---- Repeats ---------------------------------------------------------------------------------------------------

const RRULE_DAYS: Record<Weekday, RRuleWeekday> = {
  MONDAY: RRule.MO,
  TUESDAY: RRule.TU,
  WEDNESDAY: RRule.WE,
  THURSDAY: RRule.TH,
  FRIDAY: RRule.FR,
  SATURDAY: RRule.SA,
  SUNDAY: RRule.SU,
};
const DAY_ORDER: Weekday[] = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

export interface RepeatInput {
  repeat: RepeatOption;
  /** Local date of the first occurrence. */
  startDate: string;
  weekdays?: readonly Weekday[];
  /** Local date of the last possible occurrence (inclusive). */
  repeatUntil?: string | null;
}

/**
 * The RFC 5545 RRULE (the value after "RRULE:") for a repeat option, or null for "never". UNTIL is the floating end
 * of the last day; the series' own time zone places it.
 */
export function buildRRule(input: RepeatInput): string | null {
  if (input.repeat === 'NEVER' || !input.repeatUntil) return null;
  const start = new Date(`${input.startDate}T00:00:00Z`);
  const until = new Date(`${input.repeatUntil}T23:59:59Z`);
  const weekdays = (input.weekdays ?? []).map((d) => RRULE_DAYS[d]);
  const base = { until, wkst: RRule.MO };
  let rule: InstanceType<typeof RRule>;
  switch (input.repeat) {
    case 'WEEKLY':
    case 'BIWEEKLY':
      rule = new RRule({
        ...base,
        freq: RRule.WEEKLY,
        interval: input.repeat === 'WEEKLY' ? 1 : 2,
        byweekday: weekdays,
      });
      break;
    case 'MONTHLY':
    case 'BIMONTHLY':
      rule = new RRule({
        ...base,
        freq: RRule.MONTHLY,
        interval: input.repeat === 'MONTHLY' ? 1 : 2,
        bymonthday: start.getUTCDate(),
      });
      break;
    case 'MONTHLY_ON_DAY': {
      // The same weekday of the same week of the month as the first occurrence; the fifth becomes "the last".
      const nth = Math.ceil(start.getUTCDate() / 7);
      const day = RRULE_DAYS[DAY_ORDER[start.getUTCDay()]!];
      rule = new RRule({ ...base, freq: RRule.MONTHLY, byweekday: [day.nth(nth > 4 ? -1 : nth)] });
      break;
    }
  }
  return rule.toString().replace(/^RRULE:/, '');
}

export interface SeriesTiming {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  rrule: string | null;
  /** ISO instants of occurrences cut out of the series. */
  exdates?: readonly string[];
}

export interface Occurrence {
  start: Date;
  end: Date;
}

/** A parsed rule with the instants of its occurrences, computed a calendar year (of wall-clock time) at a time. */
interface ParsedRule {
  rule: InstanceType<typeof RRule>;
  /** The wall-clock year of the rule's UNTIL; null for an open rule (expanded range by range, without the years). */
  lastYear: number | null;
  /** `zone|year` → the sorted starts (epoch ms) of the occurrences whose wall-clock start falls in that year. */
  years: Map<string, number[]>;
}

const RULES = new Map<string, ParsedRule>();

/**
 * Parsed rules are kept with their expanded years (a calendar asks for the same series again and again, a month at
 * a time): each year of a series is expanded and placed in its zone once, then every range reads it.
 */
function cachedRule(rrule: string, dtstart: Date): ParsedRule {
  const key = `${rrule}|${dtstart.getTime()}`;
  let parsed = RULES.get(key);
  if (!parsed) {
    const rule = new RRule({ ...RRule.parseString(rrule), dtstart }, true);
    const until = rule.options.until;
    parsed = { rule, lastYear: until ? until.getUTCFullYear() : null, years: new Map() };
    if (RULES.size > 10_000) RULES.clear();
    RULES.set(key, parsed);
  }
  return parsed;
}

function startsInYear(parsed: ParsedRule, zone: string, year: number): number[] {
  const key = `${zone}|${year}`;
  let starts = parsed.years.get(key);
  if (!starts) {
    starts = parsed.rule
      .between(new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1) - 1), true)
      .map((floating) => floatingToInstant(floating, zone).getTime())
      .sort((a, b) => a - b);
    parsed.years.set(key, starts);
  }
  return starts;
}

/** The first index of a sorted list whose value is above `min`. */
function firstAbove(sorted: readonly number[], min: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! > min) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The instants of the cut occurrences (an exdate is the occurrence's start as `toISOString` writes it). */
function skippedStarts(exdates: readonly string[] | undefined): Set<number> | null {
  if (!exdates?.length) return null;
  const out = new Set<number>();
  for (const iso of exdates) {
    const ms = Date.parse(iso);
    if (!Number.isNaN(ms) && new Date(ms).toISOString() === iso) out.add(ms);
  }
  return out;
}

/**
 * The starts (epoch ms) of the occurrences of a series that overlap [from, to), in order, expanded with rrule in the
 * series' time zone; each ends the series' duration later. Only the years of wall-clock time the range touches are
 * expanded (once per series, then kept).
 */
export function occurrenceStarts(series: SeriesTiming, from: Date, to: Date): number[] {
  if (!series.rrule) return series.startsAt < to && series.endsAt > from ? [series.startsAt.getTime()] : [];
  const duration = series.endsAt.getTime() - series.startsAt.getTime();
  const dtstart = instantToFloating(series.startsAt, series.timeZone);
  const parsed = cachedRule(series.rrule, dtstart);
  // Search a day wider on both sides in floating time (zone offsets stay within ±14 h), then clip exactly.
  const day = 86_400_000;
  const floatingFrom = new Date(from.getTime() - duration - day);
  const floatingTo = new Date(to.getTime() + day);
  const skipped = skippedStarts(series.exdates);
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const out: number[] = [];
  const keep = (start: number) => {
    if (start < toMs && start + duration > fromMs && !skipped?.has(start)) out.push(start);
  };
  if (parsed.lastYear === null) {
    for (const floating of parsed.rule.between(floatingFrom, floatingTo, true))
      keep(floatingToInstant(floating, series.timeZone).getTime());
    return out;
  }
  const lastYear = Math.min(floatingTo.getUTCFullYear(), parsed.lastYear);
  for (let year = Math.max(floatingFrom.getUTCFullYear(), dtstart.getUTCFullYear()); year <= lastYear; year++) {
    const starts = startsInYear(parsed, series.timeZone, year);
    for (let i = firstAbove(starts, fromMs - duration); i < starts.length && starts[i]! < toMs; i++) keep(starts[i]!);
  }
  return out;
}

/** The occurrences of a series that overlap [from, to), in order, expanded with rrule in the series' time zone. */
export function expandOccurrences(series: SeriesTiming, from: Date, to: Date): Occurrence[] {
  const duration = series.endsAt.getTime() - series.startsAt.getTime();
  return occurrenceStarts(series, from, to).map((start) => ({
    start: new Date(start),
    end: new Date(start + duration),
  }));
}

/** Every occurrence of a series (a repeat always has an end date, so the list is finite). */
export function allOccurrences(series: SeriesTiming): Occurrence[] {
  return expandOccurrences(series, new Date(series.startsAt.getTime() - 1), new Date('9999-01-01T00:00:00Z'));
}

/** The RRULE of a series cut so its last occurrence starts before `before` ("this and following" edits). */
export function rruleUntil(rrule: string, before: Date, timeZone: string): string {
  const options = RRule.parseString(rrule);
  const until = new Date(instantToFloating(before, timeZone).getTime() - 1000);
  return new RRule({ ...options, until }).toString().replace(/^RRULE:/, '');
}

// ---- Validation ------------------------------------------------------------------------------------------------

export interface EventInput {
  name: string;
  category: string;
  caraCategory?: string | null;
  sportTeamId?: string | null;
  attendeeTeamIds: readonly string[];
  attendeeUserIds: readonly string[];
  timeZone: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  repeat: RepeatOption;
  weekdays?: readonly Weekday[];
  repeatUntil?: string | null;
  notes?: string | null;
  agenda?: string | null;
  reminderMinutes?: number | null;
}

/**
 * A countable (CARA) event invites one team only (catalogue: "Multiple teams block CARA events."): the Bylaw 17 engine
 * counts a log per team, so a countable event of several teams cannot be placed in one log.
 */
export function isCaraMultiTeam(input: Pick<EventInput, 'category' | 'caraCategory' | 'attendeeTeamIds'>): boolean {
  return (
    new Set(input.attendeeTeamIds).size > 1 && countabilityOf(input.category, input.caraCategory) !== 'NOT_COUNTABLE'
  );
}

function problem(field: string, code: ErrorCode): ErrorDetail {
  return { field, code, message: ERRORS[code].message };
}

/**
 * Every rule an event breaks, one detail per field, in the spec's words (part 2 §5 "Events and CARA", §9): required
 * fields, word limits, start before end, at most 3 days, repeat end and weekdays, per-event limits, and one team on a
 * countable (CARA) event. A past event is allowed: a CARA log records what happened (issue 35); events of a week whose
 * log is submitted are locked by the API instead.
 */
export function checkEvent(input: EventInput): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  if (!input.name.trim()) out.push(problem('name', 'EVENT_FIELDS_REQUIRED'));
  else if (countWords(input.name) > EVENT_LIMITS.nameWords) out.push(problem('name', 'EVENT_NAME_TOO_LONG'));
  if (!input.sportTeamId) out.push(problem('sportTeamId', 'EVENT_FIELDS_REQUIRED'));
  if (!(input.category in EVENT_CATEGORY_COLOURS)) out.push(problem('category', 'EVENT_FIELDS_REQUIRED'));
  if (input.caraCategory && !(input.caraCategory in CARA_CATEGORY_LABELS))
    out.push(problem('caraCategory', 'VALIDATION_FAILED'));
  if (input.attendeeTeamIds.length + input.attendeeUserIds.length === 0)
    out.push(problem('attendees', 'EVENT_FIELDS_REQUIRED'));
  if (input.attendeeUserIds.length > EVENT_LIMITS.individuals)
    out.push(problem('attendeeUserIds', 'EVENT_INDIVIDUALS_LIMIT'));
  if (input.attendeeTeamIds.length > EVENT_LIMITS.teams) out.push(problem('attendeeTeamIds', 'EVENT_TEAMS_LIMIT'));
  else if (isCaraMultiTeam(input)) out.push(problem('attendeeTeamIds', 'CARA_MULTIPLE_TEAMS'));
  if (countWords(input.notes) > EVENT_LIMITS.notesWords) out.push(problem('notes', 'EVENT_NOTES_TOO_LONG'));
  if (countWords(input.agenda) > EVENT_LIMITS.agendaWords) out.push(problem('agenda', 'EVENT_AGENDA_TOO_LONG'));
  if (input.reminderMinutes != null && !(REMINDER_MINUTES as readonly number[]).includes(input.reminderMinutes))
    out.push(problem('reminderMinutes', 'EVENT_REMINDER_INVALID'));
  if (!isValidTimeZone(input.timeZone)) {
    out.push(problem('timeZone', 'EVENT_TIME_ZONE_INVALID'));
    return out;
  }
  if (!input.startDate || !input.startTime) {
    out.push(problem('startDate', 'EVENT_FIELDS_REQUIRED'));
    return out;
  }
  const start = localToInstant(input.startDate, input.startTime, input.timeZone);
  const end = localToInstant(input.endDate || input.startDate, input.endTime, input.timeZone);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    out.push(problem('startDate', 'EVENT_FIELDS_REQUIRED'));
    return out;
  }
  if (end <= start) out.push(problem('endTime', 'EVENT_END_BEFORE_START'));
  else if (end.getTime() - start.getTime() > EVENT_LIMITS.maxDays * 86_400_000)
    out.push(problem('endDate', 'EVENT_TOO_LONG'));
  if (input.repeat !== 'NEVER') {
    if (!input.repeatUntil) out.push(problem('repeatUntil', 'EVENT_REPEAT_END_REQUIRED'));
    else if (input.repeatUntil < input.startDate) out.push(problem('repeatUntil', 'EVENT_REPEAT_END_BEFORE_START'));
    if ((input.repeat === 'WEEKLY' || input.repeat === 'BIWEEKLY') && !input.weekdays?.length)
      out.push(problem('weekdays', 'EVENT_REPEAT_WEEKDAYS_REQUIRED'));
  }
  return out;
}

/** A coach's countable (CARA) event waits for an admin; an admin's own events and other kinds are approved at once. */
export function needsApproval(input: { category: string; caraCategory?: string | null }, byManager: boolean): boolean {
  if (byManager) return false;
  return input.category === 'CARA' || !!input.caraCategory;
}

/** The reminder offset of an event in minutes (null: none): the chosen one, else 1 hour for countable events and 15 minutes for others. */
export function reminderOffset(input: {
  reminderMinutes?: number | null;
  category: string;
  caraCategory?: string | null;
}): number | null {
  if (input.reminderMinutes !== undefined) return input.reminderMinutes;
  return input.category === 'CARA' || input.caraCategory ? DEFAULT_CARA_REMINDER_MINUTES : DEFAULT_REMINDER_MINUTES;
}

/** The weekdays of a weekly RRULE (for the edit form). */
export function weekdaysOfRRule(rrule: string | null): Weekday[] {
  const match = rrule ? /BYDAY=([^;]+)/.exec(rrule) : null;
  if (!match || !/FREQ=WEEKLY/.test(rrule!)) return [];
  const byCode = Object.fromEntries(Object.entries(RRULE_DAYS).map(([day, rd]) => [rd.toString(), day as Weekday]));
  return match[1]!.split(',').flatMap((code) => (byCode[code] ? [byCode[code]] : []));
}

// ---- Reminders ----------------------------------------------------------------------------------------------

/**
 * The next reminder of a series: the first occurrence starting after `after`, reminded `offset` minutes before its
 * start (at once when that moment has passed and the occurrence has not begun). Null when none is left.
 */
export function nextReminder(
  occurrences: readonly Occurrence[],
  offsetMinutes: number | null,
  after: Date,
): { occurrenceStart: Date; remindAt: Date } | null {
  if (offsetMinutes == null) return null;
  const next = occurrences
    .filter((o) => o.start.getTime() > after.getTime())
    .sort((a, b) => a.start.getTime() - b.start.getTime())[0];
  if (!next) return null;
  const at = next.start.getTime() - offsetMinutes * 60_000;
  return { occurrenceStart: next.start, remindAt: new Date(Math.max(at, after.getTime())) };
}

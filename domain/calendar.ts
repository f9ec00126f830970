import type { ErrorCode } from './errors';

/**
 * Calendar rules (issue 16; spec part 1 §3 "Sport segment", "Event"; part 2 §5 "Events and CARA", §9 limits).
 * Pure functions: the API calls them with rows it loaded, the unit tests with literals.
 */

// ---- Sport segments -------------------------------------------------------------------------------------------

/** In season is the NCAA championship segment; out of season the nonchampionship segment (Bylaw 17). */
export const SEASON_TYPES = ['IN_SEASON', 'OUT_OF_SEASON'] as const;
export type SeasonType = (typeof SEASON_TYPES)[number];

/** Preseason and postseason are parts of the championship segment with their own Bylaw 17 exemptions. */
export const SEGMENT_TYPES = ['PRESEASON', 'CHAMPIONSHIP', 'POSTSEASON', 'NONCHAMPIONSHIP'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

export const SEGMENT_TYPES_BY_SEASON: Record<SeasonType, readonly SegmentType[]> = {
  IN_SEASON: ['PRESEASON', 'CHAMPIONSHIP', 'POSTSEASON'],
  OUT_OF_SEASON: ['NONCHAMPIONSHIP'],
};

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SEASON_TYPE_LABELS: Record<SeasonType, string> = {
  IN_SEASON: 'In season (championship)',
  OUT_OF_SEASON: 'Out of season (nonchampionship)',
};

export const SEGMENT_TYPE_LABELS: Record<SegmentType, string> = {
  PRESEASON: 'Preseason',
  CHAMPIONSHIP: 'Championship segment',
  POSTSEASON: 'Postseason',
  NONCHAMPIONSHIP: 'Nonchampionship segment',
};

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

// ---- Event categories ------------------------------------------------------------------------------------------

/** The spec's event categories, each with its fixed badge colour (dark enough for white text at WCAG AA). */
export const EVENT_CATEGORY_COLOURS = {
  CARA: '#b02525',
  RARA: '#a84300',
  VOLUNTARY_ACTIVITIES: '#3d6b0a',
  PERSONAL: '#a61e4d',
  OFF_DAY: '#495057',
  ADMINISTRATIVE: '#212529',
  OTHER: '#0b6675',
  HOME_COMPETITION: '#237032',
  AWAY_COMPETITION: '#066649',
  TASK: '#7a5000',
  ATHLETICS: '#1864ab',
  SCHOOL_EVENTS: '#364fc7',
  TRAVEL: '#5f3dc4',
  NIL: '#862e9c',
  ACADEMIC: '#6e4420',
  RECRUITING: '#8f1d6e',
} as const;
export type EventCategory = keyof typeof EVENT_CATEGORY_COLOURS;
export const EVENT_CATEGORIES = Object.keys(EVENT_CATEGORY_COLOURS) as EventCategory[];

export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  CARA: 'CARA',
  RARA: 'RARA',
  VOLUNTARY_ACTIVITIES: 'Voluntary Activities',
  PERSONAL: 'Personal',
  OFF_DAY: 'Off-Day',
  ADMINISTRATIVE: 'Administrative',
  OTHER: 'Other',
  HOME_COMPETITION: 'Home competition',
  AWAY_COMPETITION: 'Away-from-home competition',
  TASK: 'Task',
  ATHLETICS: 'Athletics',
  SCHOOL_EVENTS: 'School Events',
  TRAVEL: 'Travel',
  NIL: 'Nil',
  ACADEMIC: 'Academic',
  RECRUITING: 'Recruiting',
};

/** Kinds of countable activity (Bylaw 17.02.1); a competition day counts as 3 hours whatever its length. */
export const CARA_CATEGORY_LABELS = {
  PRACTICE: 'Practice',
  COMPETITION: 'Competition',
  STRENGTH_AND_CONDITIONING: 'Strength and conditioning',
  SKILL_INSTRUCTION: 'Skill instruction',
  FILM_REVIEW: 'Film review',
  TEAM_MEETING: 'Required team meeting',
} as const;
export type CaraCategory = keyof typeof CARA_CATEGORY_LABELS;
export const CARA_CATEGORIES = Object.keys(CARA_CATEGORY_LABELS) as CaraCategory[];

export interface DateRange {
  /** ISO YYYY-MM-DD, inclusive. */
  startDate: string;
  /** ISO YYYY-MM-DD, inclusive. */
  endDate: string;
}

export interface SegmentInput extends DateRange {
  seasonType: SeasonType;
  segmentType: SegmentType;
}

/** The span of an academic year: from its first term's start to its last term's end; null without terms. */
export function academicYearSpan(terms: ReadonlyArray<DateRange>): DateRange | null {
  if (terms.length === 0) return null;
  let startDate = terms[0]!.startDate;
  let endDate = terms[0]!.endDate;
  for (const t of terms) {
    if (t.startDate < startDate) startDate = t.startDate;
    if (t.endDate > endDate) endDate = t.endDate;
  }
  return { startDate, endDate };
}

/**
 * The days an academic year's Bylaw 17 rules cover: its terms' span, reaching back to the earliest segment that starts
 * before the first class day (a championship segment's preseason, DOMAIN-NOTES "exempt periods"). Null without terms.
 */
export function academicYearReach(
  terms: ReadonlyArray<DateRange>,
  segments: ReadonlyArray<Pick<DateRange, 'startDate'>>,
): DateRange | null {
  const span = academicYearSpan(terms);
  if (!span) return null;
  let startDate = span.startDate;
  for (const s of segments) if (s.startDate < startDate) startDate = s.startDate;
  return { startDate, endDate: span.endDate };
}

/** Two inclusive date ranges share at least one day. */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

/**
 * The first rule a segment breaks, or null: dates filled and different (spec wording), end after start, the segment
 * type belongs to the season type, inside the academic year, and no overlap with the team's other segments. A
 * championship (in-season) segment may start before the year's first class day, its preseason, as long as it runs
 * into the year: the days before classes are the preseason that Bylaw 17 exempts (DOMAIN-NOTES, "exempt periods").
 */
export function checkSegment(
  segment: SegmentInput,
  yearSpan: DateRange,
  otherSegments: ReadonlyArray<DateRange>,
): ErrorCode | null {
  if (!segment.startDate || !segment.endDate || segment.startDate === segment.endDate) return 'SEGMENT_DATES_REQUIRED';
  if (segment.endDate < segment.startDate) return 'SEGMENT_END_BEFORE_START';
  if (!SEGMENT_TYPES_BY_SEASON[segment.seasonType].includes(segment.segmentType)) return 'SEGMENT_TYPE_MISMATCH';
  const startsBeforeYear =
    segment.startDate < yearSpan.startDate &&
    (segment.seasonType !== 'IN_SEASON' || segment.endDate < yearSpan.startDate);
  if (startsBeforeYear || segment.endDate > yearSpan.endDate) return 'SEGMENT_OUTSIDE_YEAR';
  if (otherSegments.some((other) => rangesOverlap(segment, other))) return 'SEGMENT_OVERLAP';
  return null;
}

/** The segment that holds a day, if any: the Bylaw 17 engine and the calendar read a day's season from it. */
export function segmentOn<T extends DateRange>(segments: readonly T[], day: string): T | null {
  return segments.find((s) => s.startDate <= day && day <= s.endDate) ?? null;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day (YYYY-MM-DD) as people read it: "Nov 9, 2026" (the day as given, whatever the server's zone). */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY_FORMAT.format(date);
}

/** "Nov 9, 2026 to Nov 15, 2026": a period in titles, messages and documents, as the screens show it. */
export function formatDayRange(start: string, end: string): string {
  return `${formatDay(start)} to ${formatDay(end)}`;
}

const CLOCK_FORMAT = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** A wall-clock time ("14:30") as people read it: "2:30 PM" (spaces normalised across ICU versions). */
export function formatClockTime(hhmm: string): string {
  const date = new Date(`1970-01-01T${hhmm.slice(0, 5)}:00Z`);
  return Number.isNaN(date.getTime()) ? hhmm : CLOCK_FORMAT.format(date).replace(/[\u00a0\u202f]/g, ' ');
}

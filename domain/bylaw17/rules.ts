import type { CaraCategory, EventCategory, SeasonType, SegmentType } from '../calendar';

/**
 * Bylaw 17 (countable athletically related activities, CARA) written as data: each rule carries its bylaw number,
 * its limit, the seasons and segment types it applies to, and the source it cites. The engine (`engine.ts`) reads
 * these records and nothing else, so a changed limit is a one-line edit here.
 *
 * Sources: NCAA Division I Manual, Bylaw 17.1.7 ("Limitations on countable athletically related activities"), as
 * summarised in the project's domain notes. Checked against published copies of the manual's text: 17.1.7.1 (4 hours
 * a day, 20 a week in the playing season, with the preseason and vacation exceptions), 17.1.7.2 (8 hours a week, 2 of
 * skill work, outside the playing season; the exam blackout is part of its paragraph (a)) and 17.1.7.4 (the playing
 * season's day off). The other numbers (17.1.7.3.x, 17.1.7.5) follow the manual's layout and were not found in a
 * published copy here; a compliance officer can correct a citation in this file without touching the engine.
 */

export const BYLAW17_RULE_IDS = [
  'DAILY_HOURS',
  'WEEKLY_HOURS_IN_SEASON',
  'DAYS_OFF_IN_SEASON',
  'WEEKLY_HOURS_OUT_OF_SEASON',
  'SKILL_INSTRUCTION_OUT_OF_SEASON',
  'ACTIVITY_KIND_OUT_OF_SEASON',
  'DAYS_OFF_OUT_OF_SEASON',
  'AFTER_COMPETITION',
  'FINAL_EXAM_BLACKOUT',
] as const;
export type Bylaw17RuleId = (typeof BYLAW17_RULE_IDS)[number];

/** What a rule counts: hours in a day, hours in a week, days off in a week, or single activities on a day. */
export type Bylaw17Measure = 'DAY_HOURS' | 'WEEK_HOURS' | 'WEEK_SKILL_HOURS' | 'WEEK_DAYS_OFF' | 'DAY_ACTIVITIES';

export interface Bylaw17Rule {
  id: Bylaw17RuleId;
  bylaw: string;
  title: string;
  measure: Bylaw17Measure;
  /** Hours (DAY_HOURS, WEEK_HOURS, WEEK_SKILL_HOURS), days (WEEK_DAYS_OFF, a minimum) or activities (a maximum). */
  limit: number;
  seasons: readonly SeasonType[];
  /** Segment types the rule applies to (postseason championships have no required day off). */
  segmentTypes: readonly SegmentType[];
  /** Whether exempt days (preseason before classes or the first contest, vacations) lift the rule. */
  liftedOnExemptDays: boolean;
  source: string;
}

const IN_SEASON: SegmentType[] = ['PRESEASON', 'CHAMPIONSHIP', 'POSTSEASON'];
const MANUAL = 'NCAA Division I Manual';

export const BYLAW17_RULES: Record<Bylaw17RuleId, Bylaw17Rule> = {
  DAILY_HOURS: {
    id: 'DAILY_HOURS',
    bylaw: '17.1.7.1',
    title: 'Daily hour limit (playing season)',
    measure: 'DAY_HOURS',
    limit: 4,
    seasons: ['IN_SEASON'],
    segmentTypes: IN_SEASON,
    liftedOnExemptDays: true,
    source: `${MANUAL}, Bylaw 17.1.7.1: at most 4 hours of countable activity per day during the playing season.`,
  },
  WEEKLY_HOURS_IN_SEASON: {
    id: 'WEEKLY_HOURS_IN_SEASON',
    bylaw: '17.1.7.1',
    title: 'Weekly hour limit (playing season)',
    measure: 'WEEK_HOURS',
    limit: 20,
    seasons: ['IN_SEASON'],
    segmentTypes: IN_SEASON,
    liftedOnExemptDays: true,
    source: `${MANUAL}, Bylaw 17.1.7.1: at most 20 hours of countable activity per week during the playing season.`,
  },
  DAYS_OFF_IN_SEASON: {
    id: 'DAYS_OFF_IN_SEASON',
    bylaw: '17.1.7.4',
    title: 'Required day off (playing season)',
    measure: 'WEEK_DAYS_OFF',
    limit: 1,
    seasons: ['IN_SEASON'],
    segmentTypes: ['PRESEASON', 'CHAMPIONSHIP'],
    liftedOnExemptDays: true,
    source: `${MANUAL}, Bylaw 17.1.7.4: at least one day per week without countable activity during the playing season (not during conference and postseason championships).`,
  },
  WEEKLY_HOURS_OUT_OF_SEASON: {
    id: 'WEEKLY_HOURS_OUT_OF_SEASON',
    bylaw: '17.1.7.2',
    title: 'Weekly hour limit (outside the playing season)',
    measure: 'WEEK_HOURS',
    limit: 8,
    seasons: ['OUT_OF_SEASON'],
    segmentTypes: ['NONCHAMPIONSHIP'],
    liftedOnExemptDays: true,
    source: `${MANUAL}, Bylaw 17.1.7.2: at most 8 hours per week outside the playing season during the academic year.`,
  },
  SKILL_INSTRUCTION_OUT_OF_SEASON: {
    id: 'SKILL_INSTRUCTION_OUT_OF_SEASON',
    bylaw: '17.1.7.2',
    title: 'Skill instruction limit (outside the playing season)',
    measure: 'WEEK_SKILL_HOURS',
    limit: 2,
    seasons: ['OUT_OF_SEASON'],
    segmentTypes: ['NONCHAMPIONSHIP'],
    liftedOnExemptDays: true,
    source: `${MANUAL}, Bylaw 17.1.7.2: of the 8 weekly hours outside the playing season, at most 2 may be skill instruction.`,
  },
  ACTIVITY_KIND_OUT_OF_SEASON: {
    id: 'ACTIVITY_KIND_OUT_OF_SEASON',
    bylaw: '17.1.7.2',
    title: 'Only conditioning, weights and skill work (outside the playing season)',
    measure: 'DAY_ACTIVITIES',
    limit: 0,
    seasons: ['OUT_OF_SEASON'],
    segmentTypes: ['NONCHAMPIONSHIP'],
    liftedOnExemptDays: false,
    source: `${MANUAL}, Bylaw 17.1.7.2: outside the playing season only required conditioning, weight training and skill instruction are allowed; practice and competition are not.`,
  },
  DAYS_OFF_OUT_OF_SEASON: {
    id: 'DAYS_OFF_OUT_OF_SEASON',
    bylaw: '17.1.7.5',
    title: 'Required days off (outside the playing season)',
    measure: 'WEEK_DAYS_OFF',
    limit: 2,
    seasons: ['OUT_OF_SEASON'],
    segmentTypes: ['NONCHAMPIONSHIP'],
    liftedOnExemptDays: true,
    source: `${MANUAL}, Bylaw 17.1.7.5: at least two days per week without countable activity outside the playing season.`,
  },
  AFTER_COMPETITION: {
    id: 'AFTER_COMPETITION',
    bylaw: '17.1.7.3.4',
    title: 'No countable activity after a competition the same day',
    measure: 'DAY_ACTIVITIES',
    limit: 0,
    seasons: ['IN_SEASON'],
    segmentTypes: IN_SEASON,
    liftedOnExemptDays: false,
    source: `${MANUAL}, Bylaw 17.1.7.3.4: no practice or other countable activity after a competition on the same day (except between rounds of a multi-day event).`,
  },
  FINAL_EXAM_BLACKOUT: {
    id: 'FINAL_EXAM_BLACKOUT',
    bylaw: '17.1.7.2-(a)',
    title: 'Final-exam blackout',
    measure: 'DAY_ACTIVITIES',
    limit: 0,
    // Any day (DOMAIN-NOTES, "exam blackout"): in either segment type, and on days outside every segment.
    seasons: ['IN_SEASON', 'OUT_OF_SEASON'],
    segmentTypes: ['PRESEASON', 'CHAMPIONSHIP', 'POSTSEASON', 'NONCHAMPIONSHIP'],
    liftedOnExemptDays: false,
    source: `${MANUAL}, Bylaw 17.1.7.2-(a): no countable activity from one week before final exams begin until the athlete's exams end.`,
  },
};

/** A competition day counts as this many hours whatever its length (Bylaw 17.1.7.3.3). */
export const COMPETITION_DAY_HOURS = 3;
/** The blackout starts this many days before the first day of final exams. */
export const EXAM_BLACKOUT_DAYS_BEFORE = 7;
/**
 * Exempt periods (DOMAIN-NOTES, "exempt periods"): the preseason before classes start or the first contest,
 * whichever is earlier, official vacations and the time between terms are computed from the academic calendar. The
 * week before a segment's first contest is exempt only where the school marks it so on the segment (the project's
 * sources name no general rule for it): this many days before that contest, never before the segment starts.
 */
export const WEEK_BEFORE_FIRST_CONTEST_DAYS = 7;

/** How an event counts: towards the limits, as a competition (3 hours for the day), or not at all. */
export type Countability = 'COUNTABLE' | 'COMPETITION' | 'NOT_COUNTABLE';

/**
 * Countable versus non-countable categories. Voluntary activities, travel, required athletically related activities
 * that are not countable (RARA: compliance and academic meetings), personal, off-day and the administrative kinds
 * never count, whatever CARA category they carry.
 */
export const CATEGORY_COUNTABILITY: Record<EventCategory, Countability> = {
  CARA: 'COUNTABLE',
  HOME_COMPETITION: 'COMPETITION',
  AWAY_COMPETITION: 'COMPETITION',
  ATHLETICS: 'COUNTABLE',
  RARA: 'NOT_COUNTABLE',
  VOLUNTARY_ACTIVITIES: 'NOT_COUNTABLE',
  PERSONAL: 'NOT_COUNTABLE',
  OFF_DAY: 'NOT_COUNTABLE',
  ADMINISTRATIVE: 'NOT_COUNTABLE',
  OTHER: 'NOT_COUNTABLE',
  TASK: 'NOT_COUNTABLE',
  SCHOOL_EVENTS: 'NOT_COUNTABLE',
  TRAVEL: 'NOT_COUNTABLE',
  NIL: 'NOT_COUNTABLE',
  ACADEMIC: 'NOT_COUNTABLE',
  RECRUITING: 'NOT_COUNTABLE',
};

/** CARA categories allowed outside the playing season (conditioning, weights, skill work, film and meetings). */
export const OUT_OF_SEASON_ALLOWED: readonly CaraCategory[] = [
  'STRENGTH_AND_CONDITIONING',
  'SKILL_INSTRUCTION',
  'FILM_REVIEW',
  'TEAM_MEETING',
];

/**
 * How an event counts. A general athletics event counts only with a CARA category; a CARA event or a competition
 * always counts; a CARA category of "Competition" makes any countable event a competition.
 */
export function countabilityOf(category: string, caraCategory: string | null | undefined): Countability {
  const base = CATEGORY_COUNTABILITY[category as EventCategory] ?? 'NOT_COUNTABLE';
  if (base === 'NOT_COUNTABLE') return base;
  if (base === 'COMPETITION' || caraCategory === 'COMPETITION') return 'COMPETITION';
  if (category === 'ATHLETICS' && !caraCategory) return 'NOT_COUNTABLE';
  return 'COUNTABLE';
}

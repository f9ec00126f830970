import { mapUploadHeaders, normaliseHeader } from './athlete-upload';
import {
  CARA_CATEGORY_LABELS,
  EVENT_CATEGORY_LABELS,
  EVENT_LIMITS,
  REMINDER_MINUTES,
  checkEvent,
  type CaraCategory,
  type EventCategory,
  type EventInput,
} from './calendar-events';
import type { ErrorDetail } from './errors';

/**
 * Bulk upload of events or competitions (spec part 2 §9: at most 200 per batch; XLSX, XLS, CSV). One row is one
 * event that happens once; every row is checked with the same rules as the event form before anything is stored,
 * and each problem is reported with its row number and the spec's wording.
 */
export type EventUploadKind = 'EVENT' | 'COMPETITION';

export interface EventUploadColumn {
  field: string;
  header: string;
  synonyms: readonly string[];
  required?: boolean;
}

export const EVENT_UPLOAD_COLUMNS: readonly EventUploadColumn[] = [
  {
    field: 'name',
    header: 'Name',
    synonyms: ['event', 'eventname', 'title', 'competition', 'opponent'],
    required: true,
  },
  { field: 'team', header: 'Team', synonyms: ['sportteam', 'sport'], required: true },
  { field: 'category', header: 'Category', synonyms: ['type', 'eventtype', 'homeaway'], required: true },
  { field: 'caraCategory', header: 'CARA category', synonyms: ['cara', 'countableactivity'] },
  { field: 'location', header: 'Location', synonyms: ['venue', 'place'] },
  { field: 'timeZone', header: 'Time zone', synonyms: ['timezone', 'tz'] },
  { field: 'startDate', header: 'Start date', synonyms: ['date', 'startdate'], required: true },
  { field: 'startTime', header: 'Start time', synonyms: ['starttime', 'from'], required: true },
  { field: 'endDate', header: 'End date', synonyms: ['enddate'] },
  { field: 'endTime', header: 'End time', synonyms: ['endtime', 'to', 'until'], required: true },
  { field: 'notes', header: 'Notes', synonyms: ['note', 'description'] },
  { field: 'reminderMinutes', header: 'Reminder (minutes before)', synonyms: ['reminder', 'remindermins'] },
];

export const COMPETITION_UPLOAD_CATEGORIES: readonly EventCategory[] = ['HOME_COMPETITION', 'AWAY_COMPETITION'];

export interface EventUploadRow {
  row: number;
  cells: string[];
}

export interface ParsedEventRow {
  row: number;
  input: EventInput & { name: string; sportTeamId: string; category: EventCategory };
}

export interface EventUploadProblem extends ErrorDetail {
  row: number;
}

/** Which column each header fills (by header or synonym, any case or spacing); null for a column not imported. */
export function mapEventHeaders(headers: readonly string[]): Array<string | null> {
  return mapUploadHeaders(EVENT_UPLOAD_COLUMNS, headers);
}

function lookup<T extends string>(labels: Readonly<Record<T, string>>, text: string, allowed?: readonly T[]): T | null {
  const n = normaliseHeader(text);
  for (const [code, label] of Object.entries(labels) as Array<[T, string]>) {
    if (allowed && !allowed.includes(code)) continue;
    if (normaliseHeader(code) === n || normaliseHeader(label) === n) return code;
  }
  if (allowed?.includes('HOME_COMPETITION' as T) && n === 'home') return 'HOME_COMPETITION' as T;
  if (allowed?.includes('AWAY_COMPETITION' as T) && (n === 'away' || n === 'awayfromhome'))
    return 'AWAY_COMPETITION' as T;
  return null;
}

/** `4:30 PM`, `16:30` or `1630` → `16:30`; null when it is no time of day. */
export function parseTime(text: string): string | null {
  const m = /^(\d{1,2})(?::?(\d{2}))?\s*([ap]\.?m\.?)?$/i.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** `YYYY-MM-DD`, or `M/D/YYYY` as spreadsheets in the US write it; null otherwise. */
export function parseDate(text: string): string | null {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : null;
}

/**
 * Every row turned into an event input, and every problem: the row limit, missing columns, unknown teams and
 * categories, dates and times that are none, and the event form's own rules (checkEvent) in the spec's wording.
 */
export function parseEventRows(
  kind: EventUploadKind,
  headers: readonly string[],
  rows: readonly EventUploadRow[],
  ctx: { teamIdByName: ReadonlyMap<string, string>; defaultTimeZone: string },
): { parsed: ParsedEventRow[]; problems: EventUploadProblem[] } {
  const problems: EventUploadProblem[] = [];
  const say = (row: number, field: string, message: string) => problems.push({ row, field, message });
  if (rows.length === 0) {
    say(0, 'file', 'The file has no rows to import.');
    return { parsed: [], problems };
  }
  if (rows.length > EVENT_LIMITS.bulkRows) {
    say(0, 'file', `Upload at most ${EVENT_LIMITS.bulkRows} events per batch; this file has ${rows.length}.`);
    return { parsed: [], problems };
  }
  const fields = mapEventHeaders(headers);
  const missing = EVENT_UPLOAD_COLUMNS.filter((c) => c.required && !fields.includes(c.field));
  if (missing.length) {
    say(0, 'file', `Missing column${missing.length > 1 ? 's' : ''}: ${missing.map((c) => c.header).join(', ')}.`);
    return { parsed: [], problems };
  }
  const allowed =
    kind === 'COMPETITION'
      ? COMPETITION_UPLOAD_CATEGORIES
      : (Object.keys(EVENT_CATEGORY_LABELS) as EventCategory[]).filter(
          (c) => !COMPETITION_UPLOAD_CATEGORIES.includes(c),
        );
  const parsed: ParsedEventRow[] = [];
  for (const r of rows) {
    const cell = (field: string) => {
      const i = fields.indexOf(field);
      return i >= 0 ? (r.cells[i] ?? '').trim() : '';
    };
    const before = problems.length;
    const teamName = cell('team');
    const teamId = ctx.teamIdByName.get(normaliseHeader(teamName));
    if (!teamName) say(r.row, 'team', 'Name, team, category, date and attendees are required.');
    else if (!teamId) say(r.row, 'team', `No team named “${teamName}” in your school.`);
    const category = lookup(EVENT_CATEGORY_LABELS, cell('category'), allowed);
    if (!category)
      say(
        r.row,
        'category',
        kind === 'COMPETITION'
          ? 'Category must be Home competition or Away-from-home competition.'
          : `Category must be one of: ${allowed.map((c) => EVENT_CATEGORY_LABELS[c]).join(', ')}.`,
      );
    const caraText = cell('caraCategory');
    const caraCategory = caraText ? lookup(CARA_CATEGORY_LABELS, caraText) : null;
    if (caraText && !caraCategory)
      say(r.row, 'caraCategory', `CARA category must be one of: ${Object.values(CARA_CATEGORY_LABELS).join(', ')}.`);
    const startDate = parseDate(cell('startDate'));
    const endDate = cell('endDate') ? parseDate(cell('endDate')) : startDate;
    const startTime = parseTime(cell('startTime'));
    const endTime = parseTime(cell('endTime'));
    if (!startDate) say(r.row, 'startDate', 'Dates must be written as YYYY-MM-DD or M/D/YYYY.');
    else if (!endDate) say(r.row, 'endDate', 'Dates must be written as YYYY-MM-DD or M/D/YYYY.');
    if (!startTime) say(r.row, 'startTime', 'Times must be written as 16:30 or 4:30 PM.');
    if (!endTime) say(r.row, 'endTime', 'Times must be written as 16:30 or 4:30 PM.');
    const reminderText = cell('reminderMinutes');
    const reminder = reminderText ? Number(reminderText) : undefined;
    if (reminderText && !(REMINDER_MINUTES as readonly number[]).includes(reminder!))
      say(r.row, 'reminderMinutes', 'Choose one of the reminder options.');
    if (problems.length > before) continue;
    const input = {
      name: cell('name'),
      category: category!,
      caraCategory: (caraCategory as CaraCategory | null) ?? null,
      sportTeamId: teamId!,
      attendeeTeamIds: [teamId!],
      attendeeUserIds: [],
      location: cell('location') || null,
      timeZone: cell('timeZone') || ctx.defaultTimeZone,
      startDate: startDate!,
      startTime: startTime!,
      endDate: endDate!,
      endTime: endTime!,
      repeat: 'NEVER' as const,
      weekdays: [],
      repeatUntil: null,
      notes: cell('notes') || null,
      agenda: null,
      ...(reminder !== undefined ? { reminderMinutes: reminder } : {}),
    };
    const rules = checkEvent(input);
    if (rules.length) {
      for (const d of rules) say(r.row, d.field ?? 'row', d.message);
      continue;
    }
    parsed.push({ row: r.row, input });
  }
  return { parsed, problems };
}

import { mapUploadHeaders, type UploadRow, type UploadRowError } from './athlete-upload';
import { localToInstant } from './calendar-events';
import { parseDate, parseTime } from './event-upload';
import { RECRUITING_LIMITS, wordCount } from './recruiting';

/**
 * Bulk upload of recruiting phone calls (issue 18; spec part 2 §9 "phone calls 1,000" per batch; XLSX, XLS, CSV).
 * One row is one call to one prospect of the school, named by e-mail or by the prospect's ID. Every row is checked
 * here before anything is stored; the caller looks up the prospects and staff the file names and passes them in.
 */
export interface PhoneCallUploadColumn {
  field: PhoneCallField;
  header: string;
  synonyms: readonly string[];
}

export type PhoneCallField =
  'prospectEmail' | 'prospectId' | 'date' | 'time' | 'durationMinutes' | 'coachEmail' | 'notes';

/** Every column, in template order. A row names its prospect by e-mail, by ID, or both. */
export const PHONE_CALL_UPLOAD_COLUMNS: readonly PhoneCallUploadColumn[] = [
  { field: 'prospectEmail', header: 'Prospect email', synonyms: ['email', 'e-mail', 'psa email', 'prospect e-mail'] },
  { field: 'prospectId', header: 'Prospect ID', synonyms: ['psa id', 'id'] },
  { field: 'date', header: 'Date', synonyms: ['call date', 'day'] },
  { field: 'time', header: 'Time', synonyms: ['call time', 'start time'] },
  {
    field: 'durationMinutes',
    header: 'Duration (minutes)',
    synonyms: ['duration', 'minutes', 'duration in minutes', 'length'],
  },
  { field: 'coachEmail', header: 'Coach email', synonyms: ['coach', 'staff email', 'caller', 'called by'] },
  { field: 'notes', header: 'Notes', synonyms: ['note', 'summary', 'comments'] },
];

const HEADER_OF = new Map(PHONE_CALL_UPLOAD_COLUMNS.map((c) => [c.field, c.header]));

/** The template's example row, in column order (a blank coach e-mail means the person who uploads the file). */
export const PHONE_CALL_TEMPLATE_EXAMPLE: Record<PhoneCallField, string> = {
  prospectEmail: 'jordan.lee@example.com',
  prospectId: '',
  date: '2026-11-20',
  time: '4:30 PM',
  durationMinutes: '15',
  coachEmail: '',
  notes: 'Talked about the official visit.',
};

export const MISSING_PHONE_CALL_COLUMNS =
  'The first row must name the columns, with at least "Prospect email" (or "Prospect ID"), "Date", "Time" and "Duration (minutes)".';

/** Which field each header fills, or null when a required column is missing. */
export function mapPhoneCallHeaders(headers: readonly string[]): (PhoneCallField | null)[] | null {
  const fields = mapUploadHeaders(PHONE_CALL_UPLOAD_COLUMNS, headers) as (PhoneCallField | null)[];
  const has = (f: PhoneCallField) => fields.includes(f);
  const complete = (has('prospectEmail') || has('prospectId')) && has('date') && has('time') && has('durationMinutes');
  return complete ? fields : null;
}

/** A row's trimmed cells by field (a field the file lacks reads as empty). */
export function phoneCallCells(
  fields: readonly (PhoneCallField | null)[],
  row: UploadRow,
): Record<PhoneCallField, string> {
  const out = Object.fromEntries(PHONE_CALL_UPLOAD_COLUMNS.map((c) => [c.field, ''])) as Record<PhoneCallField, string>;
  fields.forEach((f, i) => {
    if (f) out[f] = (row.cells[i] ?? '').trim();
  });
  return out;
}

export interface ProspectRef {
  id: string;
  archived: boolean;
}

export interface PhoneCallUploadContext {
  /** The school's prospects (merged ones left out) by lower-case e-mail and by id. */
  prospectsByEmail: ReadonlyMap<string, ProspectRef>;
  prospectsById: ReadonlyMap<string, ProspectRef>;
  /** The school's recruiting staff by lower-case e-mail → user id. */
  staffByEmail: ReadonlyMap<string, string>;
  uploaderId: string;
  /** The school's time zone: a row's date and time are wall-clock time there. */
  timeZone: string;
  now: Date;
}

export interface CheckedPhoneCall {
  row: number;
  psaId: string;
  occurredAt: Date;
  durationMinutes: number;
  coachUserId: string;
  notes: string | null;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MANDATORY = 'Mandatory fields cannot be empty.';

/** A calendar date that exists (no 31 April), as YYYY-MM-DD, or null. */
function realDate(text: string): string | null {
  const iso = parseDate(text);
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d ? iso : null;
}

/** The key a call is matched on, within the file and against calls already logged: prospect and minute. */
export const phoneCallKey = (psaId: string, occurredAt: Date) => `${psaId}|${occurredAt.toISOString()}`;

/**
 * Checks every row: the prospect is one of the school's and not archived, the date is real and not in the future,
 * the time is a time of day, the duration a positive whole number of minutes, the coach one of the school's staff
 * (blank: the uploader), the notes at most 500 words, and no call appears twice in the file. Returns the calls and
 * every problem as (row, column, message), the column named as the file names it.
 */
export function checkPhoneCallRows(
  headers: readonly string[],
  fields: readonly (PhoneCallField | null)[],
  rows: readonly UploadRow[],
  ctx: PhoneCallUploadContext,
): { calls: CheckedPhoneCall[]; errors: UploadRowError[] } {
  const columnName = (f: PhoneCallField) => {
    const i = fields.indexOf(f);
    return (i >= 0 ? headers[i] : '') || HEADER_OF.get(f)!;
  };
  const errors: UploadRowError[] = [];
  const calls: CheckedPhoneCall[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const cell = phoneCallCells(fields, r);
    const before = errors.length;
    const say = (f: PhoneCallField, message: string) => errors.push({ row: r.row, column: columnName(f), message });

    let prospect: ProspectRef | undefined;
    if (!cell.prospectEmail && !cell.prospectId) {
      say(fields.includes('prospectEmail') ? 'prospectEmail' : 'prospectId', MANDATORY);
    }
    if (cell.prospectEmail) {
      if (!EMAIL_RE.test(cell.prospectEmail)) say('prospectEmail', 'Invalid email.');
      else {
        prospect = ctx.prospectsByEmail.get(cell.prospectEmail.toLowerCase());
        if (!prospect) say('prospectEmail', 'No prospect with this email in your school.');
      }
    }
    if (cell.prospectId) {
      const byId = UUID_RE.test(cell.prospectId) ? ctx.prospectsById.get(cell.prospectId.toLowerCase()) : undefined;
      if (!byId) say('prospectId', 'No prospect with this ID in your school.');
      else if (prospect && prospect.id !== byId.id)
        say('prospectId', 'The prospect ID and email name different prospects.');
      else prospect = byId;
    }
    if (prospect?.archived) {
      say(cell.prospectEmail ? 'prospectEmail' : 'prospectId', 'This prospect is archived: unarchive them first.');
    }

    const date = cell.date ? realDate(cell.date) : null;
    if (!cell.date) say('date', MANDATORY);
    else if (!date) say('date', 'Dates must be written as YYYY-MM-DD or M/D/YYYY.');
    const time = cell.time ? parseTime(cell.time) : null;
    if (!cell.time) say('time', MANDATORY);
    else if (!time) say('time', 'Times must be written as 16:30 or 4:30 PM.');
    const occurredAt = date && time ? localToInstant(date, time, ctx.timeZone) : null;
    if (occurredAt && occurredAt.getTime() > ctx.now.getTime()) say('date', 'A phone call cannot be in the future.');

    const minutes = Number(cell.durationMinutes);
    if (!cell.durationMinutes) say('durationMinutes', MANDATORY);
    else if (!/^\d+$/.test(cell.durationMinutes) || minutes < 1 || minutes > RECRUITING_LIMITS.phoneCallMaxMinutes) {
      say('durationMinutes', 'Duration must be a positive whole number of minutes (at most 1,440).');
    }

    let coachUserId: string | undefined = ctx.uploaderId;
    if (cell.coachEmail) {
      coachUserId = ctx.staffByEmail.get(cell.coachEmail.toLowerCase());
      if (!coachUserId) say('coachEmail', 'No coach or school admin with this email in your school.');
    }
    if (wordCount(cell.notes) > RECRUITING_LIMITS.notesMaxWords) say('notes', 'PSA notes max 500 words.');

    if (errors.length > before || !prospect || !occurredAt || !coachUserId) continue;
    const key = phoneCallKey(prospect.id, occurredAt);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      say('time', `This call is already in row ${first} of this file.`);
      continue;
    }
    firstRowOf.set(key, r.row);
    calls.push({
      row: r.row,
      psaId: prospect.id,
      occurredAt,
      durationMinutes: minutes,
      coachUserId,
      notes: cell.notes || null,
    });
  }
  return { calls, errors };
}

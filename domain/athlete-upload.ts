import {
  ACADEMIC_STANDING_LABELS,
  AID_TYPES,
  ATHLETE_STATUSES,
  ENROLLMENT_TERMS,
  RESIDENCY_STATUSES,
  ROSTER_STATUSES,
} from './athletes';

/**
 * Bulk upload of student-athletes (spec part 2 §9: 1,000 per batch, 200 for a coach; XLSX, XLS, CSV). The importable
 * columns are data: each names the create-athlete field it fills, its template header, the other headers people
 * write for it, and how a cell's text becomes the field's value. Validation proper is the create-athlete schema's.
 */
export const UPLOAD_LIMITS = { maxRows: 1000, maxRowsCoach: 200, maxFileBytes: 20 * 1024 * 1024 } as const;

export type CellResult = { value: unknown } | { error: string };

/** What a cell parser may look up: the school's teams by normalised name. */
export interface CellContext {
  teamIdByName: ReadonlyMap<string, string>;
}

export interface UploadColumn {
  field: string;
  header: string;
  synonyms: readonly string[];
  required?: boolean;
  parse: (text: string, ctx: CellContext) => CellResult;
}

/** Lower case, letters and digits only: "E-mail Address" → "emailaddress". */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Which field each header of a file fills: by the column's header, field name or a synonym, in any case or spacing;
 * null for a column not imported. Each field is filled by its first matching header only.
 */
export function mapUploadHeaders(
  columns: readonly { field: string; header: string; synonyms: readonly string[] }[],
  headers: readonly string[],
): (string | null)[] {
  const byName = new Map<string, string>();
  for (const c of columns) {
    for (const name of [c.header, c.field, ...c.synonyms]) byName.set(normaliseHeader(name), c.field);
  }
  const taken = new Set<string>();
  return headers.map((h) => {
    const field = byName.get(normaliseHeader(h)) ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

const text = (t: string): CellResult => ({ value: t });
const lower = (t: string): CellResult => ({ value: t.toLowerCase() });

/** 10 digits once spaces, dashes, dots and brackets are gone (a leading US country code 1 is dropped). */
function phone(t: string): CellResult {
  const digits = t.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, '');
  return { value: digits };
}

/** YYYY-MM-DD as is; M/D/YYYY (the US way spreadsheets write dates) is turned into it. */
function date(t: string): CellResult {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!us) return { value: t };
  return { value: `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` };
}

function wholeNumber(t: string): CellResult {
  return /^\d{1,4}$/.test(t) ? { value: Number(t) } : { error: 'Must be a year such as 2027.' };
}

function decimal(t: string): CellResult {
  const n = Number(t.replace(/[$,%\s]/g, ''));
  return t.trim() !== '' && Number.isFinite(n) ? { value: n } : { error: 'Must be a number.' };
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
function yesNo(t: string): CellResult {
  const n = normaliseHeader(t);
  if (YES.has(n)) return { value: true };
  if (NO.has(n)) return { value: false };
  return { error: 'Must be Yes or No.' };
}

/** A value list: the code or its label, in any case and spacing; the error lists the labels, never the codes. */
function oneOf(labels: Readonly<Record<string, string>>, extra: Record<string, string> = {}) {
  const byName = new Map<string, string>();
  for (const [code, label] of Object.entries(labels)) {
    byName.set(normaliseHeader(code), code);
    byName.set(normaliseHeader(label), code);
  }
  for (const [name, code] of Object.entries(extra)) byName.set(normaliseHeader(name), code);
  const wording = `Must be one of: ${Object.values(labels).join(', ')}.`;
  return (t: string): CellResult => {
    const code = byName.get(normaliseHeader(t));
    return code ? { value: code } : { error: wording };
  };
}

const TERM_LABELS = Object.fromEntries(ENROLLMENT_TERMS.map((t) => [t, t.charAt(0) + t.slice(1).toLowerCase()]));
const term = oneOf(TERM_LABELS);

function team(t: string, ctx: CellContext): CellResult {
  const id = ctx.teamIdByName.get(normaliseHeader(t));
  return id ? { value: id } : { error: 'Unknown sport team.' };
}

const col = (field: string, header: string, synonyms: string[], parse: UploadColumn['parse'] = text) => ({
  field,
  header,
  synonyms,
  parse,
});

/** Every importable column, in template order. Adding a column is one line here. */
export const UPLOAD_COLUMNS: readonly UploadColumn[] = [
  { ...col('firstName', 'First name', ['first', 'given name', 'fname']), required: true },
  { ...col('lastName', 'Last name', ['last', 'surname', 'family name', 'lname']), required: true },
  col('middleName', 'Middle name', ['middle', 'middle initial']),
  { ...col('email', 'Email', ['e-mail', 'email address', 'student email', 'studentEmail'], lower), required: true },
  col('phoneNumber', 'Phone number', ['phone', 'mobile', 'cell', 'mobile number'], phone),
  col('sportTeamId', 'Team', ['sport team', 'sport', 'team name', 'sportTeamName'], team),
  col('dateOfBirth', 'Date of birth', ['dob', 'birth date', 'birthday'], date),
  col('studentIdNumber', 'Student ID', ['student id number', 'studentRollNumber', 'student number', 'id number']),
  col(
    'class',
    'Class',
    ['class year', 'classYear', 'academic standing', 'year in school'],
    oneOf(ACADEMIC_STANDING_LABELS, {
      freshman: 'FIRST_YEAR',
      sophomore: 'SECOND_YEAR',
      junior: 'THIRD_YEAR',
      senior: 'FOURTH_YEAR',
    }),
  ),
  col('gender', 'Gender', ['sex']),
  col('major', 'Major', ['field of study']),
  col('residencyStatus', 'Residency', ['residency status', 'residencyStatus'], oneOf(RESIDENCY_STATUSES)),
  col('aidStatus', 'Aid type', ['aid', 'aid status', 'aidType', 'financial aid'], oneOf(AID_TYPES)),
  col('enrollmentTerm', 'Enrollment term', ['first enrollment term'], term),
  col('enrollmentYear', 'Enrollment year', ['first enrollment year'], wholeNumber),
  col('enrollmentTermForThisInstitution', 'Enrollment term at this institution', [], term),
  col('enrollmentYearForThisInstitution', 'Enrollment year at this institution', [], wholeNumber),
  col('graduationYear', 'Graduation year', ['grad year', 'expected graduation', 'class of'], wholeNumber),
  col('position', 'Position', ['positions', 'primary position']),
  col('rosterStatus', 'Roster status', ['roster'], oneOf(ROSTER_STATUSES)),
  col('athleteStatus', 'Athlete status', ['status'], oneOf(ATHLETE_STATUSES)),
  col('gpa', 'Cumulative GPA', ['gpa', 'cumulativeGPA'], decimal),
  col('isAtRisk', 'At risk', ['isAtRisk', 'academically at risk'], yesNo),
  col('isTransferStudent', 'Transfer student', ['isTransferStudent', 'transfer'], yesNo),
  col('isEnrolledFullTime', 'Enrolled full time', ['isEnrolledFullTime', 'full time'], yesNo),
  col('athleticGrantAmount', 'Athletic grant amount', ['athletic grant', 'grant amount'], decimal),
  col('totalAidPercentage', 'Total aid percentage', ['aid percentage', 'aid %'], decimal),
  col('totalAidAmount', 'Total aid amount', ['aid amount'], decimal),
  col('city', 'City', ['home city']),
  col('state', 'State', ['home state']),
  col('zipCode', 'Zip code', ['zip', 'zipcode', 'postal code']),
];

export const UPLOAD_COLUMN_BY_FIELD: ReadonlyMap<string, UploadColumn> = new Map(
  UPLOAD_COLUMNS.map((c) => [c.field, c]),
);

/** Edit distance with adjacent transpositions counted once ("Emial" is one edit from "Email"). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** How many typos a header of this length may carry and still match: none for short names, up to 2. */
const tolerance = (length: number) => (length < 4 ? 0 : length < 9 ? 1 : 2);

/**
 * Suggests a field for each header of a file (null: not imported). Exact matches of a header, field name or
 * synonym win; then the closest within a small edit distance. Each field is used by one header at most.
 */
export function matchHeaders(headers: readonly string[]): (string | null)[] {
  const names = UPLOAD_COLUMNS.map((c) => ({
    field: c.field,
    names: [c.header, c.field, ...c.synonyms].map(normaliseHeader),
  }));
  const candidates: { header: number; field: string; distance: number }[] = [];
  headers.forEach((raw, header) => {
    const h = normaliseHeader(raw);
    if (!h) return;
    for (const { field, names: ns } of names) {
      const distance = Math.min(...ns.map((n) => editDistance(h, n)));
      if (distance <= tolerance(h.length)) candidates.push({ header, field, distance });
    }
  });
  candidates.sort((a, b) => a.distance - b.distance || a.header - b.header);
  const mapping: (string | null)[] = headers.map(() => null);
  const used = new Set<string>();
  for (const c of candidates) {
    if (mapping[c.header] !== null || used.has(c.field)) continue;
    mapping[c.header] = c.field;
    used.add(c.field);
  }
  return mapping;
}

/** Problems with a mapping as a whole: a required field not mapped, or one field mapped twice. */
export function checkMapping(mapping: readonly (string | null)[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const field of mapping) {
    if (field === null) continue;
    const column = UPLOAD_COLUMN_BY_FIELD.get(field);
    if (!column) problems.push(`Unknown field ${field}.`);
    else if (seen.has(field)) problems.push(`Two columns are imported as ${column.header}: choose one.`);
    seen.add(field);
  }
  for (const c of UPLOAD_COLUMNS) {
    if (c.required && !seen.has(c.field)) problems.push(`Choose the column that holds ${c.header}.`);
  }
  return problems;
}

/** One problem of one row, as the spec's "bulk upload errors per row": row number, column and what is wrong. */
export interface UploadRowError {
  row: number;
  column: string;
  message: string;
}

export interface UploadRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  cells: string[];
}

/**
 * A row's cells turned into a create-athlete body, or the cell errors. Cells are trimmed text exactly as the file
 * holds them: one starting with =, +, - or @ is never evaluated and is stored as that text.
 */
export function rowToBody(
  row: UploadRow,
  headers: readonly string[],
  mapping: readonly (string | null)[],
  ctx: CellContext,
): { body: Record<string, unknown>; errors: UploadRowError[]; columnOf: Map<string, string> } {
  const body: Record<string, unknown> = {};
  const errors: UploadRowError[] = [];
  const columnOf = new Map<string, string>();
  mapping.forEach((field, i) => {
    if (!field) return;
    const column = UPLOAD_COLUMN_BY_FIELD.get(field);
    if (!column) return;
    const header = headers[i] || column.header;
    columnOf.set(field, header);
    const cell = (row.cells[i] ?? '').trim();
    if (cell === '') return;
    const parsed = column.parse(cell, ctx);
    if ('error' in parsed) errors.push({ row: row.row, column: header, message: parsed.error });
    else body[field] = parsed.value;
  });
  return { body, errors, columnOf };
}

/** Row errors for e-mails that appear more than once in the file (every occurrence after the first). */
export function findDuplicateEmails(
  rows: readonly { row: number; email: unknown }[],
  column: string,
): UploadRowError[] {
  const first = new Map<string, number>();
  const errors: UploadRowError[] = [];
  for (const { row, email } of rows) {
    if (typeof email !== 'string' || !email) continue;
    const key = email.trim().toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row);
    else errors.push({ row, column, message: `This email is already in row ${earlier} of this file.` });
  }
  return errors;
}

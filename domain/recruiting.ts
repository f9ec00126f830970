/**
 * Recruiting: prospects (PSAs), their recruiting activity, the board and the prospect-to-roster transfer (spec
 * part 1 §3 "PSA", §4 PSA states; part 2 §5 "Recruiting", §9 limits; DOMAIN-NOTES "Recruiting (Bylaw 13)").
 */
import { AppError, ERRORS, type ErrorCode } from './errors';

export const COMMITMENT_STATUSES = {
  NOT_COMMITTED: 'Not committed',
  VERBALLY_COMMITTED: 'Verbally committed',
  COMMITTED: 'Committed',
  NLI_SIGNED: 'NLI signed',
  ADDED_TO_ROSTER: 'Added to roster',
} as const;
export type CommitmentStatus = keyof typeof COMMITMENT_STATUSES;
/** The board's columns, left to right. */
export const BOARD_COLUMNS = Object.keys(COMMITMENT_STATUSES) as CommitmentStatus[];

/** Spec: PSA active, archived, unarchived. */
export const PSA_STATES = { ACTIVE: 'Active', ARCHIVED: 'Archived', UNARCHIVED: 'Unarchived' } as const;
export type PsaState = keyof typeof PSA_STATES;

export const ACTIVITY_KINDS = {
  PHONE_CALL: 'Phone Call',
  EVALUATION: 'Evaluation',
  OFFICIAL_VISIT: 'Official Visit',
  UNOFFICIAL_VISIT: 'Unofficial Visit',
  OFF_CAMPUS_CONTACT: 'Off-Campus Contact',
  OTHER: 'Other',
  NOTE: 'Note',
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export const TRANSFER_STATUSES = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Added to roster',
  REJECTED: 'Rejected',
} as const;
export type TransferStatus = keyof typeof TRANSFER_STATUSES;

export const RECRUITING_LIMITS = {
  satMax: 1600,
  actMax: 36,
  /** Weight and GPA under 10000 (spec part 2 §9). */
  numberMax: 10000,
  notesMaxWords: 500,
  customFieldMaxLength: 255,
  tagsPerSchool: 50,
  tagMaxLength: 40,
  ratingMax: 5,
  uploadMaxRows: 1000,
  /** Phone calls uploaded in one batch (spec part 2 §9: "phone calls 1,000"), each of 1 to 1,440 minutes. */
  phoneCallUploadMaxRows: 1000,
  phoneCallMaxMinutes: 1440,
  uploadMaxBytes: 20 * 1024 * 1024,
  /** Official visits: one per prospect per school, at most 2 nights (Bylaw 13). */
  officialVisitsPerSchool: 1,
  officialVisitMaxNights: 2,
  mergeReasonMaxLength: 500,
  rejectReasonMaxLength: 2000,
  /** Height (spec part 2 §5 "Recruiting"): feet under 11 (under 10 on a questionnaire), inches under 12. */
  heightFeetUnder: 11,
  questionnaireHeightFeetUnder: 10,
  heightInchesUnder: 12,
  /** Files kept on one prospect (spec part 2 §9 "Files at once: 20; 20 per PSA"), each at most 20 MB (§5 files). */
  attachmentsPerPsa: 20,
  attachmentMaxBytes: 20 * 1024 * 1024,
} as const;

/** The roles whose members are a school's recruiting staff: a prospect's recruiting coach, a call's coach. */
export const RECRUITING_STAFF_ROLES = ['COACH', 'SCHOOL_ADMIN'] as const;

export const psaTransferWorkflowId = (psaId: string) => `psa-transfer:${psaId}`;

export function wordCount(text: string): number {
  return text.trim() ? text.trim().split(/\s+/).length : 0;
}

/** Digits only, a leading US country code dropped: the key duplicates are matched on. */
export function phoneKey(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length >= 7 ? digits : null;
}

/**
 * One official visit of a prospect as recorded, wherever it was recorded: an entry of the prospect's activity log
 * or a recruiting event of kind Official Visit that lists the prospect (`source`). `nights` null when not known.
 */
export interface OfficialVisitRecord {
  source: 'activity' | 'event';
  id: string;
  psaId: string;
  nights: number | null;
  /** When the visit began (ISO instant): the first recorded visit is the one the school may have. */
  startsAt: string;
}

/** The flags' wording, shown on the activity log, the prospect's events and the recruiting event. */
export const OFFICIAL_VISIT_FLAGS = {
  notFirst: 'More than one official visit to this school.',
  tooLong: `Official visit over ${RECRUITING_LIMITS.officialVisitMaxNights} nights.`,
} as const;

/** A recorded visit's key in the flags map: a recruiting event may list several prospects. */
export const officialVisitKey = (v: Pick<OfficialVisitRecord, 'source' | 'id' | 'psaId'>) =>
  `${v.source}:${v.id}:${v.psaId}`;

/**
 * The official-visit rule (DOMAIN-NOTES "Recruiting (Bylaw 13)": one official visit per school per prospect, at most
 * 2 nights), the one place it is decided. A visit is flagged, not refused (a log records what happened, and
 * compliance reviews it): each of a prospect's visits after the first, across the activity log and recruiting
 * events together, and any visit over 2 nights. Returns the flags by `officialVisitKey`; unflagged visits are absent.
 */
export function officialVisitFlags(visits: readonly OfficialVisitRecord[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (v: OfficialVisitRecord, flag: string) => {
    const key = officialVisitKey(v);
    out.set(key, [...(out.get(key) ?? []), flag]);
  };
  const byPsa = new Map<string, OfficialVisitRecord[]>();
  for (const v of visits) byPsa.set(v.psaId, [...(byPsa.get(v.psaId) ?? []), v]);
  for (const list of byPsa.values()) {
    list
      .slice()
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || officialVisitKey(a).localeCompare(officialVisitKey(b)))
      .forEach((v, i) => {
        if (i >= RECRUITING_LIMITS.officialVisitsPerSchool) add(v, OFFICIAL_VISIT_FLAGS.notFirst);
        if ((v.nights ?? 0) > RECRUITING_LIMITS.officialVisitMaxNights) add(v, OFFICIAL_VISIT_FLAGS.tooLong);
      });
  }
  return out;
}

/** The prospect list's columns (spec part 1 §3 "Prospect list columns"), with their labels. */
export const PSA_LIST_COLUMNS = {
  name: 'Name',
  email: 'Email',
  graduationYear: 'Graduation year',
  commitmentStatus: 'Commitment status',
  rating: 'Rating',
  highSchoolName: 'High school',
  recruitingCoach: 'Recruiting coach',
  recruitedPosition: 'Position',
  height: 'Height',
  gpa: 'GPA',
  residencyStatus: 'Residency',
  actScore: 'ACT',
  satScore: 'SAT',
  mobileNumber: 'Mobile',
  ncaaEligibilityNumber: 'Eligibility center ID',
  clubTeamName: 'Club team',
  sportTeam: 'Sport team',
  weight: 'Weight',
  clubJersey: 'Club jersey',
  dob: 'Date of birth',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  hudl: 'Hudl',
  lastContactDate: 'Last contact',
  homeAddress: 'Home address',
  city: 'City',
  state: 'State',
  zipcode: 'Zip code',
  guardian1Name: 'Guardian 1 name',
  guardian1Phone: 'Guardian 1 phone',
  guardian1Email: 'Guardian 1 email',
  guardian2Name: 'Guardian 2 name',
  guardian2Phone: 'Guardian 2 phone',
  guardian2Email: 'Guardian 2 email',
  clubCoachName: 'Club coach name',
  clubCoachPhone: 'Club coach phone',
  clubCoachEmail: 'Club coach email',
  highSchoolCoachName: 'High school coach name',
  highSchoolCoachPhone: 'High school coach phone',
  highSchoolCoachEmail: 'High school coach email',
  tags: 'Tags',
} as const;
export type PsaListColumn = keyof typeof PSA_LIST_COLUMNS;
export const DEFAULT_PSA_COLUMNS: PsaListColumn[] = [
  'name',
  'email',
  'graduationYear',
  'commitmentStatus',
  'rating',
  'highSchoolName',
  'recruitedPosition',
  'sportTeam',
  'lastContactDate',
  'tags',
];

/**
 * The prospect's editable fields: API name → column, with its kind. Everything the spec's PSA entity names
 * (first and last name, mobile, high school, graduation year, date of birth, eligibility center ID, positions,
 * coach, club team, jersey, height, weight, SAT, ACT, GPA, class rank, honors, intended major, siblings, highlight
 * links, guardians, coaches' contacts, notes, custom fields, commitment status) and the list's extra columns.
 */
export const PSA_FIELDS = {
  firstName: { column: 'first_name', kind: 'text', label: 'First name' },
  lastName: { column: 'last_name', kind: 'text', label: 'Last name' },
  email: { column: 'email', kind: 'email', label: 'Email' },
  mobileNumber: { column: 'mobile', kind: 'phone', label: 'Mobile' },
  highSchoolName: { column: 'high_school_name', kind: 'text', label: 'High school' },
  graduationYear: { column: 'graduation_year', kind: 'year', label: 'Graduation year' },
  dob: { column: 'date_of_birth', kind: 'date', label: 'Date of birth' },
  ncaaEligibilityNumber: { column: 'eligibility_center_id', kind: 'text', label: 'Eligibility center ID' },
  recruitedPosition: { column: 'position', kind: 'text', label: 'Position' },
  secondaryPosition: { column: 'secondary_position', kind: 'text', label: 'Secondary position' },
  recruitingCoachId: { column: 'recruiting_coach_id', kind: 'uuid', label: 'Recruiting coach' },
  sportTeamId: { column: 'sport_team_id', kind: 'uuid', label: 'Sport team' },
  clubTeamName: { column: 'club_team_name', kind: 'text', label: 'Club team' },
  clubJersey: { column: 'club_jersey', kind: 'text', label: 'Jersey' },
  heightFeet: { column: 'height_feet', kind: 'int', label: 'Height (feet)', max: 10 },
  heightInches: { column: 'height_inches', kind: 'int', label: 'Height (inches)', max: 11 },
  weight: { column: 'weight', kind: 'number', label: 'Weight', max: RECRUITING_LIMITS.numberMax },
  satScore: { column: 'sat_score', kind: 'int', label: 'SAT', max: RECRUITING_LIMITS.satMax },
  actScore: { column: 'act_score', kind: 'int', label: 'ACT', max: RECRUITING_LIMITS.actMax },
  gpa: { column: 'gpa', kind: 'number', label: 'GPA', max: RECRUITING_LIMITS.numberMax },
  classRank: { column: 'class_rank', kind: 'text', label: 'Class rank' },
  honors: { column: 'honors', kind: 'text', label: 'Honors' },
  intendedMajor: { column: 'intended_major', kind: 'text', label: 'Intended major' },
  siblings: { column: 'siblings', kind: 'text', label: 'Siblings' },
  residencyStatus: { column: 'residency_status', kind: 'text', label: 'Residency' },
  instagram: { column: 'instagram', kind: 'text', label: 'Instagram' },
  tiktok: { column: 'tiktok', kind: 'text', label: 'TikTok' },
  twitter: { column: 'twitter', kind: 'text', label: 'X (Twitter)' },
  hudl: { column: 'hudl', kind: 'text', label: 'Hudl' },
  homeAddress: { column: 'home_address', kind: 'text', label: 'Home address' },
  city: { column: 'city', kind: 'text', label: 'City' },
  state: { column: 'state', kind: 'text', label: 'State' },
  zipcode: { column: 'zipcode', kind: 'zip', label: 'Zip code' },
  guardian1Name: { column: 'guardian1_name', kind: 'text', label: 'Guardian 1 name' },
  guardian1Phone: { column: 'guardian1_phone', kind: 'phone', label: 'Guardian 1 phone' },
  guardian1Email: { column: 'guardian1_email', kind: 'email', label: 'Guardian 1 email' },
  guardian2Name: { column: 'guardian2_name', kind: 'text', label: 'Guardian 2 name' },
  guardian2Phone: { column: 'guardian2_phone', kind: 'phone', label: 'Guardian 2 phone' },
  guardian2Email: { column: 'guardian2_email', kind: 'email', label: 'Guardian 2 email' },
  highSchoolCoachName: { column: 'hs_coach_name', kind: 'text', label: 'High school coach name' },
  highSchoolCoachPhone: { column: 'hs_coach_phone', kind: 'phone', label: 'High school coach phone' },
  highSchoolCoachEmail: { column: 'hs_coach_email', kind: 'email', label: 'High school coach email' },
  clubCoachName: { column: 'club_coach_name', kind: 'text', label: 'Club coach name' },
  clubCoachPhone: { column: 'club_coach_phone', kind: 'phone', label: 'Club coach phone' },
  clubCoachEmail: { column: 'club_coach_email', kind: 'email', label: 'Club coach email' },
  notes: { column: 'notes', kind: 'notes', label: 'Notes' },
} as const satisfies Record<string, { column: string; kind: string; label: string; max?: number }>;
export type PsaField = keyof typeof PSA_FIELDS;

/** The spec's height rules in its wording (part 2 §5 "Recruiting"). */
export const HEIGHT_MESSAGES = {
  feet: 'Height feet under 11.',
  questionnaireFeet: 'Height feet under 10.',
  inches: 'Height inches under 12.',
  requiredWithInches: 'Height required when inches given.',
} as const;

/** Inches given without the height itself (its feet) is refused: "height required when inches given". */
export function heightProblem(feet: unknown, inches: unknown): FieldError | null {
  const given = (v: unknown) => v !== null && v !== undefined && v !== '';
  if (given(inches) && !given(feet))
    return { field: 'heightFeet', code: 'VALIDATION_FAILED', message: HEIGHT_MESSAGES.requiredWithInches };
  return null;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One field's problem: the catalogue code the answer carries (VALIDATION_FAILED where the spec gives a field rule
 * its own wording but no code) and the wording.
 */
export interface FieldError {
  field: string;
  code: ErrorCode;
  message: string;
}

/** A field problem with a catalogue code, in the catalogue's wording. */
function catalogued(field: string, code: ErrorCode): FieldError {
  return { field, code, message: ERRORS[code].message };
}

/** The prospect rules' field problems as one error, coded by the first problem (prospects and questionnaires). */
export function fieldErrorsToAppError(errors: readonly FieldError[]): AppError {
  return new AppError(
    errors[0]?.code ?? 'VALIDATION_FAILED',
    errors.map(({ field, code, message }) => ({ field, code, message })),
  );
}

/**
 * Checks and normalises prospect input field by field (the spec's wording for each problem). Unknown keys are
 * ignored by the caller's schema; `required` names the fields a create needs.
 */
export function checkPsaInput(
  input: Record<string, unknown>,
  opts: {
    creating: boolean;
    /** A public questionnaire's answers: height feet under 10 there (spec part 2 §5). */
    questionnaire?: boolean;
    /** An edit's stored height, so inches given without feet are caught when only one of them changes. */
    current?: { heightFeet: number | null; heightInches: number | null };
  },
): { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, def] of Object.entries(PSA_FIELDS) as [PsaField, (typeof PSA_FIELDS)[PsaField]][]) {
    if (!(name in input)) continue;
    const raw = input[name];
    if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
      values[def.column] = null;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : String(raw);
    const bad = (message: string) => errors.push({ field: name, code: 'VALIDATION_FAILED', message });
    const badCode = (code: ErrorCode) => errors.push(catalogued(name, code));
    switch (def.kind) {
      case 'email':
        if (!EMAIL_RE.test(text) || text.length > 254) badCode('INVALID_EMAIL');
        else values[def.column] = text.toLowerCase();
        break;
      case 'phone': {
        const digits = text.replace(/[\s().+-]/g, '').replace(/^1(?=\d{10}$)/, '');
        if (!/^\d{10}$/.test(digits)) badCode('INVALID_PHONE');
        else values[def.column] = digits;
        break;
      }
      case 'zip':
        if (!/^\d{5}(-\d{4})?$/.test(text)) badCode('INVALID_ZIP');
        else values[def.column] = text;
        break;
      case 'year': {
        const n = Number(text);
        if (!Number.isInteger(n) || n < 1990 || n > 2100) bad('Must be a year such as 2027.');
        else values[def.column] = n;
        break;
      }
      case 'date':
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) bad('Use a date such as 2008-04-02.');
        else values[def.column] = text;
        break;
      case 'int':
      case 'number': {
        const n = Number(text);
        const max =
          name === 'heightFeet' && opts.questionnaire
            ? RECRUITING_LIMITS.questionnaireHeightFeetUnder - 1
            : ((def as { max?: number }).max ?? RECRUITING_LIMITS.numberMax);
        if (!Number.isFinite(n) || n < 0 || (def.kind === 'int' && !Number.isInteger(n))) bad('Must be a number.');
        else if (n > max || (max === RECRUITING_LIMITS.numberMax && n >= max)) {
          bad(
            name === 'heightFeet'
              ? opts.questionnaire
                ? HEIGHT_MESSAGES.questionnaireFeet
                : HEIGHT_MESSAGES.feet
              : name === 'heightInches'
                ? HEIGHT_MESSAGES.inches
                : name === 'satScore'
                  ? 'SAT max 1600.'
                  : name === 'actScore'
                    ? 'ACT max 36.'
                    : max === RECRUITING_LIMITS.numberMax
                      ? `${def.label} must be under 10000.`
                      : `${def.label} max ${max}.`,
          );
        } else values[def.column] = n;
        break;
      }
      case 'uuid':
        if (!/^[0-9a-f-]{36}$/i.test(text)) bad('Unknown value.');
        else values[def.column] = text;
        break;
      case 'notes':
        if (wordCount(text) > RECRUITING_LIMITS.notesMaxWords) badCode('PSA_NOTES_TOO_LONG');
        else values[def.column] = text;
        break;
      default:
        if (text.length > 255) bad(`${def.label} max 255 characters.`);
        else values[def.column] = text;
    }
  }
  if (!errors.some((e) => e.field === 'heightFeet' || e.field === 'heightInches')) {
    const problem = heightProblem(
      'heightFeet' in input ? values.height_feet : opts.current?.heightFeet,
      'heightInches' in input ? values.height_inches : opts.current?.heightInches,
    );
    if (problem) errors.push(problem);
  }
  if (opts.creating || 'firstName' in input) {
    if (!values.first_name) errors.push(catalogued('firstName', 'MANDATORY_FIELD'));
  }
  if (opts.creating || 'lastName' in input) {
    if (!values.last_name) errors.push(catalogued('lastName', 'MANDATORY_FIELD'));
  }
  if ('highlightLinks' in input) {
    const links = Array.isArray(input.highlightLinks) ? input.highlightLinks : [];
    const clean = links.map((l) => String(l).trim()).filter(Boolean);
    if (clean.length > 20 || clean.some((l) => !/^https?:\/\/\S+$/i.test(l) || l.length > 500)) {
      errors.push({
        field: 'highlightLinks',
        code: 'VALIDATION_FAILED',
        message: 'Highlight links must be web addresses (at most 20).',
      });
    } else values.highlight_links = clean;
  }
  if ('customFields' in input) {
    const fields = Array.isArray(input.customFields) ? input.customFields : [];
    const clean = fields
      .map((f) => ({
        name: String((f as { name?: unknown }).name ?? '').trim(),
        value: String((f as { value?: unknown }).value ?? '').trim(),
      }))
      .filter((f) => f.name || f.value);
    if (
      clean.length > 50 ||
      clean.some(
        (f) =>
          !f.name ||
          f.name.length > RECRUITING_LIMITS.customFieldMaxLength ||
          f.value.length > RECRUITING_LIMITS.customFieldMaxLength,
      )
    ) {
      errors.push({
        field: 'customFields',
        code: 'VALIDATION_FAILED',
        message: 'Custom field name and value max 255 characters.',
      });
    } else values.custom_fields = clean;
  }
  if ('commitmentStatus' in input && input.commitmentStatus !== undefined) {
    if (
      typeof input.commitmentStatus !== 'string' ||
      !(input.commitmentStatus in COMMITMENT_STATUSES) ||
      input.commitmentStatus === 'ADDED_TO_ROSTER'
    ) {
      errors.push({ field: 'commitmentStatus', code: 'VALIDATION_FAILED', message: 'Choose a commitment status.' });
    } else values.commitment_status = input.commitmentStatus;
  }
  return { values, errors };
}

/** Spreadsheet header → field, for the bulk upload (normalised: lower case, letters and digits only). */
export const PSA_UPLOAD_HEADERS: Record<string, PsaField | 'commitmentStatus' | 'tags'> = {
  firstname: 'firstName',
  lastname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  mobile: 'mobileNumber',
  mobilenumber: 'mobileNumber',
  phone: 'mobileNumber',
  phonenumber: 'mobileNumber',
  highschool: 'highSchoolName',
  highschoolname: 'highSchoolName',
  graduationyear: 'graduationYear',
  gradyear: 'graduationYear',
  dob: 'dob',
  dateofbirth: 'dob',
  eligibilitycenterid: 'ncaaEligibilityNumber',
  ncaaeligibilitynumber: 'ncaaEligibilityNumber',
  position: 'recruitedPosition',
  recruitedposition: 'recruitedPosition',
  secondaryposition: 'secondaryPosition',
  clubteam: 'clubTeamName',
  clubteamname: 'clubTeamName',
  jersey: 'clubJersey',
  clubjersey: 'clubJersey',
  heightfeet: 'heightFeet',
  heightinches: 'heightInches',
  weight: 'weight',
  sat: 'satScore',
  satscore: 'satScore',
  act: 'actScore',
  actscore: 'actScore',
  gpa: 'gpa',
  classrank: 'classRank',
  honors: 'honors',
  intendedmajor: 'intendedMajor',
  siblings: 'siblings',
  residency: 'residencyStatus',
  residencystatus: 'residencyStatus',
  instagram: 'instagram',
  tiktok: 'tiktok',
  twitter: 'twitter',
  hudl: 'hudl',
  homeaddress: 'homeAddress',
  address: 'homeAddress',
  city: 'city',
  state: 'state',
  zip: 'zipcode',
  zipcode: 'zipcode',
  guardian1name: 'guardian1Name',
  guardian1phone: 'guardian1Phone',
  guardian1email: 'guardian1Email',
  guardian2name: 'guardian2Name',
  guardian2phone: 'guardian2Phone',
  guardian2email: 'guardian2Email',
  highschoolcoachname: 'highSchoolCoachName',
  highschoolcoachphone: 'highSchoolCoachPhone',
  highschoolcoachemail: 'highSchoolCoachEmail',
  clubcoachname: 'clubCoachName',
  clubcoachphone: 'clubCoachPhone',
  clubcoachemail: 'clubCoachEmail',
  notes: 'notes',
  commitmentstatus: 'commitmentStatus',
};

export const PSA_UPLOAD_TEMPLATE_HEADERS = [
  'First name',
  'Last name',
  'Email',
  'Mobile',
  'High school',
  'Graduation year',
  'Date of birth',
  'Position',
  'Club team',
  'Height feet',
  'Height inches',
  'Weight',
  'SAT',
  'ACT',
  'GPA',
  'City',
  'State',
  'Zip code',
  'Guardian 1 name',
  'Guardian 1 phone',
  'Guardian 1 email',
  'Notes',
];

/** A commitment status as people write it in a sheet ("Verbally committed", "NLI signed") → its key. */
export function commitmentFromText(text: string): CommitmentStatus | null {
  const norm = text.toLowerCase().replace(/[^a-z]/g, '');
  for (const [key, label] of Object.entries(COMMITMENT_STATUSES)) {
    if (norm === label.toLowerCase().replace(/[^a-z]/g, '') || norm === key.toLowerCase().replace(/_/g, '')) {
      return key === 'ADDED_TO_ROSTER' ? null : (key as CommitmentStatus);
    }
  }
  return null;
}

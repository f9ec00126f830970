import { ACADEMIC_STANDING_LABELS, AID_TYPES, ENROLLMENT_TERMS, RESIDENCY_STATUSES, ROSTER_STATUSES } from './athletes';

/**
 * Student-athlete profiles (spec part 1 §3, part 2 §5 and §9): the list's 23 columns, who may see and edit which
 * profile field, the profile's limits and the checks on social links and positions. Pure data and functions.
 */

/** Spec part 2 §9: files per student-athlete, tags per athlete and academic year (coaches' own tags apart), §5 positions. */
export const ATHLETE_LIMITS = {
  maxFiles: 50,
  maxTagsPerYear: 10,
  maxCoachTagsPerYear: 30,
  maxPositions: 3,
  maxFileBytes: 20 * 1024 * 1024,
} as const;

/** The list columns in the spec's order and wording (part 1 §3), with the label a person reads. */
export const ATHLETE_LIST_COLUMNS = [
  { key: 'athletName', label: 'Name' },
  { key: 'studentEmail', label: 'E-mail' },
  { key: 'dob', label: 'Date of birth' },
  { key: 'residencyStatus', label: 'Residency' },
  { key: 'studentRollNumber', label: 'Student ID' },
  { key: 'position', label: 'Position' },
  { key: 'sportTeamName', label: 'Team' },
  { key: 'userStatus', label: 'Account' },
  { key: 'eligibility', label: 'Eligibility' },
  { key: 'tags', label: 'Tags' },
  { key: 'phoneNumber', label: 'Phone' },
  { key: 'classYear', label: 'Class' },
  { key: 'cumulativeGPA', label: 'Cumulative GPA' },
  { key: 'isAtRisk', label: 'At risk' },
  { key: 'isTransferStudent', label: 'Transfer student' },
  { key: 'enrollmentAtThisInstitution', label: 'Enrolled here since' },
  { key: 'enrollmentAtAnyInstitution', label: 'First enrolled' },
  { key: 'isEnrolledFullTime', label: 'Full time' },
  { key: 'rosterStatus', label: 'Roster status' },
  { key: 'aidType', label: 'Aid type' },
  { key: 'athleticGrantAmount', label: 'Athletic grant' },
  { key: 'totalAidPercentage', label: 'Total aid %' },
  { key: 'totalAidAmount', label: 'Total aid' },
] as const;
export type AthleteListColumn = (typeof ATHLETE_LIST_COLUMNS)[number]['key'];
export const ATHLETE_LIST_COLUMN_KEYS = ATHLETE_LIST_COLUMNS.map((c) => c.key) as [
  AthleteListColumn,
  ...AthleteListColumn[],
];
/** Shown until a person picks their own columns. */
export const DEFAULT_ATHLETE_COLUMNS: AthleteListColumn[] = [
  'athletName',
  'sportTeamName',
  'classYear',
  'position',
  'studentRollNumber',
  'cumulativeGPA',
  'rosterStatus',
  'userStatus',
  'tags',
];

/** The invitation states of an account as the list shows and filters them (part 1 §4), plus deactivated. */
export const ACCOUNT_STATUS_LABELS = {
  NOT_INVITED: 'Not invited',
  INVITED: 'Invite sent',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
} as const;
export type AccountStatus = keyof typeof ACCOUNT_STATUS_LABELS;

export const CUSTOM_FIELD_SCOPES = {
  ATHLETE: 'One athlete',
  TEAM: 'Every athlete of a team',
  INSTITUTION: 'Every athlete',
} as const;
export type CustomFieldScope = keyof typeof CUSTOM_FIELD_SCOPES;

/** Who looks at a profile: the school admin, a coach of the athlete's team, or the athlete. */
export type ProfileViewer = 'admin' | 'coach' | 'athlete';
/** '-' hidden, 'r' read only, 'rw' read and edit. */
type Access = '-' | 'r' | 'rw';

const group = (fields: readonly string[], admin: Access, coach: Access, athlete: Access) =>
  Object.fromEntries(fields.map((f) => [f, { admin, coach, athlete }])) as Record<
    string,
    Record<ProfileViewer, Access>
  >;

/**
 * Field permissions per viewer. Admins keep the record; the athlete keeps their contact details, bio, parents and
 * social links up to date; coaches set positions, keep staff notes and tag their athletes. Roster placement and
 * statuses change through the roster process, so coaches only read them here. Notes and the at-risk flag are staff
 * judgements the athlete does not see.
 */
export const PROFILE_FIELD_ACCESS: Record<string, Record<ProfileViewer, Access>> = {
  ...group(
    ['email', 'firstName', 'lastName', 'middleName', 'dateOfBirth', 'studentIdNumber', 'gender'],
    'rw',
    'r',
    'r',
  ),
  ...group(
    ['phoneNumber', 'bio', 'parents', 'socialMedia', 'address', 'addressLine1', 'address1', 'address2', 'city'],
    'rw',
    'r',
    'rw',
  ),
  ...group(['state', 'cityId', 'countryId', 'zipCode', 'zipcode', 'imageUrl'], 'rw', 'r', 'rw'),
  ...group(
    [
      'sport',
      'sportTeamId',
      'rosterStatus',
      'athleteStatus',
      'class',
      'major',
      'cumulativeGpa',
      'gpa',
      'credits',
      'academicAdvisorId',
      'academicAdvisor',
      'isTransferStudent',
      'isEnrolledFullTime',
      'enrollmentTerm',
      'enrollmentYear',
      'graduationYear',
      'enrollmentTermForThisInstitution',
      'enrollmentYearForThisInstitution',
      'eligibilityTypes',
      'eligibility',
      'residencyStatus',
      'aidType',
      'aidStatus',
      'athleticGrantAmount',
      'totalAidPercentage',
      'totalAidAmount',
      'customFieldValues',
      'customFields',
    ],
    'rw',
    'r',
    'r',
  ),
  ...group(['positions', 'position'], 'rw', 'rw', 'r'),
  ...group(['notes', 'tags'], 'rw', 'rw', '-'),
  ...group(['isAtRisk'], 'rw', 'r', '-'),
  ...group(['files'], 'rw', 'r', 'r'),
};

export function canSeeField(viewer: ProfileViewer, field: string): boolean {
  return (PROFILE_FIELD_ACCESS[field]?.[viewer] ?? '-') !== '-';
}

export function canEditField(viewer: ProfileViewer, field: string): boolean {
  return PROFILE_FIELD_ACCESS[field]?.[viewer] === 'rw';
}

/** The keys of an edit that this viewer may not change (unknown keys count as not editable). */
export function forbiddenEdits(viewer: ProfileViewer, keys: Iterable<string>): string[] {
  return [...keys].filter((k) => !canEditField(viewer, k));
}

/** The profile with only the fields this viewer may see. */
export function visibleProfile<T extends Record<string, unknown>>(viewer: ProfileViewer, profile: T): Partial<T> {
  return Object.fromEntries(Object.entries(profile).filter(([k]) => canSeeField(viewer, k))) as Partial<T>;
}

/** The fields this viewer may edit, for the screen to draw inputs or read-only text. */
export function editableFields(viewer: ProfileViewer): string[] {
  return Object.keys(PROFILE_FIELD_ACCESS).filter((f) => canEditField(viewer, f));
}

/** Hosts of each social network's profile links (spec: valid URLs, unique per user). */
export const SOCIAL_NETWORKS = {
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  facebook: { label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  twitter: { label: 'Twitter', hosts: ['twitter.com', 'x.com'] },
  tiktok: { label: 'TikTok', hosts: ['tiktok.com'] },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

/** Why a link is not a profile URL of its network, or null when it is (http(s), the network's host, a path). */
export function socialLinkProblem(network: SocialNetwork, value: string): string | null {
  const { label, hosts } = SOCIAL_NETWORKS[network];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${label}: enter a full link starting with https://.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${label}: the link must start with https://.`;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|mobile\.)/, '');
  if (!(hosts as readonly string[]).includes(host)) return `${label}: the link must be on ${hosts.join(' or ')}.`;
  if (url.pathname.replace(/\/+$/, '') === '') return `${label}: the link must name a profile.`;
  return null;
}

/** The same link however it is written (scheme, www, case, trailing slash), to compare for uniqueness. */
export function normaliseSocialLink(value: string): string {
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|mobile\.)/, '');
    return `${host}${url.pathname.replace(/\/+$/, '').toLowerCase()}`;
  } catch {
    return value.trim().toLowerCase();
  }
}

/** Positions from a list or the spec's comma-separated text, trimmed, empty ones dropped, duplicates once. */
export function parsePositions(value: string | readonly string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  const parts = typeof value === 'string' ? value.split(',') : [...value];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of parts.map((s) => s.trim()).filter(Boolean)) {
    if (seen.has(p.toLowerCase())) continue;
    seen.add(p.toLowerCase());
    out.push(p);
  }
  return out;
}

const TERM_LABELS: Record<(typeof ENROLLMENT_TERMS)[number], string> = {
  SUMMER: 'Summer',
  FALL: 'Fall',
  WINTER: 'Winter',
  SPRING: 'Spring',
};
const CODE_LABELS: Partial<Record<AthleteListColumn, Record<string, string>>> = {
  residencyStatus: RESIDENCY_STATUSES,
  classYear: ACADEMIC_STANDING_LABELS,
  userStatus: ACCOUNT_STATUS_LABELS,
  rosterStatus: ROSTER_STATUSES,
  aidType: AID_TYPES,
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** "FALL 2025" as "Fall 2025". */
export function termLabel(value: string): string {
  return value.replace(/\b(SUMMER|FALL|WINTER|SPRING)\b/g, (t) => TERM_LABELS[t as keyof typeof TERM_LABELS]);
}

/**
 * A list cell as people read it (screen and export alike): labels for stored codes, Yes/No, money, lists joined;
 * empty cells are ''. Unknown codes are shown as they are rather than dropped.
 */
export function formatListCell(column: AthleteListColumn, row: Record<string, unknown>): string {
  const v = row[column];
  if (v === null || v === undefined || v === '') return '';
  const labels = CODE_LABELS[column];
  if (labels) return labels[String(v)] ?? String(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.map((x) => (column === 'eligibility' ? capitalise(String(x)) : String(x))).join(', ');
  if (column === 'athleticGrantAmount' || column === 'totalAidAmount') return money.format(Number(v));
  if (column === 'totalAidPercentage') return `${Number(v)}%`;
  if (column === 'cumulativeGPA') return Number(v).toFixed(2);
  if (column === 'enrollmentAtThisInstitution' || column === 'enrollmentAtAnyInstitution') return termLabel(String(v));
  return String(v);
}

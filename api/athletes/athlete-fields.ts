/**
 * Where each athlete field lives: on the user (identity), in an athlete_profiles column (every column the spec's
 * list shows, so lists filter and sort in SQL), or in the profile's `data` document (everything else). Pure, so the
 * mapping is unit-tested. Older names stay accepted: `gpa`, `aidStatus`, `position` (comma separated) and the
 * `eligibility` object of flags; tags live in their own tables and are not split here.
 */
import { parsePositions } from '../../domain/athlete-profiles';

export const USER_FIELDS = ['email', 'firstName', 'lastName', 'middleName', 'phoneNumber'] as const;

export const COLUMN_OF_FIELD = {
  sportTeamId: 'sport_team_id',
  dateOfBirth: 'date_of_birth',
  studentIdNumber: 'student_id_number',
  gender: 'gender',
  class: 'class_year',
  major: 'major',
  residencyStatus: 'residency_status',
  aidType: 'aid_status',
  enrollmentTerm: 'enrollment_term',
  enrollmentYear: 'enrollment_year',
  graduationYear: 'graduation_year',
  position: 'position',
  rosterStatus: 'roster_status',
  athleteStatus: 'athlete_status',
  cumulativeGpa: 'cumulative_gpa',
  isAtRisk: 'is_at_risk',
  isTransferStudent: 'is_transfer_student',
  isEnrolledFullTime: 'is_enrolled_full_time',
  enrollmentTermForThisInstitution: 'enrollment_term_this_institution',
  enrollmentYearForThisInstitution: 'enrollment_year_this_institution',
  athleticGrantAmount: 'athletic_grant_amount',
  totalAidPercentage: 'total_aid_percentage',
  totalAidAmount: 'total_aid_amount',
  eligibilityTypes: 'eligibility_types',
  positions: 'positions',
  academicAdvisorId: 'academic_advisor_id',
} as const;

export type ProfileColumn = (typeof COLUMN_OF_FIELD)[keyof typeof COLUMN_OF_FIELD];
export const PROFILE_COLUMNS = [...new Set(Object.values(COLUMN_OF_FIELD))] as ProfileColumn[];

/** Older field names and the field they now are. */
const ALIAS_OF = { gpa: 'cumulativeGpa', aidStatus: 'aidType' } as const;

/** Fields of a request that are not stored in the profile (instructions, or kept in their own tables). */
const NOT_STORED = new Set(['invite', 'tags']);

export interface SplitFields {
  user: Partial<Record<(typeof USER_FIELDS)[number], unknown>>;
  columns: Partial<Record<ProfileColumn, unknown>>;
  data: Record<string, unknown>;
}

/** Rewrites older names to the current fields; `position` and `positions` both end as the list plus joined text. */
export function normaliseAthleteInput(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const alias = ALIAS_OF[key as keyof typeof ALIAS_OF];
    if (alias) {
      if (!(alias in body)) out[alias] = value;
    } else out[key] = value;
  }
  if (out.eligibility !== undefined && out.eligibilityTypes === undefined) {
    const flags = out.eligibility;
    out.eligibilityTypes =
      flags && typeof flags === 'object'
        ? Object.entries(flags)
            .filter(([, v]) => v === true)
            .map(([k]) => k)
            .sort()
        : [];
  }
  delete out.eligibility;
  if (out.positions !== undefined || out.position !== undefined) {
    const list =
      out.positions !== undefined
        ? parsePositions(out.positions as string[] | null)
        : parsePositions(out.position as string | null);
    out.positions = list;
    out.position = list.length ? list.join(', ') : null;
  }
  return out;
}

/** Splits a create/update body; absent keys stay absent (unchanged on update), null clears. */
export function splitAthleteFields(body: Record<string, unknown>): SplitFields {
  const out: SplitFields = { user: {}, columns: {}, data: {} };
  for (const [key, value] of Object.entries(normaliseAthleteInput(body))) {
    if (value === undefined || NOT_STORED.has(key)) continue;
    if ((USER_FIELDS as readonly string[]).includes(key)) out.user[key as (typeof USER_FIELDS)[number]] = value;
    else if (key in COLUMN_OF_FIELD) {
      const column = COLUMN_OF_FIELD[key as keyof typeof COLUMN_OF_FIELD];
      // Array columns are never null: clearing them stores the empty list.
      out.columns[column] = value === null && (column === 'positions' || column === 'eligibility_types') ? [] : value;
    } else out.data[key] = value;
  }
  return out;
}

/** The profile as the API shows it: every column under its field name (and older names), plus the data document. */
export function joinAthleteFields(
  columns: Partial<Record<ProfileColumn, unknown>>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const profile: Record<string, unknown> = { ...data };
  for (const [field, column] of Object.entries(COLUMN_OF_FIELD)) profile[field] = columns[column] ?? null;
  for (const [old, field] of Object.entries(ALIAS_OF)) profile[old] = profile[field];
  const types = Array.isArray(profile.eligibilityTypes) ? (profile.eligibilityTypes as string[]) : [];
  profile.eligibilityTypes = types;
  profile.positions = Array.isArray(profile.positions) ? profile.positions : [];
  return profile;
}

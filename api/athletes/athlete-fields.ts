/**
 * Where each athlete field lives: on the user (identity), in an athlete_profiles column (what lists filter and
 * sort by), or in the profile's `data` document (everything else). Pure, so the mapping is unit-tested.
 */
export const USER_FIELDS = ['email', 'firstName', 'lastName', 'middleName', 'phoneNumber'] as const;

export const COLUMN_OF_FIELD = {
  sportTeamId: 'sport_team_id',
  dateOfBirth: 'date_of_birth',
  studentIdNumber: 'student_id_number',
  gender: 'gender',
  class: 'class_year',
  major: 'major',
  residencyStatus: 'residency_status',
  aidStatus: 'aid_status',
  enrollmentTerm: 'enrollment_term',
  enrollmentYear: 'enrollment_year',
  graduationYear: 'graduation_year',
  position: 'position',
  rosterStatus: 'roster_status',
  athleteStatus: 'athlete_status',
} as const;

export type ProfileColumn = (typeof COLUMN_OF_FIELD)[keyof typeof COLUMN_OF_FIELD];

/** Fields of a request that are not stored at all (instructions, not data). */
const NOT_STORED = new Set(['invite']);

export interface SplitFields {
  user: Partial<Record<(typeof USER_FIELDS)[number], unknown>>;
  columns: Partial<Record<ProfileColumn, unknown>>;
  data: Record<string, unknown>;
}

/** Splits a create/update body; absent keys stay absent (unchanged on update), null clears. */
export function splitAthleteFields(body: Record<string, unknown>): SplitFields {
  const out: SplitFields = { user: {}, columns: {}, data: {} };
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || NOT_STORED.has(key)) continue;
    if ((USER_FIELDS as readonly string[]).includes(key)) out.user[key as (typeof USER_FIELDS)[number]] = value;
    else if (key in COLUMN_OF_FIELD) out.columns[COLUMN_OF_FIELD[key as keyof typeof COLUMN_OF_FIELD]] = value;
    else out.data[key] = value;
  }
  return out;
}

/** The profile as the API shows it: every column under its field name plus the data document. */
export function joinAthleteFields(
  columns: Partial<Record<ProfileColumn, unknown>>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const profile: Record<string, unknown> = { ...data };
  for (const [field, column] of Object.entries(COLUMN_OF_FIELD)) profile[field] = columns[column] ?? null;
  return profile;
}

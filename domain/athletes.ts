/** Student-athlete value lists from the spec (part 1 §3–4, part 2 §9), as stored codes with their labels. */
export const RESIDENCY_STATUSES = {
  IN_STATE: 'In state',
  OUT_OF_STATE: 'Out of state',
  INTERNATIONAL: 'International',
} as const;
export type ResidencyStatus = keyof typeof RESIDENCY_STATUSES;

export const AID_TYPES = { ATHLETIC_AID: 'Athletic aid', NEED_BASED_AID: 'Need-based aid', COMBO: 'Combo' } as const;
export type AidType = keyof typeof AID_TYPES;

export const ROSTER_STATUSES = { OFFICIAL: 'Official', UNOFFICIAL: 'Unofficial' } as const;
export type RosterStatus = keyof typeof ROSTER_STATUSES;

export const ATHLETE_STATUSES = {
  IN_PROGRAM: 'In program',
  QUIT_TEAM: 'Quit team',
  CUT_FROM_TEAM: 'Cut from team',
  ELIGIBILITY_EXHAUSTED: 'Eligibility exhausted',
  GRADUATED: 'Graduated',
  NONQUALIFIER: 'Nonqualifier',
  PARTIAL_QUALIFIER: 'Partial qualifier',
  REDSHIRT: 'Redshirt',
  TRANSFER_REQUIREMENT: 'Transfer requirement',
  INELIGIBLE_DUE_TO_VIOLATION: 'Ineligible due to violation',
  WITHDREW: 'Withdrew',
  MIDYEAR_REPLACEMENT: 'Midyear replacement',
  TRANSFERRED_OUT: 'Transferred out',
  TRANSFER_PORTAL: 'Transfer portal',
} as const;
export type AthleteStatus = keyof typeof ATHLETE_STATUSES;

/** Academic standing: First Year to Tenth Year, then 10+ Years (stored as the codes, shown with the labels). */
export const ACADEMIC_STANDING_LABELS = {
  FIRST_YEAR: 'First Year',
  SECOND_YEAR: 'Second Year',
  THIRD_YEAR: 'Third Year',
  FOURTH_YEAR: 'Fourth Year',
  FIFTH_YEAR: 'Fifth Year',
  SIXTH_YEAR: 'Sixth Year',
  SEVENTH_YEAR: 'Seventh Year',
  EIGHTH_YEAR: 'Eighth Year',
  NINTH_YEAR: 'Ninth Year',
  TENTH_YEAR: 'Tenth Year',
  TEN_PLUS_YEARS: '10+ Years',
} as const;
export type AcademicStanding = keyof typeof ACADEMIC_STANDING_LABELS;
export const ACADEMIC_STANDINGS = Object.keys(ACADEMIC_STANDING_LABELS) as [AcademicStanding, ...AcademicStanding[]];

export const ELIGIBILITY_TYPES = [
  'academic',
  'medical',
  'amateurism',
  'practice',
  'administrative',
  'competition',
] as const;
export type EligibilityType = (typeof ELIGIBILITY_TYPES)[number];

export const ENROLLMENT_TERMS = ['SUMMER', 'FALL', 'WINTER', 'SPRING'] as const;

import { ATHLETE_LIMITS } from '../../domain/athlete-profiles';

/**
 * What a student-athlete's data as written (create, edit) is refused for, past its schema: the shared rules of
 * domain/athlete-validation (the first one broken is the answer), then those that read the database
 * (checkProfileInput). For the `refusals()` description of every route that writes an athlete.
 */
export const ATHLETE_INPUT_REFUSALS = {
  NAME_INVALID_CHARACTERS:
    'when `firstName`, `lastName` or `middleName` contains a line break or another control character',
  POSITIONS_LIMIT: `when more than ${ATHLETE_LIMITS.maxPositions} positions are given`,
  DATE_OF_BIRTH_INVALID: 'when `dateOfBirth` is not a real calendar day',
  DATE_OF_BIRTH_IN_FUTURE: "when `dateOfBirth` is after the school's today",
  SOCIAL_LINK_INVALID:
    "when a social link is not an http(s) link to a profile on its network's site, is given twice, or is another student-athlete's",
  ADVISOR_NOT_STAFF: 'when `academicAdvisorId` is not a staff member of the school',
  EMAIL_EXISTS: 'when another account has this e-mail',
} as const;

/** An athlete's tags of the year (spec part 2 §9). */
export const ATHLETE_TAG_REFUSALS = {
  TAGS_LIMIT: `when an admin gives more than ${ATHLETE_LIMITS.maxTagsPerYear} tags for the year`,
  COACH_TAGS_LIMIT: `when a coach gives more than ${ATHLETE_LIMITS.maxCoachTagsPerYear} tags for the year`,
} as const;

import {
  ATHLETE_LIMITS,
  normaliseSocialLink,
  parsePositions,
  SOCIAL_NETWORKS,
  socialLinkProblem,
  type SocialNetwork,
} from './athlete-profiles';
import { ERRORS, type ErrorCode } from './errors';
import { nameCharacterProblems } from './people-names';

/**
 * The rules of a student-athlete's data that the request schema cannot state, in one place for every way an athlete
 * is written: the single-athlete form (create and edit) and each row of a bulk upload (issue 35). Pure: the caller
 * gives the school's today. Rules that need the database (other athletes' links, the advisor, custom fields) stay
 * with the caller and run after these.
 */
export interface AthleteInputProblem {
  /** The input field at fault (`socialMedia.instagram` for a nested one). */
  field: string;
  code: ErrorCode;
  message: string;
}

/** Why a date of birth cannot be one, or null: a real calendar day, not after today. */
export function dateOfBirthProblem(value: string, today: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return ERRORS.DATE_OF_BIRTH_INVALID.message;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (day.toISOString().slice(0, 10) !== value) return ERRORS.DATE_OF_BIRTH_INVALID.message;
  if (value > today) return ERRORS.DATE_OF_BIRTH_IN_FUTURE.message;
  return null;
}

/** The positions an input names, from `positions` (a list) or the older comma-separated `position`. */
export function positionsOf(input: Record<string, unknown>): string[] {
  if (input.positions !== undefined) return parsePositions(input.positions as string[] | null);
  if (input.position !== undefined) return parsePositions(input.position as string | null);
  return [];
}

/**
 * Every problem of an athlete's input (create, edit or one upload row), each naming its field; empty when valid.
 * Only the keys present are checked, so an edit of one field is checked for that field.
 */
export function athleteInputProblems(input: Record<string, unknown>, today: string): AthleteInputProblem[] {
  const problems: AthleteInputProblem[] = [
    ...nameCharacterProblems(input, ['firstName', 'lastName', 'middleName'] as const),
  ];
  if (positionsOf(input).length > ATHLETE_LIMITS.maxPositions) {
    const field = input.positions !== undefined ? 'positions' : 'position';
    problems.push({ field, code: 'POSITIONS_LIMIT', message: ERRORS.POSITIONS_LIMIT.message });
  }
  if (typeof input.dateOfBirth === 'string') {
    const message = dateOfBirthProblem(input.dateOfBirth, today);
    const code =
      message === ERRORS.DATE_OF_BIRTH_IN_FUTURE.message ? 'DATE_OF_BIRTH_IN_FUTURE' : 'DATE_OF_BIRTH_INVALID';
    if (message) problems.push({ field: 'dateOfBirth', code, message });
  }
  const social = input.socialMedia as Partial<Record<SocialNetwork, string | null>> | undefined;
  if (social && typeof social === 'object') {
    const seen = new Set<string>();
    for (const network of Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]) {
      const link = social[network];
      if (!link) continue;
      const problem = socialLinkProblem(network, link);
      const key = normaliseSocialLink(link);
      const field = `socialMedia.${network}`;
      if (problem) problems.push({ field, code: 'SOCIAL_LINK_INVALID', message: problem });
      else if (seen.has(key))
        problems.push({ field, code: 'SOCIAL_LINK_INVALID', message: 'This link is given twice.' });
      seen.add(key);
    }
  }
  return problems;
}

/** The social links of an input that passed `athleteInputProblems`, normalised, by network (for the uniqueness check). */
export function socialLinksOf(input: Record<string, unknown>): Map<string, SocialNetwork> {
  const social = input.socialMedia as Partial<Record<SocialNetwork, string | null>> | undefined;
  const links = new Map<string, SocialNetwork>();
  if (!social || typeof social !== 'object') return links;
  for (const network of Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]) {
    const link = social[network];
    if (link) links.set(normaliseSocialLink(link), network);
  }
  return links;
}

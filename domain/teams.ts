/** A team's gender (spec part 1 §3, sport teams). */
export const TEAM_GENDERS = ['MEN', 'WOMEN', 'COED'] as const;
export type TeamGender = (typeof TEAM_GENDERS)[number];

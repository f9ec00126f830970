/** The terms an academic year is made of (spec part 1 §3, academic years), in the order of the year. */
export const TERM_NAMES = ['SUMMER', 'FALL', 'WINTER', 'SPRING'] as const;
export type TermName = (typeof TERM_NAMES)[number];

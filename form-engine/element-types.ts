/**
 * The element types of part 1 §3 and what each one is for. Kept apart from the full types so the schema builders,
 * the checks and the UI palette can share the lists without pulling in anything else.
 */
export const ELEMENT_TYPES = [
  'fullName',
  'sport',
  'studentId',
  'academicStanding',
  'dob',
  'signature',
  'date',
  'address',
  'heading',
  'shortText',
  'longText',
  'statement',
  'dropdown',
  'multipleChoice',
  'checkbox',
  'radioButtons',
  'attachment',
  'image',
  'scaleRating',
  'psaName',
  'matrix',
  'websiteLink',
  'legal',
  'divider',
  'time',
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/**
 * Display-only elements take no answer: a heading, a statement, a divider and an image only show something.
 * `legal` is NOT display-only: it shows legal text and records the filler's acknowledgement (`true`), because a
 * compliance form needs proof the terms were accepted; leave it not required to use it as plain text.
 */
export const DISPLAY_ONLY_TYPES = ['heading', 'statement', 'divider', 'image'] as const;
export type DisplayOnlyType = (typeof DISPLAY_ONLY_TYPES)[number];
export type AnswerableType = Exclude<ElementType, DisplayOnlyType>;

const displayOnly: ReadonlySet<string> = new Set(DISPLAY_ONLY_TYPES);

export function isAnswerableType(type: string): type is AnswerableType {
  return !displayOnly.has(type);
}

/** Types whose value can come from system data about the person filling in (part 1 §3 "pre-populate"). */
export const PREPOPULATABLE_TYPES = ['fullName', 'sport', 'studentId', 'academicStanding', 'dob', 'psaName'] as const;
export type PrepopulatableType = (typeof PREPOPULATABLE_TYPES)[number];

/** Types whose answer is one or more option ids from `options`. */
export const CHOICE_TYPES = ['dropdown', 'multipleChoice', 'checkbox', 'radioButtons'] as const;

export const MATRIX_COLUMN_TYPES = ['radio', 'multichoice', 'dropdown', 'text'] as const;
export type MatrixColumnType = (typeof MATRIX_COLUMN_TYPES)[number];

export const ADDRESS_PARTS = ['street', 'street2', 'city', 'state', 'postal', 'country'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export const NAME_PREFIXES = ['Mr.', 'Ms.', 'Mrs.', 'Mx.', 'Dr.'] as const;

/** Display formats only: dates always travel as ISO YYYY-MM-DD (spec part 2 §9). */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'MMM D, YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** What a short text answer is held to besides its length: `phone` is a phone number of 10 digits (part 2). */
export const SHORT_TEXT_FORMATS = ['phone'] as const;
export type ShortTextFormat = (typeof SHORT_TEXT_FORMATS)[number];

export const SIGNATURE_MODES = ['drawn', 'typed'] as const;
export type SignatureMode = (typeof SIGNATURE_MODES)[number];

export const CONDITION_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'greaterThan',
  'lessThan',
  'isEmpty',
  'isNotEmpty',
  'ageAtLeast',
  'ageUnder',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const CONDITION_ACTIONS = ['show', 'hide', 'require'] as const;
export type ConditionAction = (typeof CONDITION_ACTIONS)[number];

/**
 * Limits of part 2 §5 "Packets and forms" and §9, in one place so the definition schema, the checks, the file
 * rules and the UI agree. Where the spec leaves a number open (e.g. "too long"), the value chosen is noted.
 */
export const FORM_LIMITS = {
  formNameMaxWords: 20,
  shortFormMaxQuestions: 10,
  matrixMaxRows: 10,
  matrixMaxColumns: 10,
  /** "Matrix dropdown options cannot be empty or too long": we read "too long" as a label over 100 characters or more than 50 options. */
  matrixDropdownOptionMaxChars: 100,
  matrixDropdownMaxOptions: 50,
  scaleMinRatings: 2,
  scaleMaxRatings: 10,
  maxOptions: 100,
  maxFilesPerUpload: 5,
  /** Images and PDF imports are capped at 20 MB by the spec; attachments use the same cap (the message limit). */
  maxFileBytes: 20 * 1024 * 1024,
  shortTextDefaultMaxLength: 255,
  longTextDefaultMaxLength: 5000,
  studentIdMaxLength: 50,
  nameMaxLength: 100,
  matrixTextCellMaxLength: 255,
  labelMaxLength: 500,
  textBlockMaxLength: 20_000,
  /** A drawn signature travels as a PNG data URL; 1 MB of text is far above a real signature pad's output. */
  signatureImageMaxLength: 1_000_000,
  /** Safety caps: far above any real form, sized to the benchmark (5,000 elements, 20,000 conditions). */
  maxElements: 5000,
  maxConditionRules: 20_000,
  maxConditionDepth: 8,
  /** Groups and comparisons in one condition tree; a real condition has a handful. */
  maxConditionNodes: 500,
  /** Containers nested in one answer: a matrix (rows, then cells) or a list of files (the list, then a file). */
  maxAnswerDepth: 2,
  /** Entries of one list or object inside an answer (selections, matrix rows or cells, files). */
  maxAnswerItems: 1000,
  defaultAdultAge: 18,
} as const;

export const ALLOWED_FILE_EXTENSIONS = [
  'gif',
  'jpeg',
  'jpg',
  'png',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'csv',
  'zip',
  'ppt',
  'pptx',
] as const;
export type AllowedFileExtension = (typeof ALLOWED_FILE_EXTENSIONS)[number];

export const IMAGE_FILE_EXTENSIONS = ['gif', 'jpeg', 'jpg', 'png'] as const;

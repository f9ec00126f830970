/**
 * The form definition format: a form version is an ordered list of elements plus condition rules. Answers are
 * keyed by element id (stable across versions and minor edits); the data label is the unique human key used by
 * reports and exports. The JSON Schema in definition-schema.ts describes exactly these types.
 */
import type {
  AddressPart,
  ConditionAction,
  ConditionOperator,
  DateFormat,
  ElementType,
  MatrixColumnType,
  ShortTextFormat,
  SignatureMode,
} from './element-types';
import type { AllowedFileExtension } from './limits';

export interface ChoiceOption {
  id: string;
  label: string;
}

/** A stored file (uploaded image, attachment, imported PDF); the bytes live in file storage, not in the form. */
export interface FileRef {
  fileId: string;
  name: string;
  size: number;
  contentType?: string;
}

export interface TextLimits {
  minLength?: number;
  maxLength?: number;
}
export interface SelectionLimits {
  minSelections?: number;
  maxSelections?: number;
}
export interface DateLimits {
  minDate?: string;
  maxDate?: string;
}
export interface FileLimits {
  maxFiles?: number;
}

interface ElementBase<T extends ElementType> {
  /** Stable id: answers, conditions and diffs refer to it, so it never changes once created. */
  id: string;
  type: T;
  /** Unique (case-insensitive) key for reports; "Field label must be unique". */
  dataLabel: string;
  /** The question text, or the heading / caption for display-only elements. */
  label: string;
  tips?: string;
}

interface AnswerableBase<T extends ElementType> extends ElementBase<T> {
  required?: boolean;
  placeholder?: string;
}

interface PrepopulatableBase<T extends ElementType> extends AnswerableBase<T> {
  /** Fill from system data about the person filling in (see prepopulate.ts). */
  prepopulate?: boolean;
}

interface SelectionSettings {
  limits?: SelectionLimits;
  /** Treats the element as required with at least one selection, whatever `required` says. */
  atLeastOneSelection?: boolean;
}

export interface FullNameElement extends PrepopulatableBase<'fullName'> {
  showMiddleName?: boolean;
  showPrefix?: boolean;
}
export interface SportElement extends PrepopulatableBase<'sport'>, SelectionSettings {
  /** "Sport(s)": several sports when true. */
  multiple?: boolean;
  /** The sports offered; when absent any sport name is accepted (the school's teams are not known to the engine). */
  options?: ChoiceOption[];
}
export interface StudentIdElement extends PrepopulatableBase<'studentId'> {
  limits?: TextLimits;
}
export type AcademicStandingElement = PrepopulatableBase<'academicStanding'>;
export interface DobElement extends PrepopulatableBase<'dob'> {
  dateFormat?: DateFormat;
}
export interface SignatureElement extends AnswerableBase<'signature'> {
  /** Which ways of signing are offered; both when absent. */
  modes?: SignatureMode[];
}
export interface DateElement extends AnswerableBase<'date'> {
  dateFormat?: DateFormat;
  autofillToday?: boolean;
  limits?: DateLimits;
}
export interface AddressElement extends AnswerableBase<'address'> {
  /** Which parts are shown; every part when absent. Street 2 is always optional. */
  parts?: Partial<Record<AddressPart, boolean>>;
}
export interface HeadingElement extends ElementBase<'heading'> {
  level?: 1 | 2 | 3;
}
export interface ShortTextElement extends AnswerableBase<'shortText'> {
  limits?: TextLimits;
  /** Any text when absent; `phone`: a phone number of 10 digits, separators allowed ("(512) 555-0101"). */
  inputFormat?: ShortTextFormat;
}
export interface LongTextElement extends AnswerableBase<'longText'> {
  limits?: TextLimits;
}
export interface StatementElement extends ElementBase<'statement'> {
  text: string;
}
export interface DropdownElement extends AnswerableBase<'dropdown'>, SelectionSettings {
  options: ChoiceOption[];
  multiple?: boolean;
}
export interface MultipleChoiceElement extends AnswerableBase<'multipleChoice'>, SelectionSettings {
  options: ChoiceOption[];
  multiple?: boolean;
}
/** A group of checkboxes: the number of checkboxes is the number of options; the answer is always a list. */
export interface CheckboxElement extends AnswerableBase<'checkbox'>, SelectionSettings {
  options: ChoiceOption[];
}
/** A group of radio buttons: the number of radios is the number of options; the answer is one option id. */
export interface RadioButtonsElement extends AnswerableBase<'radioButtons'> {
  options: ChoiceOption[];
}
export interface AttachmentElement extends AnswerableBase<'attachment'> {
  multiple?: boolean;
  limits?: FileLimits;
  /** A subset of the allowed upload types; all of them when absent. */
  allowedTypes?: AllowedFileExtension[];
}
export interface ImageElement extends ElementBase<'image'> {
  /** null while the builder has not uploaded one yet: "Image not added for image element". */
  image: FileRef | null;
  altText?: string;
}
export interface ScaleRatingElement extends AnswerableBase<'scaleRating'> {
  /** Number of ratings; the answer is an integer from 1 to this. */
  ratings: number;
  lowestText?: string;
  highestText?: string;
}
export interface PsaNameElement extends PrepopulatableBase<'psaName'> {
  limits?: TextLimits;
}
export interface MatrixRow {
  id: string;
  label: string;
}
export interface MatrixColumn {
  id: string;
  label: string;
  type: MatrixColumnType;
  /** Only for dropdown columns. */
  options?: ChoiceOption[];
}
/**
 * Answer: { [rowId]: { [columnId]: cell } }. A row picks at most one of its radio columns (`true`); a multichoice
 * cell is a checkbox (boolean); a dropdown cell is an option id; a text cell is a string.
 */
export interface MatrixElement extends AnswerableBase<'matrix'> {
  rows: MatrixRow[];
  columns: MatrixColumn[];
  allCellsRequired?: boolean;
  hideHeaders?: boolean;
}
export interface WebsiteLinkElement extends AnswerableBase<'websiteLink'> {
  defaultValue?: string;
}
/** Legal text with an acknowledgement: the answer is `true` when the filler accepts it. */
export interface LegalElement extends AnswerableBase<'legal'> {
  text: string;
}
export type DividerElement = ElementBase<'divider'>;
export type TimeElement = AnswerableBase<'time'>;

export type FormElement =
  | FullNameElement
  | SportElement
  | StudentIdElement
  | AcademicStandingElement
  | DobElement
  | SignatureElement
  | DateElement
  | AddressElement
  | HeadingElement
  | ShortTextElement
  | LongTextElement
  | StatementElement
  | DropdownElement
  | MultipleChoiceElement
  | CheckboxElement
  | RadioButtonsElement
  | AttachmentElement
  | ImageElement
  | ScaleRatingElement
  | PsaNameElement
  | MatrixElement
  | WebsiteLinkElement
  | LegalElement
  | DividerElement
  | TimeElement;

export type ElementOf<T extends ElementType> = Extract<FormElement, { type: T }>;

export type ConditionValue = string | number | boolean;

/** One test on another element's answer. `value` is the years for ageAtLeast/ageUnder (18 when absent). */
export interface Comparison {
  element: string;
  operator: ConditionOperator;
  value?: ConditionValue;
}
export interface ConditionGroup {
  combinator: 'and' | 'or';
  conditions: ConditionNode[];
}
export type ConditionNode = Comparison | ConditionGroup;

/** show / hide / require `target` when `when` holds. Several rules may act on one target (see evaluate-conditions.ts). */
export interface ConditionRule {
  id: string;
  action: ConditionAction;
  target: string;
  when: ConditionGroup;
}

export type FormKind = 'long' | 'short';

export interface FormVersion {
  /** Id of this version (compiled forms are cached per id + content hash). */
  id: string;
  formId: string;
  version: number;
  name: string;
  description?: string;
  kind: FormKind;
  elements: FormElement[];
  conditions: ConditionRule[];
  /** A PDF imported as the form's document (at most 20 MB). */
  pdfImport?: FileRef | null;
}

export function isConditionGroup(node: ConditionNode): node is ConditionGroup {
  return (node as ConditionGroup).combinator !== undefined;
}

/** Answer values as they cross the wire (JSON). */
export type AnswerValue = unknown;
export type Answers = Record<string, AnswerValue>;

/** What an evaluation needs from outside: the form-filling date (ISO, in the school's time zone). */
export interface EvaluationContext {
  today: string;
}

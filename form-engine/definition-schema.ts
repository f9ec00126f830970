/**
 * JSON Schema (2020-12) of the form definition format in form-definition.ts. It checks shape only; rules with their
 * own catalogue message (unique labels, image added, matrix sizes, cycles...) are left loose here on purpose and
 * reported by check-definition.ts with the spec's wording.
 */
import {
  ADDRESS_PARTS,
  CONDITION_ACTIONS,
  CONDITION_OPERATORS,
  DATE_FORMATS,
  MATRIX_COLUMN_TYPES,
  SHORT_TEXT_FORMATS,
  SIGNATURE_MODES,
  type ElementType,
} from './element-types';
import { ALLOWED_FILE_EXTENSIONS, FORM_LIMITS } from './limits';

type Schema = Record<string, unknown>;

/** Ids become JSON property names of the answers, so the names that would touch a prototype are refused. */
const idSchema: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_.:-]+$',
  not: { enum: ['__proto__', 'constructor', 'prototype'] },
};
const shortString = (maxLength: number): Schema => ({ type: 'string', maxLength });
const count = (minimum: number, maximum: number): Schema => ({ type: 'integer', minimum, maximum });
const isoDate: Schema = { type: 'string', format: 'date' };

const fileRefSchema: Schema = {
  type: 'object',
  properties: {
    fileId: idSchema,
    name: { type: 'string', minLength: 1, maxLength: 255 },
    size: { type: 'integer', minimum: 0 },
    contentType: shortString(255),
  },
  required: ['fileId', 'name', 'size'],
  additionalProperties: false,
};

const optionSchema: Schema = {
  type: 'object',
  properties: { id: idSchema, label: { type: 'string', minLength: 1, maxLength: FORM_LIMITS.labelMaxLength } },
  required: ['id', 'label'],
  additionalProperties: false,
};
const optionsSchema: Schema = { type: 'array', minItems: 1, maxItems: FORM_LIMITS.maxOptions, items: optionSchema };

const textLimits: Schema = {
  type: 'object',
  properties: { minLength: count(0, 100_000), maxLength: count(1, 100_000) },
  additionalProperties: false,
};
const selectionLimits: Schema = {
  type: 'object',
  properties: { minSelections: count(0, FORM_LIMITS.maxOptions), maxSelections: count(1, FORM_LIMITS.maxOptions) },
  additionalProperties: false,
};
const selectionSettings: Schema = { limits: selectionLimits, atLeastOneSelection: { type: 'boolean' } };

/** Matrix parts stay loose (sizes, dropdown options) so MATRIX_SIZE / MATRIX_DROPDOWN_OPTIONS can be reported. */
const matrixColumnSchema: Schema = {
  type: 'object',
  properties: {
    id: idSchema,
    label: shortString(FORM_LIMITS.labelMaxLength),
    type: { enum: [...MATRIX_COLUMN_TYPES] },
    options: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        properties: { id: idSchema, label: shortString(10_000) },
        required: ['id', 'label'],
        additionalProperties: false,
      },
    },
  },
  required: ['id', 'label', 'type'],
  additionalProperties: false,
};
const matrixRowSchema: Schema = {
  type: 'object',
  properties: { id: idSchema, label: shortString(FORM_LIMITS.labelMaxLength) },
  required: ['id', 'label'],
  additionalProperties: false,
};

interface BranchOptions {
  answerable?: boolean;
  prepopulate?: boolean;
  required?: string[];
}

function elementBranch(type: ElementType, extra: Record<string, Schema>, options: BranchOptions = {}): Schema {
  const { answerable = true, prepopulate = false, required = [] } = options;
  const properties: Record<string, Schema> = {
    id: idSchema,
    type: { const: type },
    dataLabel: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    // A question needs its text; a divider or image caption may be blank.
    label: answerable
      ? { type: 'string', minLength: 1, maxLength: FORM_LIMITS.labelMaxLength, pattern: '\\S' }
      : shortString(FORM_LIMITS.labelMaxLength),
    tips: shortString(2000),
    ...extra,
  };
  if (answerable) {
    properties.required = { type: 'boolean' };
    properties.placeholder = shortString(255);
  }
  if (prepopulate) properties.prepopulate = { type: 'boolean' };
  return {
    type: 'object',
    properties,
    required: ['id', 'type', 'dataLabel', 'label', ...required],
    additionalProperties: false,
  };
}

const dateFormat: Schema = { enum: [...DATE_FORMATS] };
const textBlock: Schema = shortString(FORM_LIMITS.textBlockMaxLength);

const elementBranches: Schema[] = [
  elementBranch(
    'fullName',
    { showMiddleName: { type: 'boolean' }, showPrefix: { type: 'boolean' } },
    { prepopulate: true },
  ),
  elementBranch(
    'sport',
    { multiple: { type: 'boolean' }, options: optionsSchema, ...selectionSettings },
    { prepopulate: true },
  ),
  elementBranch('studentId', { limits: textLimits }, { prepopulate: true }),
  elementBranch('academicStanding', {}, { prepopulate: true }),
  elementBranch('dob', { dateFormat }, { prepopulate: true }),
  elementBranch('signature', {
    modes: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: [...SIGNATURE_MODES] } },
  }),
  elementBranch('date', {
    dateFormat,
    autofillToday: { type: 'boolean' },
    limits: {
      type: 'object',
      properties: { minDate: isoDate, maxDate: isoDate },
      additionalProperties: false,
    },
  }),
  elementBranch('address', {
    parts: {
      type: 'object',
      properties: Object.fromEntries(ADDRESS_PARTS.map((part) => [part, { type: 'boolean' }])),
      additionalProperties: false,
    },
  }),
  elementBranch('heading', { level: { enum: [1, 2, 3] } }, { answerable: false }),
  elementBranch('shortText', { limits: textLimits, inputFormat: { enum: [...SHORT_TEXT_FORMATS] } }),
  elementBranch('longText', { limits: textLimits }),
  elementBranch('statement', { text: textBlock }, { answerable: false, required: ['text'] }),
  elementBranch(
    'dropdown',
    { options: optionsSchema, multiple: { type: 'boolean' }, ...selectionSettings },
    { required: ['options'] },
  ),
  elementBranch(
    'multipleChoice',
    { options: optionsSchema, multiple: { type: 'boolean' }, ...selectionSettings },
    { required: ['options'] },
  ),
  elementBranch('checkbox', { options: optionsSchema, ...selectionSettings }, { required: ['options'] }),
  elementBranch('radioButtons', { options: optionsSchema }, { required: ['options'] }),
  elementBranch('attachment', {
    multiple: { type: 'boolean' },
    limits: {
      type: 'object',
      properties: { maxFiles: count(1, FORM_LIMITS.maxFilesPerUpload) },
      additionalProperties: false,
    },
    allowedTypes: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: [...ALLOWED_FILE_EXTENSIONS] },
    },
  }),
  elementBranch(
    'image',
    { image: { anyOf: [{ type: 'null' }, fileRefSchema] }, altText: shortString(500) },
    { answerable: false, required: ['image'] },
  ),
  elementBranch(
    'scaleRating',
    {
      ratings: count(FORM_LIMITS.scaleMinRatings, FORM_LIMITS.scaleMaxRatings),
      lowestText: shortString(100),
      highestText: shortString(100),
    },
    { required: ['ratings'] },
  ),
  elementBranch('psaName', { limits: textLimits }, { prepopulate: true }),
  elementBranch(
    'matrix',
    {
      rows: { type: 'array', maxItems: 1000, items: matrixRowSchema },
      columns: { type: 'array', maxItems: 1000, items: matrixColumnSchema },
      allCellsRequired: { type: 'boolean' },
      hideHeaders: { type: 'boolean' },
    },
    { required: ['rows', 'columns'] },
  ),
  elementBranch('websiteLink', { defaultValue: shortString(2048) }),
  elementBranch('legal', { text: textBlock }, { required: ['text'] }),
  elementBranch('divider', {}, { answerable: false }),
  elementBranch('time', {}),
];

export const FORM_DEFINITION_SCHEMA: Schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'urn:form-engine:form-version',
  title: 'Form version',
  type: 'object',
  properties: {
    id: idSchema,
    formId: idSchema,
    version: count(1, 1_000_000),
    // Left loose: FORM_NAME_REQUIRED and FORM_NAME_TOO_LONG carry the spec's wording.
    name: shortString(1000),
    description: shortString(5000),
    kind: { enum: ['long', 'short'] },
    elements: { type: 'array', maxItems: FORM_LIMITS.maxElements, items: { $ref: '#/$defs/element' } },
    conditions: { type: 'array', maxItems: FORM_LIMITS.maxConditionRules, items: { $ref: '#/$defs/rule' } },
    pdfImport: { anyOf: [{ type: 'null' }, fileRefSchema] },
  },
  required: ['id', 'formId', 'version', 'name', 'kind', 'elements', 'conditions'],
  additionalProperties: false,
  $defs: {
    element: {
      type: 'object',
      required: ['type'],
      discriminator: { propertyName: 'type' },
      oneOf: elementBranches,
    },
    rule: {
      type: 'object',
      properties: {
        id: idSchema,
        action: { enum: [...CONDITION_ACTIONS] },
        target: idSchema,
        when: { $ref: '#/$defs/group' },
      },
      required: ['id', 'action', 'target', 'when'],
      additionalProperties: false,
    },
    group: {
      type: 'object',
      properties: {
        combinator: { enum: ['and', 'or'] },
        conditions: { type: 'array', minItems: 1, maxItems: 100, items: { $ref: '#/$defs/node' } },
      },
      required: ['combinator', 'conditions'],
      additionalProperties: false,
    },
    comparison: {
      type: 'object',
      properties: {
        element: idSchema,
        operator: { enum: [...CONDITION_OPERATORS] },
        value: { type: ['string', 'number', 'boolean'], maxLength: 500 },
      },
      required: ['element', 'operator'],
      additionalProperties: false,
    },
    // A node with a combinator is a group, anything else a comparison: one branch, so errors stay precise.
    node: {
      if: { type: 'object', required: ['combinator'] },
      then: { $ref: '#/$defs/group' },
      else: { $ref: '#/$defs/comparison' },
    },
  },
};

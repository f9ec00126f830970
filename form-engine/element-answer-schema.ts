/**
 * The JSON Schema of one element's answer (a given answer: blank answers are removed before validation, see
 * normalize-answers.ts). Display-only elements have none. Conditional rules (hidden, conditionally required) and the
 * DOB-in-the-future check depend on other answers or on today's date, so validate-answers.ts applies them.
 */
import { ACADEMIC_STANDINGS } from '../domain/athletes';
import { NAME_PREFIXES } from './element-types';
import type { ChoiceOption, FormElement, MatrixElement } from './form-definition';
import {
  getAddressParts,
  getFileBounds,
  getSelectionBounds,
  getSignatureModes,
  getTextBounds,
  isMultiple,
} from './element-settings';
import { FORM_LIMITS } from './limits';
import { PHONE_PATTERN, TIME_PATTERN, WEBSITE_URL_PATTERN } from './text-rules';

export type JsonSchema = Record<string, unknown>;

const NOT_BLANK = '\\S';
/** Zip or postal code: "longer than 3" characters (spec), letters, digits, spaces and dashes. */
export const POSTAL_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]{2,8}[A-Za-z0-9]$';
const PNG_DATA_URL = '^data:image/png;base64,[A-Za-z0-9+/]+={0,2}$';

function text(minLength: number, maxLength: number): JsonSchema {
  return { type: 'string', minLength, maxLength, pattern: NOT_BLANK };
}

/** JSON Schema patterns have no flags, so "PDF" and "pdf" are matched with character classes. */
function caseInsensitive(word: string): string {
  return [...word].map((ch) => (/[a-z]/i.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : ch)).join('');
}

export function fileNamePattern(extensions: readonly string[]): string {
  return `\\.(?:${extensions.map(caseInsensitive).join('|')})$`;
}

/** Option ids as an enum; an empty list (a matrix dropdown without options) accepts nothing, and Ajv rejects `enum: []`. */
function optionEnum(options: readonly ChoiceOption[]): JsonSchema {
  const ids = [...new Set(options.map((option) => option.id))];
  return ids.length > 0 ? { enum: ids } : { not: {} };
}

/** One value, or a list of values when the element allows several (sport(s), multi-select lists, checkboxes). */
function selection(element: FormElement, item: JsonSchema): JsonSchema {
  const bounds = getSelectionBounds(element);
  if (!bounds) return item;
  return {
    type: 'array',
    items: item,
    uniqueItems: true,
    minItems: bounds.minItems,
    ...(bounds.maxItems !== undefined ? { maxItems: bounds.maxItems } : {}),
  };
}

function fileSchema(extensions: readonly string[], maxBytes: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      fileId: { type: 'string', minLength: 1, maxLength: 100 },
      name: { type: 'string', minLength: 1, maxLength: 255, pattern: fileNamePattern(extensions) },
      size: { type: 'integer', minimum: 0, maximum: maxBytes },
      contentType: { type: 'string', maxLength: 255 },
    },
    required: ['fileId', 'name', 'size'],
    additionalProperties: false,
  };
}

function matrixCellSchema(column: MatrixElement['columns'][number]): JsonSchema {
  switch (column.type) {
    case 'radio':
      return { const: true };
    case 'multichoice':
      return { type: 'boolean' };
    case 'dropdown':
      return optionEnum(column.options ?? []);
    case 'text':
      return text(1, FORM_LIMITS.matrixTextCellMaxLength);
  }
}

/** Rows pick at most one radio column (dependentSchemas), and exactly one when every cell is required. */
function matrixRowSchema(element: MatrixElement): JsonSchema {
  const radios = [...new Set(element.columns.filter((column) => column.type === 'radio').map((column) => column.id))];
  const schema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(element.columns.map((column) => [column.id, matrixCellSchema(column)])),
    additionalProperties: false,
  };
  if (radios.length > 1) {
    schema.dependentSchemas = Object.fromEntries(
      radios.map((id) => [
        id,
        { not: { anyOf: radios.filter((other) => other !== id).map((other) => ({ required: [other] })) } },
      ]),
    );
  }
  if (element.allCellsRequired) {
    schema.required = [
      ...new Set(element.columns.filter((column) => column.type !== 'radio').map((column) => column.id)),
    ];
    if (radios.length > 0) schema.anyOf = radios.map((id) => ({ required: [id] }));
  }
  return schema;
}

/**
 * One row schema shared by every row through additionalProperties + propertyNames, so Ajv generates the row's
 * code once instead of once per row (a 10 × 10 matrix would otherwise compile ten copies).
 */
function matrixSchema(element: MatrixElement): JsonSchema {
  const rowIds = [...new Set(element.rows.map((r) => r.id))];
  return {
    type: 'object',
    propertyNames: rowIds.length > 0 ? { enum: rowIds } : { not: {} },
    additionalProperties: matrixRowSchema(element),
    ...(element.allCellsRequired && rowIds.length > 0 ? { required: rowIds } : {}),
  };
}

export function buildElementAnswerSchema(element: FormElement): JsonSchema | null {
  const textBounds = getTextBounds(element);
  switch (element.type) {
    case 'heading':
    case 'statement':
    case 'divider':
    case 'image':
      return null;
    case 'fullName': {
      const name = text(1, FORM_LIMITS.nameMaxLength);
      return {
        type: 'object',
        properties: {
          ...(element.showPrefix ? { prefix: { enum: [...NAME_PREFIXES] } } : {}),
          first: name,
          ...(element.showMiddleName ? { middle: { type: 'string', maxLength: FORM_LIMITS.nameMaxLength } } : {}),
          last: name,
        },
        required: ['first', 'last'],
        additionalProperties: false,
      };
    }
    case 'sport':
      return selection(element, element.options ? optionEnum(element.options) : text(1, 100));
    case 'shortText':
      return element.inputFormat === 'phone'
        ? { ...text(textBounds!.minLength, Math.min(textBounds!.maxLength, 40)), pattern: PHONE_PATTERN }
        : text(textBounds!.minLength, textBounds!.maxLength);
    case 'studentId':
    case 'longText':
    case 'psaName':
      return text(textBounds!.minLength, textBounds!.maxLength);
    case 'academicStanding':
      // Stored as codes (FIRST_YEAR … TEN_PLUS_YEARS), like the athlete profile.
      return { enum: [...ACADEMIC_STANDINGS] };
    case 'dob':
      return { type: 'string', format: 'date' };
    case 'date':
      return {
        type: 'string',
        format: 'date',
        ...(element.limits?.minDate ? { formatMinimum: element.limits.minDate } : {}),
        ...(element.limits?.maxDate ? { formatMaximum: element.limits.maxDate } : {}),
      };
    case 'signature': {
      const modes = getSignatureModes(element);
      const branches = modes.map((mode) =>
        mode === 'drawn'
          ? {
              properties: {
                kind: { const: 'drawn' },
                image: { type: 'string', maxLength: FORM_LIMITS.signatureImageMaxLength, pattern: PNG_DATA_URL },
              },
              required: ['kind', 'image'],
              additionalProperties: false,
            }
          : {
              properties: { kind: { const: 'typed' }, text: text(1, FORM_LIMITS.nameMaxLength * 2) },
              required: ['kind', 'text'],
              additionalProperties: false,
            },
      );
      return { type: 'object', required: ['kind'], discriminator: { propertyName: 'kind' }, oneOf: branches };
    }
    case 'address': {
      const parts = getAddressParts(element);
      return {
        type: 'object',
        properties: Object.fromEntries(
          parts.map(({ part }) => [
            part,
            part === 'postal'
              ? { type: 'string', pattern: POSTAL_PATTERN }
              : part === 'street2'
                ? { type: 'string', maxLength: 200 }
                : text(1, 200),
          ]),
        ),
        required: parts.filter((setting) => setting.required).map((setting) => setting.part),
        additionalProperties: false,
      };
    }
    case 'dropdown':
    case 'multipleChoice':
    case 'checkbox':
      return selection(element, optionEnum(element.options));
    case 'radioButtons':
      return optionEnum(element.options);
    case 'attachment': {
      const bounds = getFileBounds(element)!;
      const file = fileSchema(bounds.accept, bounds.maxFileBytes);
      return isMultiple(element) ? { type: 'array', items: file, minItems: 1, maxItems: bounds.maxFiles } : file;
    }
    case 'scaleRating':
      return { type: 'integer', minimum: 1, maximum: element.ratings };
    case 'matrix':
      return matrixSchema(element);
    case 'websiteLink':
      return { type: 'string', maxLength: 2048, pattern: WEBSITE_URL_PATTERN };
    case 'legal':
      return { const: true };
    case 'time':
      return { type: 'string', pattern: TIME_PATTERN };
  }
}

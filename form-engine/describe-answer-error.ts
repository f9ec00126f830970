/**
 * Turns Ajv's errors into one readable message per element, using the catalogue's wording where it has one
 * (mandatory fields, links, zip codes, files) and plain sentences elsewhere.
 */
import { ERRORS, type ErrorCode } from '../domain/errors';
import type { AnswerError } from './answer-error';
import type { FormElement } from './form-definition';
import type { SchemaError } from './interpret-answer-schema';

const PART_NAMES: Record<string, string> = {
  first: 'first name',
  last: 'last name',
  middle: 'middle name',
  prefix: 'prefix',
  street: 'street',
  street2: 'street 2',
  city: 'city',
  state: 'state',
  postal: 'postal code',
  country: 'country',
  kind: 'signature',
  image: 'drawn signature',
  text: 'typed signature',
  fileId: 'file',
  name: 'file name',
  size: 'file size',
};

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function toMessage(code: ErrorCode, message: string = ERRORS[code].message): { code: ErrorCode; message: string } {
  return { code, message };
}

const mandatory = () => toMessage('MANDATORY_FIELD');
const invalid = (message: string) => toMessage('ANSWER_INVALID', message);

function plural(count: unknown, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function lastSegment(path: string): string {
  return unescapePointer(path.slice(path.lastIndexOf('/') + 1));
}

/** Names a matrix row, or row and column, by their labels for messages such as "Complete every cell". */
function matrixCellName(element: FormElement, path: string, missing?: string): string {
  if (element.type !== 'matrix') return 'cell';
  const [rowId, columnId] = path.split('/').filter(Boolean).map(unescapePointer);
  const rowKey = rowId ?? missing ?? '';
  const columnKey = rowId === undefined ? undefined : (columnId ?? missing);
  const row = element.rows.find((r) => r.id === rowKey)?.label ?? rowKey;
  if (columnKey === undefined) return `"${row}"`;
  const column = element.columns.find((c) => c.id === columnKey)?.label ?? columnKey;
  return `"${row}" / "${column}"`;
}

function describePattern(element: FormElement, path: string) {
  switch (element.type) {
    case 'websiteLink':
      return toMessage('INVALID_LINK');
    case 'shortText':
      return element.inputFormat === 'phone' ? toMessage('INVALID_PHONE') : mandatory();
    case 'time':
      return invalid('Enter a time as HH:MM (24-hour clock).');
    case 'address':
      return lastSegment(path) === 'postal' ? toMessage('INVALID_ZIP') : mandatory();
    case 'attachment':
      return toMessage('FILE_TYPE_NOT_ALLOWED');
    case 'signature':
      return lastSegment(path) === 'image' ? invalid('Draw your signature again.') : mandatory();
    default:
      return mandatory();
  }
}

function describeKeyword(element: FormElement, error: SchemaError, path: string) {
  const params = error.params as Record<string, unknown>;
  const limit = params.limit as number | string | undefined;
  // propertyNames (matrix rows) reports the bad key, not a bad value.
  if (error.propertyName !== undefined || error.keyword === 'propertyNames') {
    return invalid('This answer has a part the form does not ask for.');
  }
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      if (element.type === 'matrix') {
        // A missing radio column is the first branch of "pick one radio in this row", not a cell of its own.
        const isRadio = path !== '' && element.columns.some((c) => c.id === missing && c.type === 'radio');
        if (isRadio) return invalid(`Choose an option in row ${matrixCellName(element, path)}.`);
        return invalid(`Complete every cell: ${matrixCellName(element, path, missing)}.`);
      }
      return invalid(`Enter the ${PART_NAMES[missing] ?? missing}.`);
    }
    case 'minLength':
      return Number(limit) <= 1 ? mandatory() : invalid(`Enter at least ${limit} characters.`);
    case 'maxLength':
      return invalid(`Enter at most ${plural(limit, 'character')}.`);
    case 'pattern':
      return describePattern(element, path);
    case 'format':
      return invalid('Enter a valid date (YYYY-MM-DD).');
    case 'formatMinimum':
      return invalid(`Enter a date on or after ${limit}.`);
    case 'formatMaximum':
      return invalid(`Enter a date on or before ${limit}.`);
    case 'enum':
    case 'not':
      if (element.type === 'matrix' && error.keyword === 'not' && path.split('/').length === 2) {
        return invalid(`Choose only one option in row ${matrixCellName(element, path)}.`);
      }
      return invalid('Choose one of the listed options.');
    case 'const':
      return element.type === 'legal'
        ? invalid('Accept the terms to continue.')
        : invalid('Choose one of the listed options.');
    case 'anyOf':
      return invalid(`Choose an option in row ${matrixCellName(element, path)}.`);
    case 'minItems':
      if (element.type === 'attachment') return invalid('Attach at least one file.');
      return invalid(limit === 1 ? 'Select at least one option.' : `Select at least ${plural(limit, 'option')}.`);
    case 'maxItems':
      if (element.type === 'attachment') return toMessage('TOO_MANY_FILES', `Max ${plural(limit, 'file')}.`);
      return invalid(`Select at most ${plural(limit, 'option')}.`);
    case 'uniqueItems':
      return invalid(
        element.type === 'attachment' ? 'The same file is attached twice.' : 'Each option can be chosen once.',
      );
    case 'minimum':
    case 'maximum':
      if (element.type === 'attachment') return toMessage('FILE_TOO_LARGE');
      if (element.type === 'scaleRating') return invalid(`Choose a rating from 1 to ${element.ratings}.`);
      return invalid('This value is out of range.');
    case 'discriminator':
    case 'oneOf':
      return element.type === 'signature'
        ? invalid('Sign by drawing or typing your name.')
        : invalid('This answer is invalid.');
    case 'additionalProperties':
      return invalid('This answer has a part the form does not ask for.');
    case 'type':
      if (element.type === 'scaleRating') return invalid(`Choose a rating from 1 to ${element.ratings}.`);
      return invalid('This answer has the wrong type.');
    default:
      return toMessage('ANSWER_INVALID');
  }
}

/** An error of one element's validator, Ajv's or the interpreter's (its instancePath is relative to the answer). */
export function describeAnswerError(element: FormElement, error: SchemaError): AnswerError {
  return { elementId: element.id, path: error.instancePath, ...describeKeyword(element, error, error.instancePath) };
}

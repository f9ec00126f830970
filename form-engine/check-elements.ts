/** Per-element rules of part 2 §5 with the catalogue's codes: images, matrices, limits, links, option ids. */
import { createProblem, type DefinitionProblem } from './definition-problem';
import { getAddressParts, getSelectionBounds, getTextBounds } from './element-settings';
import type { ChoiceOption, FileRef, FormElement, MatrixElement } from './form-definition';
import { checkFileRef } from './file-rules';
import { FORM_LIMITS } from './limits';
import { isWebsiteUrl } from './text-rules';

function checkUniqueIds(element: FormElement, items: readonly { id: string }[], what: string): DefinitionProblem[] {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) {
      return [
        createProblem(
          'FORM_DEFINITION_INVALID',
          { elementId: element.id },
          `${what} ids must be unique within an element.`,
        ),
      ];
    }
    seen.add(item.id);
  }
  return [];
}

/** Empty: no options, or an option without a label. Too long: more than 50 options or a label over 100 characters. */
export function isMatrixDropdownOptionsValid(options: readonly ChoiceOption[] | undefined): boolean {
  if (!options || options.length === 0 || options.length > FORM_LIMITS.matrixDropdownMaxOptions) return false;
  return options.every(
    (option) => option.label.trim() !== '' && option.label.length <= FORM_LIMITS.matrixDropdownOptionMaxChars,
  );
}

function checkMatrix(element: MatrixElement): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (element.rows.length > FORM_LIMITS.matrixMaxRows || element.columns.length > FORM_LIMITS.matrixMaxColumns) {
    problems.push(createProblem('MATRIX_SIZE', { elementId: element.id }));
  }
  for (const column of element.columns) {
    if (column.type === 'dropdown' && !isMatrixDropdownOptionsValid(column.options)) {
      problems.push(createProblem('MATRIX_DROPDOWN_OPTIONS', { elementId: element.id }));
      break;
    }
  }
  problems.push(...checkUniqueIds(element, element.rows, 'Row'), ...checkUniqueIds(element, element.columns, 'Column'));
  for (const column of element.columns) {
    if (column.options) problems.push(...checkUniqueIds(element, column.options, 'Option'));
  }
  return problems;
}

function limitsProblem(element: FormElement, message: string): DefinitionProblem {
  return createProblem('FORM_LIMITS_INVALID', { elementId: element.id }, message);
}

function checkLimits(element: FormElement): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const text = getTextBounds(element);
  if (text && text.minLength > text.maxLength) {
    problems.push(limitsProblem(element, 'The minimum length is above the maximum length.'));
  }
  const selection = getSelectionBounds(element);
  if (selection) {
    const options = (element as { options?: ChoiceOption[] }).options;
    if (selection.maxItems !== undefined && selection.minItems > selection.maxItems) {
      problems.push(limitsProblem(element, 'The minimum number of selections is above the maximum.'));
    } else if (options && selection.minItems > options.length) {
      problems.push(limitsProblem(element, 'The minimum number of selections is above the number of options.'));
    }
  }
  if (element.type === 'date' && element.limits?.minDate && element.limits.maxDate) {
    if (element.limits.minDate > element.limits.maxDate) {
      problems.push(limitsProblem(element, 'The earliest date is after the latest date.'));
    }
  }
  return problems;
}

function checkImage(element: FormElement & { image: FileRef | null }): DefinitionProblem[] {
  if (!element.image) return [createProblem('IMAGE_NOT_ADDED', { elementId: element.id })];
  return checkFileRef(element.image, 'image').map((problem) => createProblem(problem.code, { elementId: element.id }));
}

export function checkElement(element: FormElement): DefinitionProblem[] {
  const problems = checkLimits(element);
  if ('options' in element && element.options) problems.push(...checkUniqueIds(element, element.options, 'Option'));
  switch (element.type) {
    case 'image':
      problems.push(...checkImage(element));
      break;
    case 'matrix':
      problems.push(...checkMatrix(element));
      break;
    case 'websiteLink':
      if (element.defaultValue !== undefined && element.defaultValue !== '' && !isWebsiteUrl(element.defaultValue)) {
        problems.push(createProblem('INVALID_LINK', { elementId: element.id }));
      }
      break;
    case 'address':
      if (getAddressParts(element).length === 0) {
        problems.push(
          createProblem('FORM_DEFINITION_INVALID', { elementId: element.id }, 'An address shows at least one part.'),
        );
      }
      break;
    default:
      break;
  }
  return problems;
}

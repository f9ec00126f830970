/**
 * The render model: what the renderer (react-hook-form) and the PDF writer need, with every default resolved so no
 * consumer re-derives a setting. Visibility is not baked in; the renderer calls evaluateConditions live.
 */
import { ACADEMIC_STANDING_LABELS } from '../domain/athletes';
import { findConditionallyVisible } from './build-answer-schema';
import {
  getAddressParts,
  getFileBounds,
  getSelectionBounds,
  getSignatureModes,
  getTextBounds,
  isMultiple,
  isRequiredSetting,
  type AddressPartSetting,
} from './element-settings';
import { isAnswerableType, NAME_PREFIXES, type DateFormat, type SignatureMode } from './element-types';
import type { ChoiceOption, FileRef, FormElement, FormKind, FormVersion } from './form-definition';

export interface InputHints {
  multiple: boolean;
  /** "Number of checkboxes or radios" and of list options. */
  optionCount?: number;
  choices?: readonly ChoiceOption[];
  minLength?: number;
  maxLength?: number;
  minSelections?: number;
  maxSelections?: number;
  accept?: readonly string[];
  maxFiles?: number;
  maxFileBytes?: number;
  dateFormat?: DateFormat;
  signatureModes?: readonly SignatureMode[];
  addressParts?: readonly AddressPartSetting[];
  prefixes?: readonly string[];
  min?: number;
  max?: number;
}

export type RenderElement = FormElement & {
  answerable: boolean;
  /** Required by its own settings; a require rule can add to it at fill time. */
  requiredSetting: boolean;
  /** A show or hide rule targets it, so the renderer must evaluate conditions to know whether to show it. */
  conditional: boolean;
  input: InputHints;
};

export interface RenderModel {
  formId: string;
  versionId: string;
  name: string;
  description?: string;
  kind: FormKind;
  pdfImport?: FileRef | null;
  elements: RenderElement[];
}

/** Stored codes (FIRST_YEAR …) shown with their labels (First Year … 10+ Years). */
const STANDING_CHOICES: ChoiceOption[] = Object.entries(ACADEMIC_STANDING_LABELS).map(([id, label]) => ({ id, label }));

function buildInputHints(element: FormElement): InputHints {
  const hints: InputHints = { multiple: isMultiple(element) };
  const text = getTextBounds(element);
  if (text) Object.assign(hints, text);
  const selection = getSelectionBounds(element);
  if (selection) {
    hints.minSelections = selection.minItems;
    if (selection.maxItems !== undefined) hints.maxSelections = selection.maxItems;
  }
  const files = getFileBounds(element);
  if (files) Object.assign(hints, { accept: files.accept, maxFiles: files.maxFiles, maxFileBytes: files.maxFileBytes });
  switch (element.type) {
    case 'sport':
    case 'dropdown':
    case 'multipleChoice':
    case 'checkbox':
    case 'radioButtons':
      if (element.options) Object.assign(hints, { choices: element.options, optionCount: element.options.length });
      break;
    case 'academicStanding':
      Object.assign(hints, { choices: STANDING_CHOICES, optionCount: STANDING_CHOICES.length });
      break;
    case 'dob':
    case 'date':
      hints.dateFormat = element.dateFormat ?? 'MM/DD/YYYY';
      break;
    case 'signature':
      hints.signatureModes = getSignatureModes(element);
      break;
    case 'address':
      hints.addressParts = getAddressParts(element);
      break;
    case 'fullName':
      if (element.showPrefix) hints.prefixes = NAME_PREFIXES;
      break;
    case 'scaleRating':
      Object.assign(hints, { min: 1, max: element.ratings });
      break;
    default:
      break;
  }
  return hints;
}

export function buildRenderModel(version: FormVersion): RenderModel {
  const conditional = findConditionallyVisible(version);
  return {
    formId: version.formId,
    versionId: version.id,
    name: version.name,
    ...(version.description !== undefined ? { description: version.description } : {}),
    kind: version.kind,
    ...(version.pdfImport !== undefined ? { pdfImport: version.pdfImport } : {}),
    elements: version.elements.map((element) => ({
      ...element,
      answerable: isAnswerableType(element.type),
      requiredSetting: isRequiredSetting(element),
      conditional: conditional.has(element.id),
      input: buildInputHints(element),
    })),
  };
}

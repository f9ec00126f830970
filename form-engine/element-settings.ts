/**
 * Effective settings of an element (defaults applied). The answer schema, the render model, prepopulation and the
 * definition checks all read settings through here, so the client and the server can never disagree on a default.
 */
import { ADDRESS_PARTS, SIGNATURE_MODES, type AddressPart, type SignatureMode } from './element-types';
import type { FormElement } from './form-definition';
import { ALLOWED_FILE_EXTENSIONS, FORM_LIMITS, type AllowedFileExtension } from './limits';

/** Whether the element's answer is a list (sport(s), multi-select dropdown / multiple choice, checkboxes, files). */
export function isMultiple(element: FormElement): boolean {
  switch (element.type) {
    case 'sport':
    case 'dropdown':
    case 'multipleChoice':
    case 'attachment':
      return element.multiple === true;
    case 'checkbox':
      return true;
    default:
      return false;
  }
}

/** `required`, or "at least one selection required" which implies it. */
export function isRequiredSetting(element: FormElement): boolean {
  if (!('required' in element) && !('atLeastOneSelection' in element)) return false;
  const settings = element as { required?: boolean; atLeastOneSelection?: boolean };
  return settings.required === true || settings.atLeastOneSelection === true;
}

export interface TextBounds {
  minLength: number;
  maxLength: number;
}

const DEFAULT_TEXT_MAX: Partial<Record<FormElement['type'], number>> = {
  shortText: FORM_LIMITS.shortTextDefaultMaxLength,
  longText: FORM_LIMITS.longTextDefaultMaxLength,
  studentId: FORM_LIMITS.studentIdMaxLength,
  psaName: FORM_LIMITS.nameMaxLength * 2,
};

/** Length bounds of a free-text answer; a given answer always has at least one character (blank means no answer). */
export function getTextBounds(element: FormElement): TextBounds | null {
  const defaultMax = DEFAULT_TEXT_MAX[element.type];
  if (defaultMax === undefined) return null;
  const limits = (element as { limits?: { minLength?: number; maxLength?: number } }).limits ?? {};
  return { minLength: Math.max(1, limits.minLength ?? 1), maxLength: limits.maxLength ?? defaultMax };
}

export interface SelectionBounds {
  minItems: number;
  maxItems?: number;
}

/** Bounds on the number of selections of a list answer (files excluded: see getFileBounds). */
export function getSelectionBounds(element: FormElement): SelectionBounds | null {
  if (element.type === 'attachment' || !isMultiple(element)) return null;
  const settings = element as {
    limits?: { minSelections?: number; maxSelections?: number };
    atLeastOneSelection?: boolean;
  };
  const min = Math.max(1, settings.limits?.minSelections ?? 1);
  const max = settings.limits?.maxSelections;
  return max === undefined ? { minItems: min } : { minItems: min, maxItems: max };
}

export interface FileBounds {
  maxFiles: number;
  accept: readonly AllowedFileExtension[];
  maxFileBytes: number;
}

export function getFileBounds(element: FormElement): FileBounds | null {
  if (element.type !== 'attachment') return null;
  return {
    maxFiles: element.multiple ? (element.limits?.maxFiles ?? FORM_LIMITS.maxFilesPerUpload) : 1,
    accept: element.allowedTypes ?? ALLOWED_FILE_EXTENSIONS,
    maxFileBytes: FORM_LIMITS.maxFileBytes,
  };
}

export interface AddressPartSetting {
  part: AddressPart;
  /** Street 2 is the only optional line of a shown address. */
  required: boolean;
}

export function getAddressParts(element: FormElement): AddressPartSetting[] {
  if (element.type !== 'address') return [];
  return ADDRESS_PARTS.filter((part) => element.parts?.[part] !== false).map((part) => ({
    part,
    required: part !== 'street2',
  }));
}

export function getSignatureModes(element: FormElement): readonly SignatureMode[] {
  return element.type === 'signature' && element.modes && element.modes.length > 0 ? element.modes : SIGNATURE_MODES;
}

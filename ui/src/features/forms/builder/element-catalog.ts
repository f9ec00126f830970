/**
 * How the builder names and groups the engine's element types. The palette shows every type of
 * form-engine/element-types.ts exactly once (a unit test checks it), so a new engine type cannot be forgotten here.
 */
import { isAnswerableType, type ElementType } from '../../../../../form-engine';

export const ELEMENT_LABELS: Record<ElementType, string> = {
  fullName: 'Full name',
  sport: 'Sport(s)',
  studentId: 'University student ID',
  academicStanding: 'Academic standing',
  dob: 'Date of birth',
  signature: 'Signature',
  date: 'Date',
  address: 'Address',
  heading: 'Heading',
  shortText: 'Short text',
  longText: 'Long text',
  statement: 'Statement',
  dropdown: 'Dropdown',
  multipleChoice: 'Multiple choice',
  checkbox: 'Checkboxes',
  radioButtons: 'Radio buttons',
  attachment: 'Attachment',
  image: 'Image',
  scaleRating: 'Scale rating',
  psaName: 'PSA name',
  matrix: 'Matrix',
  websiteLink: 'Website link',
  legal: 'Legal',
  divider: 'Divider',
  time: 'Time',
};

export interface PaletteGroup {
  title: string;
  types: readonly ElementType[];
}

export const PALETTE_GROUPS: readonly PaletteGroup[] = [
  { title: 'Person', types: ['fullName', 'sport', 'studentId', 'academicStanding', 'dob', 'psaName', 'address'] },
  { title: 'Text, dates and links', types: ['shortText', 'longText', 'date', 'time', 'websiteLink'] },
  { title: 'Choices', types: ['dropdown', 'multipleChoice', 'checkbox', 'radioButtons', 'scaleRating', 'matrix'] },
  { title: 'Files and signing', types: ['attachment', 'signature', 'legal'] },
  { title: 'Layout', types: ['heading', 'statement', 'image', 'divider'] },
];

/** A short form holds questions only: display-only elements are left out of its palette. */
export function selectPaletteGroups(kind: 'long' | 'short'): PaletteGroup[] {
  if (kind === 'long') return [...PALETTE_GROUPS];
  return PALETTE_GROUPS.map((group) => ({ ...group, types: group.types.filter(isAnswerableType) })).filter(
    (group) => group.types.length > 0,
  );
}

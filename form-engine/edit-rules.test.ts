import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors';
import { assertEditable } from './assert-editable';
import { diffVersions } from './diff-versions';
import type { FormElement, FormVersion } from './form-definition';
import { everyElementForm } from './testing/sample-forms';

const edit = (
  change: (version: FormVersion & { elements: Array<FormElement & Record<string, unknown>> }) => void,
): FormVersion => {
  const next = structuredClone(everyElementForm()) as FormVersion & {
    elements: Array<FormElement & Record<string, unknown>>;
  };
  change(next);
  return next;
};
const el = (version: FormVersion, id: string) =>
  version.elements.find((e) => e.id === id) as FormElement & Record<string, unknown>;

describe('diffVersions', () => {
  it('sees no change between equal versions, nor in the version id and number', () => {
    expect(diffVersions(everyElementForm(), everyElementForm({ id: 'v9', version: 9 })).changes).toEqual([]);
  });

  it.each<[string, (v: FormVersion) => void]>([
    ['an element label', (v) => (el(v, 'sid').label = 'Student number')],
    ['a tip', (v) => (el(v, 'name').tips = 'Legal name')],
    ['a new tip', (v) => (el(v, 'sid').tips = 'On your card')],
    ['a placeholder', (v) => (el(v, 'sid').placeholder = 'U…')],
    ['option wording', (v) => ((el(v, 'shirt').options as Array<{ label: string }>)[0]!.label = 'S')],
    [
      'matrix row and column wording',
      (v) => {
        (el(v, 'grid').rows as Array<{ label: string }>)[0]!.label = 'Knees';
        (el(v, 'grid').columns as Array<{ label: string }>)[4]!.label = 'Notes';
      },
    ],
    [
      'matrix dropdown option wording',
      (v) => ((el(v, 'grid').columns as Array<{ options?: Array<{ label: string }> }>)[3]!.options![0]!.label = 'Mild'),
    ],
    [
      'statement and legal text',
      (v) => {
        el(v, 'note').text = 'Private.';
        el(v, 'terms').text = 'New terms';
      },
    ],
    ['scale end texts', (v) => (el(v, 'health').lowestText = 'Poor')],
    ['image alt text', (v) => (el(v, 'logo').altText = 'Crest')],
    [
      'the form name and description',
      (v) => {
        v.name = 'Renamed';
        v.description = 'About';
      },
    ],
  ])('classifies %s as minor', (_, change) => {
    const diff = diffVersions(everyElementForm(), edit(change));
    expect(diff.hasMinorChanges).toBe(true);
    expect(diff.hasStructuralChanges).toBe(false);
  });

  it.each<[string, (v: FormVersion) => void]>([
    ['adding a question', (v) => v.elements.push({ id: 'new', type: 'shortText', dataLabel: 'New', label: 'New' })],
    ['removing a question', (v) => v.elements.splice(2, 1)],
    ['reordering questions', (v) => v.elements.reverse()],
    ['changing a type', (v) => (el(v, 'about').type = 'shortText')],
    ['changing a data label', (v) => (el(v, 'sid').dataLabel = 'SID')],
    ['making a question required', (v) => (el(v, 'sid').required = true)],
    ['changing limits', (v) => (el(v, 'sid').limits = { maxLength: 3 })],
    ['adding an option', (v) => (el(v, 'shirt').options as unknown[]).push({ id: 'xl', label: 'XL' })],
    ['reordering options', (v) => (el(v, 'shirt').options as unknown[]).reverse()],
    ['changing an option id', (v) => ((el(v, 'shirt').options as Array<{ id: string }>)[0]!.id = 'small')],
    ['turning on multiple selection', (v) => (el(v, 'shirt').multiple = true)],
    ['changing a matrix column type', (v) => ((el(v, 'grid').columns as Array<{ type: string }>)[4]!.type = 'radio')],
    ['replacing the image', (v) => (el(v, 'logo').image = { fileId: 'img2', name: 'new.png', size: 1 })],
    ['changing a condition value', (v) => ((v.conditions[0]!.when.conditions[0] as { value: number }).value = 21)],
    ['removing a condition', (v) => v.conditions.pop()],
    ['switching to a short form', (v) => (v.kind = 'short')],
  ])('classifies %s as structural', (_, change) => {
    expect(diffVersions(everyElementForm(), edit(change)).hasStructuralChanges).toBe(true);
  });

  it('names the element and path of each change', () => {
    const diff = diffVersions(
      everyElementForm(),
      edit((v) => {
        el(v, 'sid').label = 'Student number';
        el(v, 'sid').required = true;
      }),
    );
    expect(diff.changes).toEqual([
      { kind: 'minor', path: '/elements/sid/label', elementId: 'sid', description: 'Reworded label' },
      { kind: 'structural', path: '/elements/sid/required', elementId: 'sid', description: 'Changed required' },
    ]);
  });
});

describe('assertEditable', () => {
  const reworded = edit((v) => (el(v, 'sid').label = 'Student number'));
  const restructured = edit((v) => v.elements.reverse());

  it('accepts any edit of a version that is not frozen', () => {
    expect(assertEditable(false, everyElementForm(), restructured).hasStructuralChanges).toBe(true);
  });

  it('accepts minor edits of a frozen version', () => {
    expect(assertEditable(true, everyElementForm(), reworded).hasMinorChanges).toBe(true);
  });

  it('refuses a structural edit of a frozen version with FORM_FROZEN, saying to clone', () => {
    try {
      assertEditable(true, everyElementForm(), restructured);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      const appError = error as AppError;
      expect(appError.code).toBe('FORM_FROZEN');
      expect(appError.status).toBe(409);
      expect(appError.message).toBe(
        'This form is published or has answers: only minor edits are allowed. Clone it to change its structure.',
      );
      expect(appError.details?.[0]).toMatchObject({ code: 'FORM_FROZEN', field: '/elements' });
    }
  });
});

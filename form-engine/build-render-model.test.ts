/** Every element setting reaches the renderer with its default resolved. */
import { describe, expect, it } from 'vitest';
import { compileForm } from './compile-form';
import type { RenderElement } from './build-render-model';
import { everyElementForm } from './testing/sample-forms';

const model = compileForm(everyElementForm()).renderModel;
const element = (id: string) =>
  model.elements.find((candidate) => candidate.id === id) as RenderElement & Record<string, unknown>;

describe('render model', () => {
  it('keeps the form and every element in order', () => {
    expect(model).toMatchObject({ formId: 'f1', versionId: 'v1', name: 'Athlete medical history', kind: 'long' });
    expect(model.elements.map((e) => e.id)).toEqual(everyElementForm().elements.map((e) => e.id));
  });

  it('marks display-only elements, required settings and conditional elements', () => {
    expect(element('title').answerable).toBe(false);
    expect(element('terms').answerable).toBe(true);
    expect(element('name').requiredSetting).toBe(true);
    expect(element('consents').requiredSetting).toBe(true); // at least one selection required
    expect(element('guardian').conditional).toBe(true);
    expect(element('name').conditional).toBe(false);
  });

  it('passes placeholder, tips and pre-populate flags through', () => {
    expect(element('sid').placeholder).toBe('e.g. U1234567');
    expect(element('name').tips).toBe('As on your ID');
    expect(element('name').prepopulate).toBe(true);
  });

  it('resolves limits: text lengths, selections, files', () => {
    expect(element('sid').input).toMatchObject({ minLength: 5, maxLength: 12 });
    expect(element('guardian').input).toMatchObject({ minLength: 1, maxLength: 255 });
    expect(element('about').input.maxLength).toBe(500);
    expect(element('diet').input).toMatchObject({ multiple: true, minSelections: 1, maxSelections: 2 });
    expect(element('files').input).toMatchObject({ multiple: true, maxFiles: 3, maxFileBytes: 20 * 1024 * 1024 });
    expect(element('files').input.accept).toContain('pptx');
  });

  it('gives the number of checkboxes or radios and the choices', () => {
    expect(element('consents').input.optionCount).toBe(2);
    expect(element('transport').input).toMatchObject({ multiple: false, optionCount: 2 });
    expect(element('standing').input.choices?.map((c) => c.label)).toEqual([
      'First Year',
      'Second Year',
      'Third Year',
      'Fourth Year',
      'Fifth Year',
      'Sixth Year',
      'Seventh Year',
      'Eighth Year',
      'Ninth Year',
      'Tenth Year',
      '10+ Years',
    ]);
  });

  it('resolves date formats (MM/DD/YYYY by default) and autofill', () => {
    expect(element('dob').input.dateFormat).toBe('MM/DD/YYYY');
    expect(element('signed').input.dateFormat).toBe('DD/MM/YYYY');
    expect(element('signed').autofillToday).toBe(true);
  });

  it('lists shown address parts, signature modes, name prefixes, scale ends, matrix options', () => {
    expect(element('home').input.addressParts?.map((p) => p.part)).toEqual([
      'street',
      'street2',
      'city',
      'state',
      'postal',
    ]);
    expect(element('home').input.addressParts?.find((p) => p.part === 'street2')?.required).toBe(false);
    expect(element('sig').input.signatureModes).toEqual(['drawn', 'typed']);
    expect(element('name').input.prefixes).toContain('Dr.');
    expect(element('health').input).toMatchObject({ min: 1, max: 5 });
    expect(element('health')).toMatchObject({ lowestText: 'Bad', highestText: 'Great' });
    expect(element('grid')).toMatchObject({ hideHeaders: false, allCellsRequired: true });
  });
});

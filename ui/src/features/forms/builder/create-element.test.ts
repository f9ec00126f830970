import { describe, expect, it } from 'vitest';
import { checkDefinition, ELEMENT_TYPES, validateDefinitionShape, type FormElement } from '../../../../../form-engine';
import { createElement, makeRandomId } from './create-element';
import { isDerivedDataLabel, uniqueDataLabel } from './data-labels';
import { emptyDraft, sequentialIds } from './test-helpers';

describe('createElement', () => {
  it.each(ELEMENT_TYPES)('creates a %s that the engine accepts', (type) => {
    const element = createElement(type, [], sequentialIds());
    const draft = { ...emptyDraft(), elements: [element] };
    expect(validateDefinitionShape(draft)).toEqual([]);
    const problems = checkDefinition(draft).map((p) => p.code);
    // An image needs its picture before saving: "Image not added for image element".
    expect(problems).toEqual(type === 'image' ? ['IMAGE_NOT_ADDED'] : []);
  });

  it('gives every element of a full form a unique id and data label', () => {
    const elements: FormElement[] = [];
    for (const type of [...ELEMENT_TYPES, ...ELEMENT_TYPES]) elements.push(createElement(type, elements));
    expect(new Set(elements.map((e) => e.id)).size).toBe(elements.length);
    expect(new Set(elements.map((e) => e.dataLabel.toLowerCase())).size).toBe(elements.length);
  });

  it('starts choice elements with three options and a matrix with two rows and two radio columns', () => {
    const dropdown = createElement('dropdown', [], sequentialIds());
    expect(dropdown.type === 'dropdown' && dropdown.options.map((o) => o.label)).toEqual([
      'Option 1',
      'Option 2',
      'Option 3',
    ]);
    const matrix = createElement('matrix', [], sequentialIds());
    expect(matrix.type === 'matrix' && matrix.columns.map((c) => c.type)).toEqual(['radio', 'radio']);
    expect(matrix.type === 'matrix' && matrix.rows).toHaveLength(2);
  });

  it('makes ids that fit the engine pattern', () => {
    expect(makeRandomId('el')).toMatch(/^el_[0-9a-f]{12}$/);
  });
});

describe('data labels', () => {
  const withLabels = (...labels: string[]) =>
    labels.map((dataLabel, i) => ({ id: `e${i}`, type: 'shortText', label: dataLabel, dataLabel }) as FormElement);

  it('numbers a label that is taken, ignoring case and spaces', () => {
    expect(uniqueDataLabel('Email', withLabels('email ', 'Email 2'))).toBe('Email 3');
    expect(uniqueDataLabel('Phone', withLabels('Email'))).toBe('Phone');
  });

  it('lets an element keep its own label when renamed', () => {
    expect(uniqueDataLabel('Email', withLabels('Email'), 'e0')).toBe('Email');
  });

  it('falls back to "Field" for a blank label', () => {
    expect(uniqueDataLabel('  ', [])).toBe('Field');
  });

  it('recognises a data label derived from the label', () => {
    expect(isDerivedDataLabel('Short text', 'Short text')).toBe(true);
    expect(isDerivedDataLabel('short text 3', 'Short text')).toBe(true);
    expect(isDerivedDataLabel('email_address', 'Short text')).toBe(false);
    expect(isDerivedDataLabel('Short text x', 'Short text')).toBe(false);
  });
});

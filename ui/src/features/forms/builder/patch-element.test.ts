import { describe, expect, it } from 'vitest';
import type { ShortTextElement } from '../../../../../form-engine';
import { compactLimits, patchElement, toOptionalNumber } from './patch-element';

describe('patchElement', () => {
  const element: ShortTextElement = { id: 'a', type: 'shortText', dataLabel: 'A', label: 'A', placeholder: 'x' };

  it('sets settings and removes cleared ones', () => {
    expect(patchElement(element, { required: true, placeholder: undefined })).toEqual({
      id: 'a',
      type: 'shortText',
      dataLabel: 'A',
      label: 'A',
      required: true,
    });
  });

  it('compacts limits', () => {
    expect(compactLimits({ minLength: undefined, maxLength: 10 })).toEqual({ maxLength: 10 });
    expect(compactLimits({ minLength: undefined })).toBeUndefined();
  });

  it('reads a cleared number input as no value', () => {
    expect(toOptionalNumber('')).toBeUndefined();
    expect(toOptionalNumber(3)).toBe(3);
  });
});

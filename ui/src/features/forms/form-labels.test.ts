import { describe, expect, it } from 'vitest';
import { browserToday, formBuilderPath, formDetailPath } from './form-labels';

describe('form paths', () => {
  it('sends short forms to their own detail page and builder', () => {
    expect(formDetailPath({ id: 'a b', kind: 'SHORT' })).toBe('/shortFormDetail/a%20b');
    expect(formDetailPath({ id: 'f1', kind: 'LONG' })).toBe('/formDetail/f1');
    expect(formDetailPath({ id: 'f1', kind: 'PDF' })).toBe('/formDetail/f1');
    expect(formBuilderPath({ id: 'f1', kind: 'SHORT' })).toBe('/createForm/shortFormBuilder?formId=f1');
    expect(formBuilderPath({ id: 'f1', kind: 'LONG' })).toBe('/createEditForm/longFormBuilder?formId=f1');
    expect(formBuilderPath({ id: 'f1', kind: 'PDF' })).toBe('/createEditForm/longFormBuilder?formId=f1');
  });

  it('reads the browser calendar date as YYYY-MM-DD', () => {
    expect(browserToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

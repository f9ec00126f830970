import { describe, expect, it } from 'vitest';
import { browserToday, formBuilderPath, formDetailPath, shortFormId } from './form-labels';

// fixed-date fixture: browserToday is given its now.

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

describe('form ids in the list', () => {
  it('tells apart ids that share their first eight characters', () => {
    const medical = shortFormId('6f1e2c3a-0b4d-4e5f-8a9b-0c1d2e3f4a01');
    const contact = shortFormId('6f1e2c3a-0b4d-4e5f-8a9b-0c1d2e3f4a03');
    expect(medical).not.toBe(contact);
    expect(medical).toBe('0c1d2e3f4a01');
    expect(shortFormId('plain')).toBe('plain');
  });
});

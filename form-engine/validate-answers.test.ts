import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors';
import { compileForm } from './compile-form';
import type { FormElement } from './form-definition';
import { formWith, validate } from './testing/form-helpers';
import { everyElementAnswers, everyElementForm, TODAY } from './testing/sample-forms';

// fixed-date fixture: validation is given its today.

describe('validating a submission', () => {
  const form = everyElementForm();

  it('accepts a complete submission of the form with every element type', () => {
    const result = validate(form, everyElementAnswers());
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('rejects an answer to a hidden element (the guardian question of an adult)', () => {
    const result = validate(form, { ...everyElementAnswers(), guardian: 'Mom' });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        elementId: 'guardian',
        path: '',
        code: 'HIDDEN_ELEMENT_ANSWERED',
        message: 'This question is hidden, so it cannot be answered.',
      },
    ]);
  });

  it('a hidden element is not required, even when a require rule holds', () => {
    const result = validate(form, everyElementAnswers());
    expect(result.visible.has('guardian')).toBe(false);
    expect(result.required.has('guardian')).toBe(false);
  });

  it('a conditionally required element is required once shown (a minor must name a guardian)', () => {
    const answers = { ...everyElementAnswers(), dob: '2010-01-01' };
    expect(validate(form, answers).errors).toEqual([
      { elementId: 'guardian', path: '', code: 'MANDATORY_FIELD', message: 'Mandatory fields cannot be empty.' },
    ]);
    expect(validate(form, { ...answers, guardian: 'Mom' }).valid).toBe(true);
  });

  it('an answer to an element hidden by a hide rule is refused; without it the element is not required', () => {
    const answers: Record<string, unknown> = { ...everyElementAnswers(), health: 5 };
    expect(validate(form, answers).errors.map((error) => [error.elementId, error.code])).toEqual([
      ['grid', 'HIDDEN_ELEMENT_ANSWERED'],
    ]);
    const { grid: _grid, ...withoutGrid } = answers;
    expect(validate(form, withoutGrid).valid).toBe(true);
  });

  it('blank answers count as not given: no hidden-answer error for an empty hidden field', () => {
    const result = validate(form, { ...everyElementAnswers(), guardian: '', about: '   ', diet: [], terms: true });
    expect(result.valid).toBe(true);
    expect(result.answers).not.toHaveProperty('guardian');
    expect(result.answers).not.toHaveProperty('diet');
  });

  it('an unticked acknowledgement (false) of a required legal element is a missing answer', () => {
    expect(validate(form, { ...everyElementAnswers(), terms: false }).errors[0]).toMatchObject({
      elementId: 'terms',
      code: 'MANDATORY_FIELD',
    });
  });

  it('"at least one selection required" makes a checkbox group required', () => {
    const { consents: _consents, ...answers } = everyElementAnswers();
    expect(validate(form, answers).errors[0]).toMatchObject({ elementId: 'consents', code: 'MANDATORY_FIELD' });
  });

  it('refuses answers to unknown or display-only elements', () => {
    const errors = validate(form, { ...everyElementAnswers(), title: 'x', zzz: 1 }).errors;
    expect(errors.map((error) => [error.elementId, error.message])).toEqual([
      ['title', 'This element shows information only and takes no answer.'],
      ['zzz', 'This question is not on the form.'],
    ]);
  });

  it('lists one error per element, in form order', () => {
    const errors = validate(form, { name: { first: 'A' }, arrival: '99:99', site: 'nope', sid: 'x' }).errors;
    const ids = errors.map((error) => error.elementId);
    expect(ids).toEqual(['name', 'sid', 'dob', 'sig', 'consents', 'transport', 'site', 'terms', 'arrival']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses a DOB after the form-filling date', () => {
    const error = validate(form, { ...everyElementAnswers(), dob: '2026-03-16' }).errors.find(
      (e) => e.elementId === 'dob',
    );
    expect(error).toMatchObject({ code: 'ANSWER_INVALID', message: 'Date of birth cannot be in the future.' });
    expect(
      validate(form, { ...everyElementAnswers(), dob: TODAY, guardian: 'Mom' }).errors.map((e) => e.elementId),
    ).toEqual([]);
  });

  it('treats a "__proto__" key from JSON as an unknown question, not as the prototype', () => {
    const answers = JSON.parse(
      JSON.stringify(everyElementAnswers()).replace(/^\{/, '{"__proto__":{"polluted":true},'),
    ) as Record<string, unknown>;
    expect(validate(form, answers).errors).toEqual([
      { elementId: '__proto__', path: '', code: 'ANSWER_INVALID', message: 'This question is not on the form.' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses answers that are not an object', () => {
    for (const answers of [null, [], 'x', 3]) {
      const result = compileForm(form).validate(answers, { today: TODAY });
      expect(result.valid).toBe(false);
      expect(result.errors[0]).toMatchObject({ elementId: null, code: 'ANSWER_INVALID' });
    }
  });

  it('needs the form-filling date', () => {
    expect(() => compileForm(form).validate({}, { today: '15/03/2026' })).toThrow(RangeError);
  });

  it('assertValid returns the stored answers or throws VALIDATION_FAILED with a detail per element', () => {
    const compiled = compileForm(form);
    expect(compiled.assertValid({ ...everyElementAnswers(), about: '' }, { today: TODAY })).not.toHaveProperty('about');
    try {
      compiled.assertValid({ ...everyElementAnswers(), site: 'ftp://x' }, { today: TODAY });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).toBody()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are missing or invalid.',
          details: [{ code: 'INVALID_LINK', message: 'Link must be http or https.', field: 'site' }],
        },
      });
    }
  });

  it('holds a phone field to 10 digits with the catalogue wording (issue 35: "512555" was accepted)', () => {
    const phoneForm = formWith([
      { id: 'phone', type: 'shortText', dataLabel: 'phone', label: 'Phone number', inputFormat: 'phone' },
      { id: 'note', type: 'shortText', dataLabel: 'note', label: 'Note' },
    ]);
    const refused = {
      elementId: 'phone',
      path: '',
      code: 'INVALID_PHONE',
      message: 'Phone number must have 10 digits.',
    };
    for (const bad of ['512555', '51255501011', '512-555-01O1', '+1 512 555 0101 x']) {
      expect(validate(phoneForm, { phone: bad }).errors, bad).toEqual([refused]);
    }
    for (const good of ['5125550101', '(512) 555-0101', '512.555.0101', '512 555 0101']) {
      expect(validate(phoneForm, { phone: good }).valid, good).toBe(true);
    }
    // A plain short text keeps taking any text; an optional phone may stay empty.
    expect(validate(phoneForm, { note: '512555', phone: '' }).valid).toBe(true);
  });

  it('a require rule makes an optional question mandatory while it holds', () => {
    const elements: FormElement[] = [
      {
        id: 'plays',
        type: 'radioButtons',
        dataLabel: 'plays',
        label: 'Do you play?',
        options: [
          { id: 'y', label: 'Yes' },
          { id: 'n', label: 'No' },
        ],
      },
      { id: 'which', type: 'shortText', dataLabel: 'which', label: 'Which sport?' },
    ];
    const version = formWith(elements, [
      {
        id: 'r',
        action: 'require',
        target: 'which',
        when: { combinator: 'and', conditions: [{ element: 'plays', operator: 'equals', value: 'y' }] },
      },
    ]);
    expect(validate(version, { plays: 'n' }).valid).toBe(true);
    expect(validate(version, { plays: 'y' }).errors[0]).toMatchObject({ elementId: 'which', code: 'MANDATORY_FIELD' });
  });
});

import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../../form-engine';
import { everyElementAnswers, everyElementForm, TODAY } from '../../../../form-engine/testing/sample-forms';
import {
  createEngineResolver,
  FORM_ERROR_FIELD,
  prepareSubmission,
  splitServerErrors,
  toFieldErrors,
} from './engine-resolver';
import { toAnswers, toElementId, toFieldName, toFormValues } from './field-names';

const resolverOptions = { shouldUseNativeValidation: false, fields: {} } as never;

describe('field names', () => {
  it('encodes dots so react-hook-form does not read them as paths, and decodes them back', () => {
    expect(toFieldName('medical.history')).toBe('medical~history');
    expect(toElementId('medical~history')).toBe('medical.history');
    expect(toFieldName('plain_id:1-a')).toBe('plain_id:1-a');
    const answers = { 'a.b': 1, c: 'x' };
    expect(toAnswers(toFormValues(answers))).toEqual(answers);
  });
});

describe('prepareSubmission', () => {
  const compiled = compileForm(everyElementForm());

  it('drops blanks, display-only and unknown ids, and answers of hidden elements', () => {
    const answers = {
      ...everyElementAnswers(),
      guardian: 'Pat', // shown only under 18: the sample person is an adult
      title: 'heading answer', // display-only
      ghost: 'from an older version',
      about: '   ',
    };
    const submission = prepareSubmission(compiled, answers, TODAY);
    expect(submission).not.toHaveProperty('guardian');
    expect(submission).not.toHaveProperty('title');
    expect(submission).not.toHaveProperty('ghost');
    expect(submission).not.toHaveProperty('about');
    expect(submission.name).toEqual(everyElementAnswers().name);
  });

  it('keeps an answer once its element is shown (guardian for a minor)', () => {
    const answers = { ...everyElementAnswers(), dob: '2012-01-01', guardian: 'Pat' };
    expect(prepareSubmission(compiled, answers, TODAY).guardian).toBe('Pat');
  });

  it('drops the grid when the rating hides it', () => {
    const answers = { ...everyElementAnswers(), health: 5 };
    expect(prepareSubmission(compiled, answers, TODAY)).not.toHaveProperty('grid');
  });
});

describe('toFieldErrors', () => {
  it('keys the first error of each element by field name and puts form-level errors aside', () => {
    const errors = toFieldErrors([
      { elementId: 'a.b', path: '', code: 'MANDATORY_FIELD', message: 'Mandatory fields cannot be empty.' },
      { elementId: 'a.b', path: '', code: 'ANSWER_INVALID', message: 'second' },
      { elementId: null, path: '', code: 'ANSWER_INVALID', message: 'Answers must be an object.' },
    ]);
    expect(errors).toEqual({
      'a~b': { type: 'MANDATORY_FIELD', message: 'Mandatory fields cannot be empty.' },
      [FORM_ERROR_FIELD]: { type: 'ANSWER_INVALID', message: 'Answers must be an object.' },
    });
  });
});

describe('createEngineResolver', () => {
  const compiled = compileForm(everyElementForm());
  const resolve = createEngineResolver(compiled, TODAY);

  it('accepts the sample answers and returns what would be stored', async () => {
    const values = toFormValues({ ...everyElementAnswers(), guardian: 'hidden for adults' });
    const result = await resolve(values, undefined, resolverOptions);
    expect(result.errors).toEqual({});
    expect(result.values).not.toHaveProperty('guardian');
    expect(result.values).toHaveProperty('sig');
  });

  it('maps the engine errors to the elements, with the catalogue wording', async () => {
    const answers: Record<string, unknown> = { ...everyElementAnswers(), site: 'not a link', dob: '2012-01-01' };
    delete answers.transport;
    const result = await resolve(toFormValues(answers), undefined, resolverOptions);
    expect(result.values).toEqual({});
    expect(result.errors.transport?.message).toBe('Mandatory fields cannot be empty.');
    expect(result.errors.site?.type).toBe('INVALID_LINK');
    // The guardian became visible (a minor) and is required by a rule.
    expect(result.errors.guardian?.type).toBe('MANDATORY_FIELD');
  });

  it('agrees with the engine on which elements are invalid', async () => {
    const answers = { name: { first: 'Ana' }, sid: 'U1', health: 9 };
    const result = await resolve(toFormValues(answers), undefined, resolverOptions);
    const engine = compiled.validate(prepareSubmission(compiled, answers, TODAY), { today: TODAY });
    expect(Object.keys(result.errors).sort()).toEqual(engine.errors.map((e) => e.elementId).sort());
  });
});

describe('element ids with dots', () => {
  it('round-trips through the resolver under encoded field names', async () => {
    const compiled = compileForm({
      id: 'v-dots',
      formId: 'f-dots',
      version: 1,
      name: 'Dots',
      kind: 'long',
      conditions: [],
      elements: [{ id: 'med.history', type: 'shortText', dataLabel: 'History', label: 'History', required: true }],
    });
    const resolve = createEngineResolver(compiled, TODAY);
    const missing = await resolve({}, undefined, resolverOptions);
    expect(missing.errors['med~history']?.type).toBe('MANDATORY_FIELD');
    const given = await resolve(toFormValues({ 'med.history': 'none' }), undefined, resolverOptions);
    expect(toAnswers(given.values)).toEqual({ 'med.history': 'none' });
  });
});

describe('splitServerErrors', () => {
  it('keeps errors of elements on screen inline and lists the others', () => {
    const split = splitServerErrors(
      [
        { elementId: 'name', message: 'A' },
        { elementId: 'guardian', message: 'B' },
        { elementId: null, message: 'C' },
      ],
      new Set(['name']),
    );
    expect(split.inline).toEqual([{ elementId: 'name', message: 'A' }]);
    expect(split.other.map((e) => e.message)).toEqual(['B', 'C']);
  });
});

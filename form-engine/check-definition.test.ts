import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors';
import { assertDefinitionValid, checkDefinition } from './check-definition';
import type { ConditionRule, FormElement, FormVersion, MatrixElement } from './form-definition';
import { everyElementForm, denseConditionForm } from './testing/sample-forms';

// fixed-date fixture: definition checks compare the limits and rule values they are given; no clock is read.

const codes = (version: FormVersion) => checkDefinition(version).map((problem) => problem.code);
const withElements = (...elements: FormElement[]) =>
  everyElementForm({ elements: [...everyElementForm().elements, ...elements], conditions: [] });
const rule = (target: string, element: string, operator: string, value?: unknown, action = 'show'): ConditionRule =>
  ({
    id: `r-${target}-${element}-${operator}`,
    action,
    target,
    when: { combinator: 'and', conditions: [{ element, operator, ...(value !== undefined ? { value } : {}) }] },
  }) as ConditionRule;
const matrix = (extra: Partial<MatrixElement>): MatrixElement => ({
  id: 'm',
  type: 'matrix',
  dataLabel: 'Matrix',
  label: 'Matrix',
  rows: [{ id: 'r', label: 'R' }],
  columns: [{ id: 'c', label: 'C', type: 'text' }],
  ...extra,
});

describe('checkDefinition', () => {
  it('finds nothing wrong with the sample form', () => {
    expect(checkDefinition(everyElementForm())).toEqual([]);
  });

  it('form name is mandatory and at most 20 words', () => {
    expect(codes(everyElementForm({ name: '  ' }))).toEqual(['FORM_NAME_REQUIRED']);
    expect(codes(everyElementForm({ name: Array(20).fill('word').join(' ') }))).toEqual([]);
    expect(checkDefinition(everyElementForm({ name: Array(21).fill('word').join(' ') }))).toEqual([
      { code: 'FORM_NAME_TOO_LONG', message: 'Form name max 20 words.' },
    ]);
  });

  it('field (data) labels must be unique, trimmed and case-insensitive', () => {
    const problems = checkDefinition(
      withElements({ id: 'dup', type: 'shortText', dataLabel: ' name ', label: 'Again' }),
    );
    expect(problems).toEqual([
      {
        code: 'FORM_LABEL_NOT_UNIQUE',
        elementId: 'dup',
        message: 'Field label must be unique: " name " is used twice.',
      },
    ]);
  });

  it('element ids must be unique', () => {
    expect(codes(withElements({ id: 'sid', type: 'shortText', dataLabel: 'Other', label: 'x' }))).toEqual([
      'FORM_ELEMENT_ID_NOT_UNIQUE',
    ]);
  });

  it('an image element needs an image, of an image type, of at most 20 MB', () => {
    const image = (file: unknown) =>
      ({ id: 'img', type: 'image', dataLabel: 'Img', label: '', image: file }) as FormElement;
    expect(checkDefinition(withElements(image(null)))).toEqual([
      { code: 'IMAGE_NOT_ADDED', elementId: 'img', message: 'Image not added for image element.' },
    ]);
    expect(codes(withElements(image({ fileId: 'f', name: 'big.png', size: 20 * 1024 * 1024 + 1 })))).toEqual([
      'FILE_TOO_LARGE',
    ]);
    expect(codes(withElements(image({ fileId: 'f', name: 'ok.png', size: 20 * 1024 * 1024 })))).toEqual([]);
    expect(codes(withElements(image({ fileId: 'f', name: 'doc.pdf', size: 10 })))).toEqual(['FILE_TYPE_NOT_ALLOWED']);
  });

  it('a PDF import is a PDF of at most 20 MB', () => {
    expect(
      codes(
        everyElementForm({ pdfImport: { fileId: 'p', name: 'form.pdf', size: 1000, contentType: 'application/pdf' } }),
      ),
    ).toEqual([]);
    expect(codes(everyElementForm({ pdfImport: { fileId: 'p', name: 'form.pdf', size: 21 * 1024 * 1024 } }))).toEqual([
      'FILE_TOO_LARGE',
    ]);
    expect(codes(everyElementForm({ pdfImport: { fileId: 'p', name: 'form.docx', size: 10 } }))).toEqual([
      'FILE_TYPE_NOT_ALLOWED',
    ]);
  });

  it('matrix rows and columns are 0 to 10', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, label: `Row ${i}` }));
    const columns = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `c${i}`, label: `Col ${i}`, type: 'text' as const }));
    expect(codes(withElements(matrix({ rows: [], columns: [] })))).toEqual([]);
    expect(codes(withElements(matrix({ rows: rows(10), columns: columns(10) })))).toEqual([]);
    expect(codes(withElements(matrix({ rows: rows(11) })))).toEqual(['MATRIX_SIZE']);
    expect(codes(withElements(matrix({ columns: columns(11) })))).toEqual(['MATRIX_SIZE']);
  });

  it('matrix dropdown options can be neither empty nor too long (a label over 100 characters, over 50 options)', () => {
    const dropdown = (options: Array<{ id: string; label: string }> | undefined) =>
      matrix({ columns: [{ id: 'd', label: 'D', type: 'dropdown', ...(options ? { options } : {}) }] });
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `o${i}`, label: `Option ${i}` }));
    expect(codes(withElements(dropdown([{ id: 'a', label: 'A' }])))).toEqual([]);
    expect(codes(withElements(dropdown([{ id: 'a', label: 'x'.repeat(100) }])))).toEqual([]);
    expect(codes(withElements(dropdown(many(50))))).toEqual([]);
    for (const bad of [undefined, [], [{ id: 'a', label: ' ' }], [{ id: 'a', label: 'x'.repeat(101) }], many(51)]) {
      expect(checkDefinition(withElements(dropdown(bad)))).toEqual([
        { code: 'MATRIX_DROPDOWN_OPTIONS', elementId: 'm', message: 'Matrix dropdown options empty or too long.' },
      ]);
    }
  });

  it('matrix row, column and option ids are unique within the matrix', () => {
    expect(
      codes(
        withElements(
          matrix({
            rows: [
              { id: 'r', label: 'A' },
              { id: 'r', label: 'B' },
            ],
          }),
        ),
      ),
    ).toEqual(['FORM_DEFINITION_INVALID']);
  });

  it('a short form holds at most 10 questions (display-only elements do not count)', () => {
    const question = (i: number): FormElement => ({
      id: `q${i}`,
      type: 'shortText',
      dataLabel: `Q${i}`,
      label: `Q${i}`,
    });
    const heading: FormElement = { id: 'h', type: 'heading', dataLabel: 'H', label: 'H' };
    const short = (n: number) =>
      everyElementForm({
        kind: 'short',
        conditions: [],
        elements: [heading, ...Array.from({ length: n }, (_, i) => question(i))],
      });
    expect(codes(short(10))).toEqual([]);
    expect(checkDefinition(short(11))).toEqual([
      { code: 'SHORT_FORM_TOO_MANY_QUESTIONS', message: 'Short form max 10 questions.' },
    ]);
  });

  it('a website link default value must be an http(s) URL', () => {
    const link = (defaultValue: string): FormElement => ({
      id: 'w',
      type: 'websiteLink',
      dataLabel: 'W',
      label: 'W',
      defaultValue,
    });
    expect(codes(withElements(link('https://example.com')))).toEqual([]);
    expect(checkDefinition(withElements(link('www.example.com')))).toEqual([
      { code: 'INVALID_LINK', elementId: 'w', message: 'Link must be http or https.' },
    ]);
  });

  it('limits must be consistent', () => {
    const el = (extra: object) => ({ id: 'l', dataLabel: 'L', label: 'L', ...extra }) as FormElement;
    expect(codes(withElements(el({ type: 'shortText', limits: { minLength: 10, maxLength: 5 } })))).toEqual([
      'FORM_LIMITS_INVALID',
    ]);
    expect(codes(withElements(el({ type: 'shortText', limits: { minLength: 300 } })))).toEqual(['FORM_LIMITS_INVALID']);
    const options = [
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B' },
    ];
    expect(
      codes(withElements(el({ type: 'checkbox', options, limits: { minSelections: 2, maxSelections: 1 } }))),
    ).toEqual(['FORM_LIMITS_INVALID']);
    expect(codes(withElements(el({ type: 'checkbox', options, limits: { minSelections: 3 } })))).toEqual([
      'FORM_LIMITS_INVALID',
    ]);
    expect(codes(withElements(el({ type: 'date', limits: { minDate: '2026-02-01', maxDate: '2026-01-01' } })))).toEqual(
      ['FORM_LIMITS_INVALID'],
    );
    expect(codes(withElements(el({ type: 'checkbox', options: [...options, { id: 'a', label: 'Again' }] })))).toEqual([
      'FORM_DEFINITION_INVALID',
    ]);
  });

  it('an address shows at least one part', () => {
    const parts = { street: false, street2: false, city: false, state: false, postal: false, country: false };
    expect(codes(withElements({ id: 'ad', type: 'address', dataLabel: 'Ad', label: 'Ad', parts }))).toEqual([
      'FORM_DEFINITION_INVALID',
    ]);
  });

  it('a condition may only refer to elements that exist', () => {
    const version = everyElementForm({
      conditions: [rule('ghost', 'sid', 'isEmpty'), rule('sid', 'phantom', 'isEmpty')],
    });
    expect(checkDefinition(version)).toEqual([
      {
        code: 'CONDITION_UNKNOWN_ELEMENT',
        ruleId: 'r-ghost-sid-isEmpty',
        elementId: 'ghost',
        message: 'A condition refers to an element that does not exist.',
      },
      {
        code: 'CONDITION_UNKNOWN_ELEMENT',
        ruleId: 'r-sid-phantom-isEmpty',
        elementId: 'phantom',
        message: 'A condition refers to an element that does not exist.',
      },
    ]);
  });

  it('operators must suit the element read, with a fitting value', () => {
    const check = (...rules: ConditionRule[]) => codes(everyElementForm({ conditions: rules }));
    expect(
      check(
        rule('sid', 'dob', 'ageAtLeast', 18),
        rule('sid', 'health', 'greaterThan', 3),
        rule('sid', 'diet', 'contains', 'veg'),
      ),
    ).toEqual([]);
    expect(
      check(
        rule('sid', 'signed', 'lessThan', '2026-01-01'),
        rule('sid', 'arrival', 'greaterThan', '08:00'),
        rule('sid', 'dob', 'ageUnder'),
      ),
    ).toEqual([]);
    expect(check(rule('sid', 'title', 'isEmpty'))).toEqual(['CONDITION_INVALID']); // reads a heading
    expect(check(rule('sid', 'name', 'equals', 'Ana'))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('sid', 'shirt', 'greaterThan', 2))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('sid', 'psa', 'ageAtLeast', 18))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('sid', 'health', 'greaterThan', 'high'))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('sid', 'arrival', 'greaterThan', '8am'))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('sid', 'dob', 'ageAtLeast', -1))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('sid', 'shirt', 'equals'))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('sid', 'shirt', 'isEmpty', 'x'))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('title', 'shirt', 'isEmpty', undefined, 'require'))).toEqual(['CONDITION_INVALID']);
    expect(check(rule('title', 'shirt', 'isEmpty', undefined, 'hide'))).toEqual([]);
  });

  it('rule ids must be unique', () => {
    const r = rule('sid', 'shirt', 'isEmpty');
    expect(codes(everyElementForm({ conditions: [r, r] }))).toEqual(['FORM_DEFINITION_INVALID']);
  });

  it('reports a cycle with the labels of the elements on it', () => {
    const version = everyElementForm({ conditions: [rule('sid', 'psa', 'isEmpty'), rule('psa', 'sid', 'isEmpty')] });
    expect(checkDefinition(version)).toEqual([
      {
        code: 'CYCLIC_DEPENDENCY',
        elementId: 'sid',
        message: 'Cyclic dependency found: Student ID → PSA → Student ID.',
        cycle: { ids: ['sid', 'psa'], labels: ['Student ID', 'PSA'] },
      },
    ]);
  });

  it('returns shape problems alone when the definition is malformed', () => {
    const broken = {
      ...everyElementForm(),
      name: '',
      elements: [{ id: 'x', type: 'shortText', dataLabel: 'X' }],
    } as unknown as FormVersion;
    const problems = checkDefinition(broken);
    expect(problems.every((problem) => problem.code === 'FORM_DEFINITION_INVALID')).toBe(true);
    expect(problems[0]).toMatchObject({ elementId: 'x', path: '/elements/0' });
  });

  it('assertDefinitionValid throws the first problem with every problem in details', () => {
    const version = everyElementForm({ name: '', conditions: [rule('sid', 'sid', 'isEmpty')] });
    try {
      assertDefinitionValid(version);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('FORM_NAME_REQUIRED');
      expect((error as AppError).details).toEqual([
        { code: 'FORM_NAME_REQUIRED', message: 'Form name is mandatory.' },
        { code: 'CYCLIC_DEPENDENCY', message: 'Cyclic dependency found: Student ID → Student ID.', field: 'sid' },
      ]);
    }
    expect(() => assertDefinitionValid(everyElementForm())).not.toThrow();
  });

  it('checks packet step edges for cycles too', () => {
    const version = everyElementForm({ conditions: [rule('psa', 'sid', 'isEmpty')] });
    const extraEdges = [
      { from: 'psa', to: 'step1', toLabel: 'Step 1' },
      { from: 'step1', to: 'sid', fromLabel: 'Step 1' },
    ];
    expect(codes(version)).toEqual([]);
    expect(checkDefinition(version, { extraEdges }).map((p) => p.message)).toEqual([
      'Cyclic dependency found: Student ID → PSA → Step 1 → Student ID.',
    ]);
  });

  it('checks 5,000 elements with 20,000 conditions', () => {
    expect(checkDefinition(denseConditionForm(5000, 20000))).toEqual([]);
  });
});

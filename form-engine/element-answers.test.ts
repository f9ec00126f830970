/**
 * Every element type: what a valid answer looks like, and which wrong answers are refused with which code.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../domain/errors';
import { ELEMENT_TYPES, type ElementType } from './element-types';
import type { FormElement } from './form-definition';
import { errorOf, formWith, validate } from './testing/form-helpers';
import { everyElement } from './testing/sample-forms';

// fixed-date fixture: answers are checked against the limits they are given; no clock is read.

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const file = (name: string, size = 100) => ({ fileId: `id-${name}`, name, size });

interface Case {
  element: FormElement;
  valid: unknown[];
  invalid: Array<[unknown, ErrorCode, RegExp?]>;
}

const base = (id: string, type: ElementType) => ({ id, type, dataLabel: id, label: `Question ${id}` });

const CASES: Partial<Record<ElementType, Case>> = {
  fullName: {
    element: { ...base('q', 'fullName'), showMiddleName: true, showPrefix: true } as FormElement,
    valid: [
      { first: 'Ana', last: 'Cruz' },
      { prefix: 'Dr.', first: 'Ana', middle: 'B', last: 'Cruz' },
    ],
    invalid: [
      [{ first: 'Ana' }, 'ANSWER_INVALID', /last name/],
      [{ first: 'Ana', last: '  ' }, 'MANDATORY_FIELD'],
      [{ prefix: 'Sir', first: 'A', last: 'B' }, 'ANSWER_INVALID', /listed options/],
      [{ first: 'A', last: 'B', nickname: 'x' }, 'ANSWER_INVALID', /does not ask/],
      ['Ana Cruz', 'ANSWER_INVALID', /wrong type/],
    ],
  },
  sport: {
    element: {
      ...base('q', 'sport'),
      options: [
        { id: 'fb', label: 'Football' },
        { id: 'bb', label: 'Basketball' },
      ],
    } as FormElement,
    valid: ['fb', 'bb'],
    invalid: [
      ['golf', 'ANSWER_INVALID', /listed options/],
      [['fb'], 'ANSWER_INVALID'],
    ],
  },
  studentId: {
    element: { ...base('q', 'studentId'), limits: { minLength: 3, maxLength: 8 } } as FormElement,
    valid: ['U123', 'ABCDEFGH'],
    invalid: [
      ['U1', 'ANSWER_INVALID', /at least 3/],
      ['U123456789', 'ANSWER_INVALID', /at most 8/],
    ],
  },
  academicStanding: {
    element: base('q', 'academicStanding') as FormElement,
    valid: ['FIRST_YEAR', 'TENTH_YEAR', 'TEN_PLUS_YEARS'],
    invalid: [['Eleventh Year', 'ANSWER_INVALID', /listed options/]],
  },
  dob: {
    element: base('q', 'dob') as FormElement,
    valid: ['2000-01-31', '2008-02-29'],
    invalid: [
      ['2001-02-29', 'ANSWER_INVALID', /valid date/],
      ['01/31/2000', 'ANSWER_INVALID', /valid date/],
      ['2030-01-01', 'ANSWER_INVALID', /future/],
    ],
  },
  signature: {
    element: base('q', 'signature') as FormElement,
    valid: [
      { kind: 'drawn', image: PNG },
      { kind: 'typed', text: 'Ana Cruz' },
    ],
    invalid: [
      [{ kind: 'drawn', image: 'data:image/jpeg;base64,xx' }, 'ANSWER_INVALID', /signature again/],
      [{ kind: 'typed', text: ' ' }, 'MANDATORY_FIELD'],
      [{ kind: 'stamped' }, 'ANSWER_INVALID', /drawing or typing/],
      [{ text: 'Ana' }, 'ANSWER_INVALID'],
    ],
  },
  date: {
    element: { ...base('q', 'date'), limits: { minDate: '2026-01-01', maxDate: '2026-06-30' } } as FormElement,
    valid: ['2026-01-01', '2026-06-30'],
    invalid: [
      ['2025-12-31', 'ANSWER_INVALID', /on or after 2026-01-01/],
      ['2026-07-01', 'ANSWER_INVALID', /on or before 2026-06-30/],
      ['2026-02-30', 'ANSWER_INVALID', /valid date/],
    ],
  },
  address: {
    element: { ...base('q', 'address'), parts: { country: false } } as FormElement,
    valid: [
      { street: '1 Main St', city: 'Austin', state: 'TX', postal: '78701' },
      { street: '1 Main', street2: 'Apt 2', city: 'A', state: 'TX', postal: 'SW1A 1AA' },
    ],
    invalid: [
      [{ street: '1 Main', city: 'Austin', state: 'TX', postal: '787' }, 'INVALID_ZIP'],
      [{ street: '1 Main', city: 'Austin', state: 'TX' }, 'ANSWER_INVALID', /postal code/],
      [
        { street: '1 Main', city: 'Austin', state: 'TX', postal: '78701', country: 'US' },
        'ANSWER_INVALID',
        /does not ask/,
      ],
    ],
  },
  shortText: {
    element: { ...base('q', 'shortText'), limits: { maxLength: 5 } } as FormElement,
    valid: ['hello'],
    invalid: [
      ['hello!', 'ANSWER_INVALID', /at most 5/],
      [5, 'ANSWER_INVALID', /wrong type/],
    ],
  },
  longText: {
    element: { ...base('q', 'longText'), limits: { minLength: 10 } } as FormElement,
    valid: ['a'.repeat(10), 'x'.repeat(5000)],
    invalid: [
      ['short', 'ANSWER_INVALID', /at least 10/],
      ['x'.repeat(5001), 'ANSWER_INVALID', /at most 5000/],
    ],
  },
  dropdown: {
    element: {
      ...base('q', 'dropdown'),
      options: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
    } as FormElement,
    valid: ['a'],
    invalid: [
      ['c', 'ANSWER_INVALID', /listed options/],
      [['a'], 'ANSWER_INVALID'],
    ],
  },
  multipleChoice: {
    element: {
      ...base('q', 'multipleChoice'),
      multiple: true,
      limits: { maxSelections: 2 },
      options: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
        { id: 'c', label: 'C' },
      ],
    } as FormElement,
    valid: [['a'], ['a', 'c']],
    invalid: [
      [['a', 'b', 'c'], 'ANSWER_INVALID', /at most 2/],
      [['a', 'a'], 'ANSWER_INVALID', /once/],
      ['a', 'ANSWER_INVALID', /wrong type/],
    ],
  },
  checkbox: {
    element: {
      ...base('q', 'checkbox'),
      limits: { minSelections: 2 },
      options: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
        { id: 'c', label: 'C' },
      ],
    } as FormElement,
    valid: [
      ['a', 'b'],
      ['a', 'b', 'c'],
    ],
    invalid: [
      [['a'], 'ANSWER_INVALID', /at least 2/],
      [['a', 'z'], 'ANSWER_INVALID', /listed options/],
    ],
  },
  radioButtons: {
    element: {
      ...base('q', 'radioButtons'),
      options: [
        { id: 'y', label: 'Yes' },
        { id: 'n', label: 'No' },
      ],
    } as FormElement,
    valid: ['y', 'n'],
    invalid: [['maybe', 'ANSWER_INVALID', /listed options/]],
  },
  attachment: {
    element: { ...base('q', 'attachment'), multiple: true, limits: { maxFiles: 2 } } as FormElement,
    valid: [[file('a.pdf')], [file('a.PNG'), file('b.docx')]],
    invalid: [
      [[file('a.exe')], 'FILE_TYPE_NOT_ALLOWED'],
      [[file('a.pdf', 21 * 1024 * 1024)], 'FILE_TOO_LARGE'],
      [[file('a.pdf'), file('b.pdf'), file('c.pdf')], 'TOO_MANY_FILES', /Max 2 files/],
      [file('a.pdf'), 'ANSWER_INVALID', /wrong type/],
    ],
  },
  scaleRating: {
    element: { ...base('q', 'scaleRating'), ratings: 5, lowestText: 'Low', highestText: 'High' } as FormElement,
    valid: [1, 5],
    invalid: [
      [0, 'ANSWER_INVALID', /1 to 5/],
      [6, 'ANSWER_INVALID', /1 to 5/],
      [2.5, 'ANSWER_INVALID', /1 to 5/],
      ['3', 'ANSWER_INVALID'],
    ],
  },
  psaName: {
    element: base('q', 'psaName') as FormElement,
    valid: ['Jo Prospect'],
    invalid: [['x'.repeat(201), 'ANSWER_INVALID', /at most 200/]],
  },
  matrix: {
    element: {
      ...base('q', 'matrix'),
      allCellsRequired: true,
      rows: [
        { id: 'r1', label: 'Knee' },
        { id: 'r2', label: 'Back' },
      ],
      columns: [
        { id: 'yes', label: 'Yes', type: 'radio' },
        { id: 'no', label: 'No', type: 'radio' },
        { id: 'multi', label: 'Surgery', type: 'multichoice' },
        { id: 'sev', label: 'Severity', type: 'dropdown', options: [{ id: 'lo', label: 'Low' }] },
        { id: 'txt', label: 'Details', type: 'text' },
      ],
    } as FormElement,
    valid: [
      {
        r1: { yes: true, multi: false, sev: 'lo', txt: 'a' },
        r2: { no: true, multi: true, sev: 'lo', txt: 'b' },
      },
    ],
    invalid: [
      [{ r1: { yes: true, multi: false, sev: 'lo', txt: 'a' } }, 'ANSWER_INVALID', /Complete every cell: "Back"/],
      [
        {
          r1: { yes: true, no: true, multi: false, sev: 'lo', txt: 'a' },
          r2: { no: true, multi: true, sev: 'lo', txt: 'b' },
        },
        'ANSWER_INVALID',
        /only one option in row "Knee"/,
      ],
      [
        { r1: { multi: false, sev: 'lo', txt: 'a' }, r2: { no: true, multi: true, sev: 'lo', txt: 'b' } },
        'ANSWER_INVALID',
        /option in row "Knee"/,
      ],
      [
        { r1: { yes: true, multi: false, sev: 'hi', txt: 'a' }, r2: { no: true, multi: true, sev: 'lo', txt: 'b' } },
        'ANSWER_INVALID',
        /listed options/,
      ],
      [
        { r1: { yes: true, multi: false, sev: 'lo' }, r2: { no: true, multi: true, sev: 'lo', txt: 'b' } },
        'ANSWER_INVALID',
        /"Knee" \/ "Details"/,
      ],
      [{ r3: { yes: true } }, 'ANSWER_INVALID'],
    ],
  },
  websiteLink: {
    element: base('q', 'websiteLink') as FormElement,
    valid: ['https://example.com/a', 'http://hudl.com'],
    invalid: [
      ['ftp://example.com', 'INVALID_LINK'],
      ['example.com', 'INVALID_LINK'],
    ],
  },
  legal: {
    element: { ...base('q', 'legal'), text: 'Terms' } as FormElement,
    valid: [true],
    invalid: [['yes', 'ANSWER_INVALID', /Accept the terms/]],
  },
  time: {
    element: base('q', 'time') as FormElement,
    valid: ['00:00', '23:59', '08:30'],
    invalid: [
      ['24:00', 'ANSWER_INVALID', /HH:MM/],
      ['8:30', 'ANSWER_INVALID', /HH:MM/],
      ['08:60', 'ANSWER_INVALID', /HH:MM/],
    ],
  },
};

const DISPLAY_ONLY: ElementType[] = ['heading', 'statement', 'divider', 'image'];

describe('answers of every element type', () => {
  it('covers every element type of the spec', () => {
    const covered = new Set<string>([...Object.keys(CASES), ...DISPLAY_ONLY]);
    expect(ELEMENT_TYPES.filter((type) => !covered.has(type))).toEqual([]);
    expect(new Set(everyElement().map((element) => element.type))).toEqual(new Set(ELEMENT_TYPES));
  });

  for (const [type, testCase] of Object.entries(CASES) as Array<[ElementType, Case]>) {
    describe(type, () => {
      const form = formWith([{ ...testCase.element, required: true } as FormElement]);
      it.each(testCase.valid.map((value) => [JSON.stringify(value).slice(0, 60), value]))('accepts %s', (_, value) => {
        expect(validate(form, { q: value }).errors).toEqual([]);
      });
      it.each(
        testCase.invalid.map(([value, code, pattern]) => [JSON.stringify(value).slice(0, 60), value, code, pattern]),
      )('refuses %s', (_, value, code, pattern) => {
        const error = errorOf(form, { q: value }, 'q');
        expect(error?.code).toBe(code);
        if (pattern) expect(error?.message).toMatch(pattern as RegExp);
      });
      it('is required when required', () => {
        expect(errorOf(form, {}, 'q')).toMatchObject({
          code: 'MANDATORY_FIELD',
          message: 'Mandatory fields cannot be empty.',
        });
      });
    });
  }

  it.each(DISPLAY_ONLY)('%s shows information only and takes no answer', (type) => {
    const element = everyElement().find((candidate) => candidate.type === type)!;
    const form = formWith([element]);
    expect(validate(form, {}).valid).toBe(true);
    expect(errorOf(form, { [element.id]: 'x' }, element.id)?.message).toMatch(/takes no answer/);
  });

  it('sport(s) with multiple selection takes a list, and any sport name when no options are set', () => {
    const form = formWith([{ ...base('q', 'sport'), multiple: true, limits: { maxSelections: 2 } } as FormElement]);
    expect(validate(form, { q: ['Football', 'Golf'] }).valid).toBe(true);
    expect(errorOf(form, { q: ['a', 'b', 'c'] }, 'q')?.message).toMatch(/at most 2/);
    expect(errorOf(form, { q: 'Football' }, 'q')?.code).toBe('ANSWER_INVALID');
  });

  it('a single attachment takes one file, not a list', () => {
    const form = formWith([{ ...base('q', 'attachment'), allowedTypes: ['pdf'] } as FormElement]);
    expect(validate(form, { q: file('a.pdf') }).valid).toBe(true);
    expect(errorOf(form, { q: file('a.png') }, 'q')?.code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(errorOf(form, { q: [file('a.pdf')] }, 'q')?.code).toBe('ANSWER_INVALID');
  });

  it('a signature limited to typing refuses a drawing', () => {
    const form = formWith([{ ...base('q', 'signature'), modes: ['typed'] } as FormElement]);
    expect(validate(form, { q: { kind: 'typed', text: 'A' } }).valid).toBe(true);
    expect(validate(form, { q: { kind: 'drawn', image: PNG } }).valid).toBe(false);
  });

  it('a matrix without all-cells-required accepts a partial answer but still one radio per row', () => {
    const element = { ...(CASES.matrix!.element as object), allCellsRequired: false } as FormElement;
    const form = formWith([element]);
    expect(validate(form, { q: { r1: { yes: true } } }).valid).toBe(true);
    expect(validate(form, { q: { r1: { yes: true, no: true } } }).valid).toBe(false);
  });

  it('the name hides the middle name and prefix unless shown', () => {
    const form = formWith([base('q', 'fullName') as FormElement]);
    expect(validate(form, { q: { first: 'A', last: 'B' } }).valid).toBe(true);
    expect(validate(form, { q: { first: 'A', middle: 'M', last: 'B' } }).valid).toBe(false);
    expect(validate(form, { q: { prefix: 'Dr.', first: 'A', last: 'B' } }).valid).toBe(false);
  });
});

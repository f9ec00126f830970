import { describe, expect, it } from 'vitest';
import type { FormElement } from './form-definition';
import { prepopulate, type PersonData } from './prepopulate';
import { formWith, validate } from './testing/form-helpers';
import { everyElementForm, TODAY } from './testing/sample-forms';

const person: PersonData = {
  prefix: 'Ms.',
  firstName: 'Ana',
  middleName: 'Beatriz',
  lastName: 'Cruz',
  sports: ['Swimming', 'football', 'Golf'],
  studentId: 'U7654321',
  dateOfBirth: '2004-07-01',
  academicStanding: 'Third Year',
  psaName: 'Jo Prospect',
};

describe('prepopulate', () => {
  it('fills flagged elements from system data, and dates set to autofill with the filling date', () => {
    const answers = prepopulate(everyElementForm(), person, { today: TODAY });
    expect(answers).toEqual({
      name: { prefix: 'Ms.', first: 'Ana', middle: 'Beatriz', last: 'Cruz' },
      sports: ['sw', 'fb'],
      sid: 'U7654321',
      standing: 'THIRD_YEAR',
      dob: '2004-07-01',
      psa: 'Jo Prospect',
      signed: TODAY,
      site: 'https://example.com',
    });
  });

  it('produces answers the form accepts', () => {
    const answers = prepopulate(everyElementForm(), person, { today: TODAY });
    const invalidIds = validate(everyElementForm(), answers).errors.filter((e) => e.code !== 'MANDATORY_FIELD');
    expect(invalidIds).toEqual([]);
  });

  it('leaves elements without the flag, and never overwrites an answer already given', () => {
    const version = formWith([
      { id: 'n', type: 'fullName', dataLabel: 'n', label: 'Name' },
      { id: 's', type: 'studentId', dataLabel: 's', label: 'ID', prepopulate: true },
    ]);
    expect(prepopulate(version, person, { answers: { s: 'KEEP' } })).toEqual({ s: 'KEEP' });
  });

  it('skips values that would not be valid: unknown sports, malformed DOB, unknown standing, missing names', () => {
    const version = formWith([
      { id: 'n', type: 'fullName', dataLabel: 'n', label: 'Name', prepopulate: true },
      {
        id: 'sp',
        type: 'sport',
        dataLabel: 'sp',
        label: 'Sport',
        prepopulate: true,
        options: [{ id: 'bb', label: 'Basketball' }],
      },
      { id: 'd', type: 'dob', dataLabel: 'd', label: 'DOB', prepopulate: true },
      { id: 'st', type: 'academicStanding', dataLabel: 'st', label: 'Standing', prepopulate: true },
    ] as FormElement[]);
    expect(
      prepopulate(version, {
        firstName: 'Ana',
        sports: ['Golf'],
        dateOfBirth: '07/01/2004',
        academicStanding: 'Senior',
      }),
    ).toEqual({});
  });

  it('a single sport element takes the first matching sport; codes and labels both work for standing', () => {
    const version = formWith([
      { id: 'sp', type: 'sport', dataLabel: 'sp', label: 'Sport', prepopulate: true },
      { id: 'st', type: 'academicStanding', dataLabel: 'st', label: 'Standing', prepopulate: true },
    ] as FormElement[]);
    expect(prepopulate(version, { sports: ['Rowing', 'Golf'], academicStanding: 'TEN_PLUS_YEARS' })).toEqual({
      sp: 'Rowing',
      st: 'TEN_PLUS_YEARS',
    });
  });

  it('without a filling date, autofill does nothing', () => {
    expect(prepopulate(everyElementForm(), {})).toEqual({ site: 'https://example.com' });
  });
});

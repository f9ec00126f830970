import { describe, expect, it } from 'vitest';
import { daysFromToday, testToday } from '../../../../scripts/test-harness/test-clock';
import { ATHLETE_FORM, toAthleteBody, validatePersonField, type PersonField } from './person-form';

const field = (key: string): PersonField => {
  const found = ATHLETE_FORM.flatMap((s) => s.fields).find((f) => f.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('validatePersonField', () => {
  it('uses the catalogue wording', () => {
    expect(validatePersonField(field('firstName'), ' ')).toBe('Mandatory fields cannot be empty.');
    expect(validatePersonField(field('email'), 'nope')).toBe('Invalid email.');
    expect(validatePersonField(field('phoneNumber'), '555-123')).toBe('Phone number must have 10 digits.');
    expect(validatePersonField(field('zipCode'), '12')).toBe('Invalid zip code.');
  });

  it('accepts good values and empty optional ones', () => {
    expect(validatePersonField(field('phoneNumber'), '(555) 123-4567')).toBe(true);
    expect(validatePersonField(field('zipCode'), '78701')).toBe(true);
    expect(validatePersonField(field('middleName'), '')).toBe(true);
  });

  it('runs the shared athlete rules: no date of birth after today, at most 3 positions', () => {
    const today = testToday();
    expect(validatePersonField(field('dateOfBirth'), daysFromToday(1), today)).toBe(
      'Date of birth cannot be in the future.',
    );
    expect(validatePersonField(field('dateOfBirth'), daysFromToday(-7000), today)).toBe(true);
    expect(validatePersonField(field('position'), 'QB, WR, TE, K', today)).toBe('Positions max 3, comma separated.');
  });
});

describe('toAthleteBody', () => {
  it('drops empty fields and normalises years and phone numbers', () => {
    expect(
      toAthleteBody({
        firstName: ' Ana ',
        lastName: 'Ruiz',
        email: 'a@x.edu',
        phoneNumber: '(555) 123-4567',
        graduationYear: '2028',
        major: '',
      }),
    ).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'a@x.edu',
      phoneNumber: '5551234567',
      graduationYear: 2028,
    });
  });
});

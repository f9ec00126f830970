import { describe, expect, it } from 'vitest';
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

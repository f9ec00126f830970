import { describe, expect, it } from 'vitest';
import {
  EMPTY_SCHOOL_FORM,
  formFieldOf,
  gmtOffsetLabel,
  timeZoneOptions,
  toCreateSchoolBody,
  validateEmail,
  validateSlug,
} from './school-form';

// fixed-date fixture: the offset labels are given their instant (a winter and a summer day).

describe('toCreateSchoolBody', () => {
  it('trims the inputs and nests the first admin', () => {
    const body = toCreateSchoolBody({
      ...EMPTY_SCHOOL_FORM,
      name: '  Prairie State  ',
      slug: ' prairie ',
      plan: 'CONNECT',
      division: 'NAIA',
      state: 'KS',
      timeZone: 'America/Chicago',
      adminFirstName: ' Fran ',
      adminLastName: 'First',
      adminEmail: ' fran@prairie.edu ',
      adminCompliance: false,
    });
    expect(body).toEqual({
      name: 'Prairie State',
      slug: 'prairie',
      plan: 'CONNECT',
      division: 'NAIA',
      state: 'KS',
      timeZone: 'America/Chicago',
      firstAdmin: { email: 'fran@prairie.edu', firstName: 'Fran', lastName: 'First', compliance: false },
    });
  });

  it('leaves a blank slug out so the API derives it', () => {
    expect(toCreateSchoolBody({ ...EMPTY_SCHOOL_FORM, name: 'X', slug: '  ' })).not.toHaveProperty('slug');
  });
});

describe('form validation', () => {
  it('accepts a blank or well-formed slug only', () => {
    expect(validateSlug('')).toBe(true);
    expect(validateSlug('state-university')).toBe(true);
    expect(validateSlug('State University')).toMatch(/Lowercase/);
    expect(validateSlug('a')).toMatch(/Between/);
    expect(validateSlug('double--dash')).toMatch(/Lowercase/);
  });

  it('uses the catalogue wording for e-mails', () => {
    expect(validateEmail('')).toBe('Mandatory fields cannot be empty.');
    expect(validateEmail('nope')).toBe('Invalid email.');
    expect(validateEmail('a@b.edu')).toBe(true);
  });

  it('maps API fields to form inputs', () => {
    expect(formFieldOf('firstAdmin.email')).toBe('adminEmail');
    expect(formFieldOf('slug')).toBe('slug');
    expect(formFieldOf('other')).toBeNull();
  });
});

describe('time zone labels', () => {
  it('writes offsets as GMT +/- hh:mm', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(gmtOffsetLabel('America/Chicago', winter)).toBe('GMT -06:00');
    expect(gmtOffsetLabel('UTC', winter)).toBe('GMT +00:00');
    expect(gmtOffsetLabel('Asia/Kolkata', winter)).toBe('GMT +05:30');
    expect(gmtOffsetLabel('Mars/Olympus', winter)).toBe('');
  });

  it('labels each zone with its offset', () => {
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(timeZoneOptions(['America/Los_Angeles'], summer)).toEqual([
      { value: 'America/Los_Angeles', label: 'America/Los Angeles (GMT -07:00)' },
    ]);
  });
});

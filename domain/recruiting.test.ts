import { describe, expect, it } from 'vitest';
import {
  checkPsaInput,
  commitmentFromText,
  fieldErrorsToAppError,
  officialVisitFlags,
  officialVisitKey,
  phoneKey,
} from './recruiting';

// fixed-date fixture: the flags are computed from the visits they are given.

describe('recruiting rules', () => {
  it('checks test scores, notes and contacts in the spec wording', () => {
    const ok = checkPsaInput(
      { firstName: 'A', lastName: 'B', satScore: '1600', actScore: 36, mobileNumber: '+1 (512) 555-0100' },
      { creating: true },
    );
    expect(ok.errors).toEqual([]);
    expect(ok.values).toMatchObject({ sat_score: 1600, act_score: 36, mobile: '5125550100' });
    const bad = checkPsaInput(
      { firstName: '', lastName: 'B', satScore: 1601, actScore: 37, gpa: 10000, email: 'x', zipcode: '12' },
      { creating: true },
    );
    expect(bad.errors.map((e) => e.message)).toEqual([
      'Invalid email.',
      'SAT max 1600.',
      'ACT max 36.',
      'GPA must be under 10000.',
      'Invalid zip code.',
      'Mandatory fields cannot be empty.',
    ]);
    // Each problem carries its catalogue code, so no caller reads the wording back into a code.
    expect(bad.errors.map((e) => e.code)).toEqual([
      'INVALID_EMAIL',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'INVALID_ZIP',
      'MANDATORY_FIELD',
    ]);
    expect(fieldErrorsToAppError(bad.errors)).toMatchObject({ code: 'INVALID_EMAIL', status: 400 });
    const notes = checkPsaInput({ notes: Array(501).fill('w').join(' ') }, { creating: false });
    expect(notes.errors).toEqual([{ field: 'notes', code: 'PSA_NOTES_TOO_LONG', message: 'PSA notes max 500 words.' }]);
    expect(checkPsaInput({ commitmentStatus: 'ADDED_TO_ROSTER' }, { creating: false }).errors).toHaveLength(1);
  });

  it('checks height in the spec wording: feet under 11 (10 on a questionnaire), inches under 12, feet with inches', () => {
    const msgs = (input: Record<string, unknown>, opts: Parameters<typeof checkPsaInput>[1] = { creating: false }) =>
      checkPsaInput(input, opts).errors.map((e) => `${e.field}: ${e.message}`);
    expect(msgs({ heightFeet: 10, heightInches: 11 })).toEqual([]);
    expect(checkPsaInput({ heightFeet: '10', heightInches: '0' }, { creating: false }).values).toEqual({
      height_feet: 10,
      height_inches: 0,
    });
    expect(msgs({ heightFeet: 9 })).toEqual([]);
    expect(msgs({ heightFeet: 11 })).toEqual(['heightFeet: Height feet under 11.']);
    expect(msgs({ heightFeet: 6, heightInches: 12 })).toEqual(['heightInches: Height inches under 12.']);
    expect(msgs({ heightInches: 4 })).toEqual(['heightFeet: Height required when inches given.']);
    expect(msgs({ heightFeet: '', heightInches: '4' })).toEqual(['heightFeet: Height required when inches given.']);
    // Feet alone is a height.
    expect(msgs({ heightFeet: 6, heightInches: '' })).toEqual([]);
    // An edit of the inches alone counts the stored feet; clearing the feet under stored inches is refused.
    expect(msgs({ heightInches: 4 }, { creating: false, current: { heightFeet: 6, heightInches: null } })).toEqual([]);
    expect(msgs({ heightFeet: null }, { creating: false, current: { heightFeet: 6, heightInches: 2 } })).toEqual([
      'heightFeet: Height required when inches given.',
    ]);
    // A public questionnaire: feet under 10.
    expect(msgs({ heightFeet: 10 }, { creating: false, questionnaire: true })).toEqual([
      'heightFeet: Height feet under 10.',
    ]);
    expect(msgs({ heightFeet: 9, heightInches: 11 }, { creating: false, questionnaire: true })).toEqual([]);
  });

  it('flags official visits after the first and any over two nights, across the log and recruiting events', () => {
    // fixed-date fixture: only the order of the visits matters
    const visit = (source: 'activity' | 'event', id: string, psaId: string, nights: number | null, startsAt: string) =>
      ({ source, id, psaId, nights, startsAt }) as const;
    const visits = [
      visit('activity', 'a', 'p1', 2, '2026-09-01T00:00:00Z'),
      visit('event', 'e1', 'p1', 1, '2026-10-01T00:00:00Z'),
      visit('activity', 'c', 'p1', 3, '2026-11-01T00:00:00Z'),
      // The same event lists a second prospect: that prospect's first visit.
      visit('event', 'e1', 'p2', 1, '2026-10-01T00:00:00Z'),
      visit('event', 'e2', 'p3', 3, '2026-10-01T00:00:00Z'),
    ];
    const flags = officialVisitFlags(visits);
    const of = (i: number) => flags.get(officialVisitKey(visits[i]!));
    expect(of(0)).toBeUndefined();
    expect(of(1)).toEqual(['More than one official visit to this school.']);
    expect(of(2)).toEqual(['More than one official visit to this school.', 'Official visit over 2 nights.']);
    expect(of(3)).toBeUndefined();
    expect(of(4)).toEqual(['Official visit over 2 nights.']);
  });

  it('reads commitment statuses as people write them and matches phones by digits', () => {
    expect(commitmentFromText('Verbally committed')).toBe('VERBALLY_COMMITTED');
    expect(commitmentFromText('nli signed')).toBe('NLI_SIGNED');
    expect(commitmentFromText('Added to roster')).toBeNull();
    expect(commitmentFromText('maybe')).toBeNull();
    expect(phoneKey('1-512-555-0100')).toBe('5125550100');
    expect(phoneKey('12')).toBeNull();
  });
});

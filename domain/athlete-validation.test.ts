import { describe, expect, it } from 'vitest';
import { daysFromToday, testToday } from '../scripts/test-harness/test-clock';
import { athleteInputProblems, dateOfBirthProblem } from './athlete-validation';

const today = testToday();

describe('the shared athlete rules (form and bulk upload)', () => {
  it('refuses a date of birth after today, and one that is no calendar day', () => {
    expect(dateOfBirthProblem(daysFromToday(1), today)).toBe('Date of birth cannot be in the future.');
    expect(dateOfBirthProblem(today, today)).toBeNull();
    expect(dateOfBirthProblem(daysFromToday(-7000), today)).toBeNull();
    expect(dateOfBirthProblem('2005-02-30', today)).toMatch(/real date/); // fixed-date fixture: no such day in any year
  });

  it('allows 3 positions, in either form, and refuses a fourth naming the field it came in', () => {
    expect(athleteInputProblems({ position: 'QB, WR, TE' }, today)).toEqual([]);
    expect(athleteInputProblems({ position: 'QB, WR, TE, K' }, today)).toEqual([
      { field: 'position', code: 'POSITIONS_LIMIT', message: 'Positions max 3, comma separated.' },
    ]);
    expect(athleteInputProblems({ positions: ['A', 'B', 'C', 'D'] }, today)[0]?.field).toBe('positions');
    // Repeats count once.
    expect(athleteInputProblems({ position: 'QB, qb, WR' }, today)).toEqual([]);
  });

  it('checks social links by network and refuses one given twice', () => {
    const problems = athleteInputProblems(
      {
        socialMedia: {
          instagram: 'https://instagram.com/ana',
          facebook: 'https://x.com/ana',
          tiktok: 'https://www.instagram.com/ana/',
        },
      },
      today,
    );
    expect(problems.map((p) => [p.field, p.code])).toEqual([
      ['socialMedia.facebook', 'SOCIAL_LINK_INVALID'],
      ['socialMedia.tiktok', 'SOCIAL_LINK_INVALID'],
    ]);
  });

  it('reports every problem of one input at once', () => {
    const problems = athleteInputProblems({ dateOfBirth: daysFromToday(30), position: 'A,B,C,D' }, today);
    expect(problems.map((p) => p.field).sort()).toEqual(['dateOfBirth', 'position']);
  });
});

describe('names are single lines (issue 36)', () => {
  it('refuses a control character in any name field, with the catalogue wording', () => {
    expect(athleteInputProblems({ firstName: 'Ana\nBcc: x', lastName: 'Ruiz\u0000', middleName: 'Lu' }, today)).toEqual(
      [
        {
          field: 'firstName',
          code: 'NAME_INVALID_CHARACTERS',
          message: 'Name must not contain line breaks or control characters.',
        },
        {
          field: 'lastName',
          code: 'NAME_INVALID_CHARACTERS',
          message: 'Name must not contain line breaks or control characters.',
        },
      ],
    );
    expect(athleteInputProblems({ firstName: 'Zoë', lastName: 'O’Brien-Smith' }, today)).toEqual([]);
  });
});

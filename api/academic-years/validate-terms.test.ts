import { describe, expect, it } from 'vitest';
import { validateTerms } from './validate-terms';

// fixed-date fixture: validateTerms checks terms against the start year it is given; no clock is read.

describe('validateTerms', () => {
  it('accepts a normal calendar', () => {
    expect(
      validateTerms(2026, [
        { term: 'FALL', startDate: '2026-08-24', finalsStartDate: '2026-12-07', endDate: '2026-12-15' },
        {
          term: 'SPRING',
          startDate: '2027-01-11',
          endDate: '2027-05-12',
          vacations: [{ name: 'Break', startDate: '2027-03-15', endDate: '2027-03-19' }],
        },
      ]),
    ).toEqual([]);
  });

  it('flags each broken rule on its field', () => {
    const problems = validateTerms(2026, [
      { term: 'FALL', startDate: '2026-12-01', endDate: '2026-08-01' },
      { term: 'FALL', startDate: '2027-01-10', finalsStartDate: '2027-06-01', endDate: '2027-05-01' },
      {
        term: 'SPRING',
        startDate: '2029-01-01',
        endDate: '2029-02-01',
        vacations: [{ name: 'x', startDate: '2029-03-01', endDate: '2029-03-02' }],
      },
    ]).map((p) => p.field);
    expect(problems).toEqual(
      expect.arrayContaining([
        'terms.0.endDate',
        'terms.1.term',
        'terms.1.finalsStartDate',
        'terms.2.startDate',
        'terms.2.vacations.0.startDate',
      ]),
    );
  });

  it('refuses overlapping terms', () => {
    const problems = validateTerms(2026, [
      { term: 'FALL', startDate: '2026-08-24', endDate: '2026-12-15' },
      { term: 'WINTER', startDate: '2026-12-10', endDate: '2027-01-05' },
    ]);
    expect(problems).toEqual([{ field: 'terms.1.startDate', message: 'WINTER overlaps FALL.' }]);
  });
});

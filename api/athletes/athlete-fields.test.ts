import { describe, expect, it } from 'vitest';
import { joinAthleteFields, splitAthleteFields } from './athlete-fields';

describe('athlete field storage', () => {
  it('splits a person form into user fields, profile columns and the data document', () => {
    const split = splitAthleteFields({
      email: 'a@b.co',
      firstName: 'A',
      phoneNumber: '5125550100',
      dateOfBirth: '2006-01-02',
      class: 'FIRST_YEAR',
      sportTeamId: null,
      city: 'Austin',
      zipCode: '78701',
      gpa: 3.2,
      invite: true,
      major: undefined,
    });
    expect(split).toEqual({
      user: { email: 'a@b.co', firstName: 'A', phoneNumber: '5125550100' },
      columns: { date_of_birth: '2006-01-02', class_year: 'FIRST_YEAR', sport_team_id: null },
      data: { city: 'Austin', zipCode: '78701', gpa: 3.2 },
    });
  });

  it('joins columns back under their field names, null when empty', () => {
    const profile = joinAthleteFields({ class_year: 'SECOND_YEAR', position: 'Forward' }, { city: 'Austin' });
    expect(profile).toMatchObject({
      class: 'SECOND_YEAR',
      position: 'Forward',
      city: 'Austin',
      dateOfBirth: null,
      sportTeamId: null,
    });
  });
});

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
      isAtRisk: true,
      tags: ['captain'],
      invite: true,
      major: undefined,
    });
    expect(split).toEqual({
      user: { email: 'a@b.co', firstName: 'A', phoneNumber: '5125550100' },
      columns: {
        date_of_birth: '2006-01-02',
        class_year: 'FIRST_YEAR',
        sport_team_id: null,
        cumulative_gpa: 3.2,
        is_at_risk: true,
      },
      data: { city: 'Austin', zipCode: '78701' },
    });
  });

  it('turns the older eligibility flags and comma-separated position into the list columns', () => {
    const split = splitAthleteFields({
      eligibility: { medical: true, academic: true, practice: false },
      position: ' Forward, Midfield ,,forward',
      aidStatus: 'COMBO',
    });
    expect(split.columns).toEqual({
      eligibility_types: ['academic', 'medical'],
      positions: ['Forward', 'Midfield'],
      position: 'Forward, Midfield',
      aid_status: 'COMBO',
    });
    expect(split.data).toEqual({});
    expect(splitAthleteFields({ positions: null }).columns).toEqual({ positions: [], position: null });
  });

  it('joins columns back under their field names and the older names, null when empty', () => {
    const profile = joinAthleteFields(
      { class_year: 'SECOND_YEAR', position: 'Forward', positions: ['Forward'], cumulative_gpa: 3.1 },
      { city: 'Austin' },
    );
    expect(profile).toMatchObject({
      class: 'SECOND_YEAR',
      position: 'Forward',
      positions: ['Forward'],
      cumulativeGpa: 3.1,
      gpa: 3.1,
      city: 'Austin',
      dateOfBirth: null,
      sportTeamId: null,
      eligibilityTypes: [],
    });
  });
});

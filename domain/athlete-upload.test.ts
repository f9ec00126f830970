import { describe, expect, it } from 'vitest';
import {
  checkMapping,
  editDistance,
  findDuplicateEmails,
  matchHeaders,
  rowToBody,
  UPLOAD_COLUMNS,
} from './athlete-upload';

describe('bulk upload columns', () => {
  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('emial', 'email')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('matches exact, synonym and misspelt headers, each field once, and leaves unknown ones unmapped', () => {
    expect(matchHeaders(['E-mail Address', 'Frist name', 'LAST NAME', 'DOB', 'Shoe size', 'email', ''])).toEqual([
      'email',
      'firstName',
      'lastName',
      'dateOfBirth',
      null,
      null,
      null,
    ]);
    expect(matchHeaders(['Grad Year', 'Residency Status', 'aidType', 'Sport team'])).toEqual([
      'graduationYear',
      'residencyStatus',
      'aidStatus',
      'sportTeamId',
    ]);
    // Short names must match exactly: "Cty" is not "City".
    expect(matchHeaders(['Cty'])).toEqual([null]);
  });

  it('asks for the required columns and refuses a field mapped twice', () => {
    expect(checkMapping(['firstName', 'firstName'])).toEqual([
      'Two columns are imported as First name: choose one.',
      'Choose the column that holds Last name.',
      'Choose the column that holds Email.',
    ]);
  });

  it('parses cells by column, keeps formula-like text as written and words errors with labels', () => {
    const headers = ['First', 'Class', 'Residency', 'Year', 'Phone', 'Team', 'At risk'];
    const mapping = [
      'firstName',
      'class',
      'residencyStatus',
      'graduationYear',
      'phoneNumber',
      'sportTeamId',
      'isAtRisk',
    ];
    const ctx = { teamIdByName: new Map([['womensvolleyball', 'team-1']]) };
    const ok = rowToBody(
      {
        row: 2,
        cells: ['=cmd|calc', 'sophomore', 'OUT_OF_STATE', '2029', '+1 (512) 555-0100', "Women's Volleyball", 'yes'],
      },
      headers,
      mapping,
      ctx,
    );
    expect(ok.errors).toEqual([]);
    expect(ok.body).toEqual({
      firstName: '=cmd|calc',
      class: 'SECOND_YEAR',
      residencyStatus: 'OUT_OF_STATE',
      graduationYear: 2029,
      phoneNumber: '5125550100',
      sportTeamId: 'team-1',
      isAtRisk: true,
    });
    const bad = rowToBody({ row: 7, cells: ['A', 'x', 'Texas', '20x9', '', 'Chess', 'maybe'] }, headers, mapping, ctx);
    expect(bad.errors).toEqual([
      { row: 7, column: 'Class', message: expect.stringMatching(/^Must be one of: First Year, Second Year/) },
      { row: 7, column: 'Residency', message: 'Must be one of: In state, Out of state, International.' },
      { row: 7, column: 'Year', message: 'Must be a year such as 2027.' },
      { row: 7, column: 'Team', message: 'Unknown sport team.' },
      { row: 7, column: 'At risk', message: 'Must be Yes or No.' },
    ]);
  });

  it('flags every repeat of an e-mail after its first row', () => {
    expect(
      findDuplicateEmails(
        [
          { row: 2, email: 'a@x.test' },
          { row: 3, email: 'A@x.test' },
          { row: 4, email: 'b@x.test' },
          { row: 5, email: 'a@x.test' },
        ],
        'Email',
      ).map((e) => [e.row, e.message]),
    ).toEqual([
      [3, 'This email is already in row 2 of this file.'],
      [5, 'This email is already in row 2 of this file.'],
    ]);
  });

  it('has one column per field with a unique header', () => {
    expect(new Set(UPLOAD_COLUMNS.map((c) => c.field)).size).toBe(UPLOAD_COLUMNS.length);
    expect(new Set(UPLOAD_COLUMNS.map((c) => c.header.toLowerCase())).size).toBe(UPLOAD_COLUMNS.length);
  });
});

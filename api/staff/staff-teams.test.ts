import { describe, expect, it } from 'vitest';
import { diffStaffTeams, primaryTeamAfter } from './staff-teams.repository';
import { staffTeamsErrors } from './staff.service';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

describe('diffStaffTeams', () => {
  it('names the teams added, removed and retitled', () => {
    const diff = diffStaffTeams(
      [
        { sportTeamId: A, titleGroup: 'HEAD_COACH' },
        { sportTeamId: B, titleGroup: null },
      ],
      [
        { sportTeamId: B, titleGroup: 'ASSISTANT_COACH' },
        { sportTeamId: C, titleGroup: 'TRAINER' },
      ],
    );
    expect(diff).toEqual({
      added: [{ sportTeamId: C, titleGroup: 'TRAINER' }],
      removed: [{ sportTeamId: A, titleGroup: 'HEAD_COACH' }],
      retitled: [{ sportTeamId: B, from: null, to: 'ASSISTANT_COACH' }],
    });
  });

  it('finds nothing when the teams and titles are the same, in any order', () => {
    const teams = [
      { sportTeamId: A, titleGroup: 'HEAD_COACH' as const },
      { sportTeamId: B, titleGroup: null },
    ];
    expect(diffStaffTeams(teams, [...teams].reverse())).toEqual({ added: [], removed: [], retitled: [] });
  });
});

describe('primaryTeamAfter', () => {
  it('keeps the primary team while it remains, else takes the first team, else none', () => {
    expect(primaryTeamAfter(B, [A, B])).toBe(B);
    expect(primaryTeamAfter(C, [A, B])).toBe(A);
    expect(primaryTeamAfter(null, [B])).toBe(B);
    expect(primaryTeamAfter(A, [])).toBeNull();
  });
});

describe('staffTeamsErrors', () => {
  const school = new Set([A, B]);
  it('accepts the school’s teams, each once, with the primary among them', () => {
    expect(staffTeamsErrors({ teams: [{ sportTeamId: A }, { sportTeamId: B }], sportTeamId: B }, school)).toEqual([]);
    expect(staffTeamsErrors({ teams: [] }, school)).toEqual([]);
  });
  it('refuses another school’s team, a team twice and a primary team outside the teams', () => {
    expect(staffTeamsErrors({ teams: [{ sportTeamId: C }] }, school)).toEqual([
      { field: 'teams', message: 'Unknown sport team.' },
    ]);
    expect(staffTeamsErrors({ teams: [{ sportTeamId: A }, { sportTeamId: A }] }, school)).toEqual([
      { field: 'teams', message: 'Each team can be chosen once.' },
    ]);
    expect(staffTeamsErrors({ sportTeamId: C }, school)).toEqual([
      { field: 'sportTeamId', message: 'Unknown sport team.' },
    ]);
    expect(staffTeamsErrors({ teams: [{ sportTeamId: A }], sportTeamId: B }, school)).toEqual([
      { field: 'sportTeamId', message: 'The primary team must be one of the teams.' },
    ]);
  });
});

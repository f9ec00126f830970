import { describe, expect, it } from 'vitest';
import { defaultTeamId } from './segments.api';

const A = 'team-a';
const B = 'team-b';

describe('defaultTeamId (the team a calendar form starts with)', () => {
  const team = (id: string, primary?: boolean) => ({ id, name: id, sport: 'x', ...(primary ? { primary } : {}) });
  it('preselects the only team, else the primary one among several, else none', () => {
    expect(defaultTeamId([team(A)])).toBe(A);
    expect(defaultTeamId([team(A), team(B, true)])).toBe(B);
    expect(defaultTeamId([team(A), team(B)])).toBe('');
    expect(defaultTeamId([])).toBe('');
  });
});

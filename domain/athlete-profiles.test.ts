import { describe, expect, it } from 'vitest';
import {
  ATHLETE_LIST_COLUMNS,
  canEditField,
  canSeeField,
  forbiddenEdits,
  parsePositions,
  socialLinkProblem,
  normaliseSocialLink,
  visibleProfile,
} from './athlete-profiles';

describe('athlete profile rules', () => {
  it('lists the 23 columns of the spec', () => {
    expect(ATHLETE_LIST_COLUMNS).toHaveLength(23);
    expect(new Set(ATHLETE_LIST_COLUMNS.map((c) => c.key)).size).toBe(23);
  });

  it('lets each viewer see and edit only their fields', () => {
    expect(canEditField('admin', 'cumulativeGpa')).toBe(true);
    expect(canEditField('coach', 'cumulativeGpa')).toBe(false);
    expect(canSeeField('coach', 'cumulativeGpa')).toBe(true);
    expect(canEditField('coach', 'positions')).toBe(true);
    expect(canEditField('athlete', 'socialMedia')).toBe(true);
    expect(canEditField('athlete', 'rosterStatus')).toBe(false);
    expect(canSeeField('athlete', 'notes')).toBe(false);
    expect(canSeeField('athlete', 'isAtRisk')).toBe(false);
    expect(forbiddenEdits('athlete', ['bio', 'notes', 'unknownField'])).toEqual(['notes', 'unknownField']);
    expect(visibleProfile('athlete', { bio: 'x', notes: 'secret', isAtRisk: true })).toEqual({ bio: 'x' });
  });

  it('accepts only profile links of the right network', () => {
    expect(socialLinkProblem('instagram', 'https://www.instagram.com/alex')).toBeNull();
    expect(socialLinkProblem('twitter', 'https://x.com/alex')).toBeNull();
    expect(socialLinkProblem('instagram', 'https://facebook.com/alex')).toMatch(/instagram\.com/);
    expect(socialLinkProblem('tiktok', 'tiktok.com/@alex')).toMatch(/https/);
    expect(socialLinkProblem('facebook', 'javascript:alert(1)')).toMatch(/https/);
    expect(socialLinkProblem('facebook', 'https://facebook.com/')).toMatch(/profile/);
    expect(normaliseSocialLink('https://WWW.Instagram.com/Alex/')).toBe(
      normaliseSocialLink('http://instagram.com/alex'),
    );
  });

  it('parses positions from a list or comma-separated text', () => {
    expect(parsePositions('Forward, , Midfield,forward')).toEqual(['Forward', 'Midfield']);
    expect(parsePositions(['A', 'B', 'C', 'D'])).toHaveLength(4);
    expect(parsePositions(null)).toEqual([]);
  });
});

describe('list cells', () => {
  it('shows labels, never stored codes', async () => {
    const { formatListCell } = await import('./athlete-profiles');
    const row = {
      residencyStatus: 'IN_STATE',
      classYear: 'SECOND_YEAR',
      userStatus: 'INVITED',
      isAtRisk: false,
      eligibility: ['academic', 'medical'],
      totalAidAmount: 1250.5,
      cumulativeGPA: 3.6,
      enrollmentAtThisInstitution: 'FALL 2025',
      tags: [],
    };
    expect(formatListCell('residencyStatus', row)).toBe('In state');
    expect(formatListCell('classYear', row)).toBe('Second Year');
    expect(formatListCell('userStatus', row)).toBe('Invite sent');
    expect(formatListCell('isAtRisk', row)).toBe('No');
    expect(formatListCell('eligibility', row)).toBe('Academic, Medical');
    expect(formatListCell('totalAidAmount', row)).toBe('$1,250.50');
    expect(formatListCell('cumulativeGPA', row)).toBe('3.60');
    expect(formatListCell('enrollmentAtThisInstitution', row)).toBe('Fall 2025');
    expect(formatListCell('tags', row)).toBe('');
    expect(formatListCell('aidType', row)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { planChange } from './plans';
import { divisionLabel, SLUG_PATTERN, slugify, US_STATE_CODES } from './schools';

describe('slugify', () => {
  it('turns a school name into a slug', () => {
    expect(slugify('Demo State University')).toBe('demo-state-university');
    expect(slugify("St. Mary's College")).toBe('st-marys-college');
    expect(slugify('Texas A&M')).toBe('texas-a-and-m');
    expect(slugify('  Université de Montréal  ')).toBe('universite-de-montreal');
  });

  it('gives an empty slug when no letters or digits are left', () => {
    expect(slugify('!!!')).toBe('');
  });

  it('always matches the slug pattern and length', () => {
    const pattern = new RegExp(SLUG_PATTERN);
    for (const name of ['A'.repeat(80), 'x '.repeat(40), 'Junior College #2 — East', '2-Year CC']) {
      const slug = slugify(name);
      expect(slug).toMatch(pattern);
      expect(slug.length).toBeLessThanOrEqual(60);
    }
  });
});

describe('divisionLabel', () => {
  it('labels the spec’s division codes and keeps free text as written', () => {
    expect(divisionLabel('1')).toBe('Division 1');
    expect(divisionLabel('JUCO/CC')).toBe('JUCO / community college');
    expect(divisionLabel('Division 1')).toBe('Division 1');
    expect(divisionLabel(null)).toBeNull();
  });
});

describe('US states', () => {
  it('are two-letter codes', () => {
    expect(US_STATE_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(US_STATE_CODES).toContain('TX');
  });
});

describe('planChange', () => {
  it('only ever moves up: Compliance → Connect is an upgrade, the way back a downgrade', () => {
    expect(planChange('COMPLIANCE', 'CONNECT')).toBe('upgrade');
    expect(planChange('CONNECT', 'COMPLIANCE')).toBe('downgrade');
    expect(planChange('CONNECT', 'CONNECT')).toBe('none');
    expect(planChange('COMPLIANCE', 'COMPLIANCE')).toBe('none');
  });
});

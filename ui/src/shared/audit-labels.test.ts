import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import { actionLabel, targetLabel } from './audit-labels';

describe('audit log words', () => {
  it('names every event in words, never by its code', () => {
    expect(actionLabel('auth.login')).toBe('Logged in');
    expect(actionLabel('workflow.task_reassigned')).toBe('Process step reassigned');
    expect(actionLabel('packet_folder.ownership_transferred')).toBe('Packet folder: ownership transferred');
    expect(actionLabel('athlete_custom_field.renamed')).toBe('Athlete custom field: renamed');
    expect(actionLabel('brand_new.thing_done')).toBe('Brand new: thing done');
    expect(targetLabel('sport_team')).toBe('Team');
    expect(targetLabel('workflow')).toBe('Process');
  });

  it("shows a time in the school's zone and names the zone", () => {
    // fixed-date fixture: a winter instant, so the zone's abbreviation is its standard time.
    const text = formatDateTime('2026-01-15T21:30:00Z', 'America/Chicago');
    expect(text).toContain('3:30');
    expect(text).toMatch(/CST$/);
    expect(text).not.toContain('2026-01-15T');
  });
});

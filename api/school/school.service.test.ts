import { describe, expect, it } from 'vitest';
import { invitationTiming, isValidTimeZone, mergeSchoolSettings } from './school.service';

describe('school settings', () => {
  it('falls back to the platform invitation defaults', () => {
    expect(invitationTiming({})).toEqual({ reminderAfterHours: 48, expiryHours: 168 });
    expect(invitationTiming({ invitationExpiryHours: 24 })).toEqual({ reminderAfterHours: 48, expiryHours: 24 });
  });

  it('checks time zones and that the reminder precedes expiry', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(
      mergeSchoolSettings({ other: 1 }, { settings: { invitationReminderHours: 12, invitationExpiryHours: 24 } }),
    ).toEqual({
      other: 1,
      invitationReminderHours: 12,
      invitationExpiryHours: 24,
    });
    expect(() => mergeSchoolSettings({}, { settings: { invitationExpiryHours: 24 } })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(() => mergeSchoolSettings({}, { timeZone: 'Nope/Nope' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(mergeSchoolSettings({}, { name: 'X' })).toBeUndefined();
  });
});

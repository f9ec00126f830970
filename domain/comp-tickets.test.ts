import { describe, expect, it } from 'vitest';
import { DEFAULT_COMP_TICKET_SETTINGS, isValidReminderHours, isValidTicketsPerUser } from './comp-tickets';

describe('comp ticket rules', () => {
  it('accepts whole ticket counts under 100', () => {
    for (const ok of [0, 1, 4, 99]) expect(isValidTicketsPerUser(ok), String(ok)).toBe(true);
    for (const bad of [100, -1, 2.5, Number.NaN, '4', null])
      expect(isValidTicketsPerUser(bad), String(bad)).toBe(false);
  });

  it('accepts no reminder or a whole number of hours up to a week', () => {
    for (const ok of [null, 1, 24, 168]) expect(isValidReminderHours(ok), String(ok)).toBe(true);
    for (const bad of [0, -2, 169, 1.5, '24', undefined]) expect(isValidReminderHours(bad), String(bad)).toBe(false);
  });

  it('has valid defaults', () => {
    expect(isValidTicketsPerUser(DEFAULT_COMP_TICKET_SETTINGS.ticketsPerUser)).toBe(true);
    expect(isValidReminderHours(DEFAULT_COMP_TICKET_SETTINGS.reminderHours)).toBe(true);
  });
});

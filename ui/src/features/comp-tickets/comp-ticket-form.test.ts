import { describe, expect, it } from 'vitest';
import { DEFAULT_COMP_TICKET_SETTINGS } from '../../../../domain/comp-tickets';
import { toFormValues, toSettingsInput, validateReminder, validateTickets } from './comp-ticket-form';

describe('comp ticket form', () => {
  it('round-trips the settings and turns the reminder switch into null', () => {
    const values = toFormValues({ ...DEFAULT_COMP_TICKET_SETTINGS, updatedAt: null });
    expect(values.reminderOn).toBe(false);
    expect(toSettingsInput(values)).toEqual(DEFAULT_COMP_TICKET_SETTINGS);
    expect(toSettingsInput({ ...values, reminderOn: true, reminderHours: '48' }).reminderHours).toBe(48);
  });

  it('words refusals as the catalogue does', () => {
    expect(validateTickets(4)).toBe(true);
    expect(validateTickets('100')).toMatch(/under 100/);
    expect(validateTickets('')).toMatch(/under 100/);
    expect(validateReminder('', false)).toBe(true);
    expect(validateReminder(0, true)).toMatch(/^Set a valid time/);
    expect(validateReminder(12, true)).toBe(true);
  });
});

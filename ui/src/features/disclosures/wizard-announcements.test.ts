import { describe, expect, it } from 'vitest';
import { errorAnnouncement, stepAnnouncement } from './wizard-announcements';

describe('disclosure wizard announcements', () => {
  it('names the step reached and how many there are', () => {
    expect(stepAnnouncement(1)).toBe('Step 2 of 6: Dates and place.');
  });

  it('says how many fields need attention, with the right plural, and the first error', () => {
    expect(errorAnnouncement(0, ['Enter the company.'])).toBe(
      '1 field needs attention. Step 1 of 6: Deal. Enter the company.',
    );
    expect(errorAnnouncement(1, ['Enter the start date.', 'Enter the end date.'])).toBe(
      '2 fields need attention. Step 2 of 6: Dates and place. Enter the start date.',
    );
  });

  it('falls back to the step when there is no message', () => {
    expect(errorAnnouncement(5, [])).toBe('Step 6 of 6: Review.');
  });
});

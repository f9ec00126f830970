import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-label';

describe('fieldLabel', () => {
  it('reads nested API field paths', () => {
    expect(fieldLabel('terms.0.startDate')).toBe('Terms 1 › start date');
    expect(fieldLabel('phoneNumber')).toBe('Phone number');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format';
import { formatMoney, reportByLabel, totalPaymentOf } from './disclosure-labels';

describe('disclosure total payment', () => {
  it('shows the earning amount as the total when no total was given', () => {
    expect(formatMoney(totalPaymentOf({ amount: 750, totalPayment: null }))).toBe('$750.00');
    expect(totalPaymentOf({ amount: 750, estimatedAmount: 250, totalPayment: '' })).toBe(1000);
  });

  it('keeps a total that was given and has nothing to show without any amount', () => {
    expect(totalPaymentOf({ amount: 750, totalPayment: 1200 })).toBe(1200);
    expect(totalPaymentOf({ totalPayment: 0 })).toBe(0);
    expect(totalPaymentOf({ amount: null, estimatedAmount: '', totalPayment: null })).toBeNull();
  });
});

describe('reportByLabel', () => {
  it('shows the reporting deadline as a readable date, not an ISO day', () => {
    // fixed-date fixture: formatting only, no clock is read
    expect(reportByLabel('2025-12-09')).toBe(`Report by ${formatDate('2025-12-09')}`);
    expect(reportByLabel('2025-12-09')).not.toContain('2025-12-09');
    expect(reportByLabel(null)).toBe('Report');
  });
});

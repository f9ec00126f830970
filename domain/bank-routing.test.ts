import { describe, expect, it } from 'vitest';
import { checkBankAccount, isValidAccountNumber, isValidRoutingNumber, maskAccountNumber } from './bank-routing';

describe('ABA routing checksum', () => {
  it('accepts published routing numbers', () => {
    // 011000015 (Federal Reserve Bank of Boston): 3·(0+0+0) + 7·(1+0+1) + (1+0+5) = 14 + 6 = 20, a multiple of 10.
    expect(isValidRoutingNumber('011000015')).toBe(true);
    // 021000021 (JPMorgan Chase, New York): 3·(0+0+0) + 7·(2+0+2) + (1+0+1) = 28 + 2 = 30.
    expect(isValidRoutingNumber('021000021')).toBe(true);
    // 121000358 (Bank of America, California): 3·(1+0+3) + 7·(2+0+5) + (1+0+8) = 12 + 49 + 9 = 70.
    expect(isValidRoutingNumber('121000358')).toBe(true);
  });

  it('refuses one changed digit, two swapped neighbours, and wrong shapes', () => {
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('201000021')).toBe(false);
    expect(isValidRoutingNumber('02100002')).toBe(false);
    expect(isValidRoutingNumber('0210000210')).toBe(false);
    expect(isValidRoutingNumber('02100002a')).toBe(false);
    expect(isValidRoutingNumber('')).toBe(false);
  });

  it('every single-digit change of a valid number is refused', () => {
    const valid = '021000021';
    for (let i = 0; i < 9; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === valid[i]) continue;
        const changed = valid.slice(0, i) + String(d) + valid.slice(i + 1);
        expect(isValidRoutingNumber(changed), changed).toBe(false);
      }
    }
  });
});

describe('bank account input', () => {
  const good = {
    bankName: 'First Campus Bank',
    accountType: 'checking',
    nameOnAccount: 'Jordan Miles',
    routingNumber: '021 000 021',
    accountNumber: '0001-2345-6789',
  };

  it('normalises spaces and dashes and upper-cases the type', () => {
    const r = checkBankAccount(good);
    expect(r).toEqual({
      ok: true,
      value: {
        bankName: 'First Campus Bank',
        accountType: 'CHECKING',
        nameOnAccount: 'Jordan Miles',
        routingNumber: '021000021',
        accountNumber: '000123456789',
      },
    });
  });

  it('names each bad field without echoing the value', () => {
    const r = checkBankAccount({
      ...good,
      bankName: ' ',
      accountType: 'brokerage',
      routingNumber: '123456789',
      accountNumber: '12',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      { field: 'bankName', code: 'MANDATORY_FIELD' },
      { field: 'accountType', code: 'BANK_ACCOUNT_TYPE_INVALID' },
      { field: 'routingNumber', code: 'BANK_ROUTING_INVALID' },
      { field: 'accountNumber', code: 'BANK_ACCOUNT_NUMBER_INVALID' },
    ]);
    expect(JSON.stringify(r.problems)).not.toContain('123456789');
  });

  it('account numbers are 4 to 17 digits; the mask shows the last four', () => {
    expect(isValidAccountNumber('1234')).toBe(true);
    expect(isValidAccountNumber('12345678901234567')).toBe(true);
    expect(isValidAccountNumber('123')).toBe(false);
    expect(isValidAccountNumber('123456789012345678')).toBe(false);
    expect(maskAccountNumber('6789')).toBe('•••• 6789');
  });
});

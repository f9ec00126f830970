import { describe, expect, it } from 'vitest';
import { checkCustomUrl, cleanCategories } from './vendors';

describe('checkCustomUrl', () => {
  it('takes letters, numbers, hyphens and underscores up to 60 characters', () => {
    expect(checkCustomUrl(' campus-outfitters_2 ')).toEqual({ ok: true, value: 'campus-outfitters_2' });
    expect(checkCustomUrl('a'.repeat(60)).ok).toBe(true);
  });
  it('refuses a slash, other characters, more than 60 characters and nothing', () => {
    expect(checkCustomUrl('shop/deals')).toEqual({ ok: false, code: 'VENDOR_URL_INVALID' });
    expect(checkCustomUrl('my shop')).toEqual({ ok: false, code: 'VENDOR_URL_INVALID' });
    expect(checkCustomUrl('a'.repeat(61))).toEqual({ ok: false, code: 'VENDOR_URL_INVALID' });
    expect(checkCustomUrl('  ')).toEqual({ ok: false, code: 'MANDATORY_FIELD' });
  });
});

describe('cleanCategories', () => {
  it('drops blanks and repeats ignoring case', () => {
    expect(cleanCategories(['Apparel', ' apparel ', '', 'Food'])).toEqual(['Apparel', 'Food']);
  });
});

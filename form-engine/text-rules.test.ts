import { describe, expect, it } from 'vitest';
import { countWords, isWebsiteUrl, normalizeDataLabel } from './text-rules';
import { hashFormVersion, toCanonicalJson } from './hash-version';

describe('text rules', () => {
  it('counts words as a person does', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' Athlete  medical\thistory \n form ')).toBe(4);
  });

  it('accepts http and https website links only', () => {
    for (const url of [
      'https://example.com',
      'http://www.hudl.com/video/1?x=2#t',
      'https://sub.example.co.uk:8080/a',
      'http://localhost:3000',
    ])
      expect(isWebsiteUrl(url), url).toBe(true);
    for (const url of [
      'ftp://example.com',
      'example.com',
      'https://',
      'https://exa mple.com',
      'javascript:alert(1)',
      'https://nodot',
    ])
      expect(isWebsiteUrl(url), url).toBe(false);
  });

  it('compares data labels trimmed and case-insensitively', () => {
    expect(normalizeDataLabel('  Email ')).toBe(normalizeDataLabel('email'));
  });
});

describe('hashFormVersion', () => {
  it('does not depend on key order and changes with content', () => {
    expect(toCanonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
    expect(hashFormVersion({ a: 1, b: 2 })).toBe(hashFormVersion({ b: 2, a: 1 }));
    expect(hashFormVersion({ a: 1 })).not.toBe(hashFormVersion({ a: 2 }));
    expect(hashFormVersion({ a: 1 })).toMatch(/^[0-9a-f]{16}$/);
  });
});

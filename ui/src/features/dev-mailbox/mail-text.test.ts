import { describe, expect, it } from 'vitest';
import { mailLinks, splitMailText } from './mail-text';

describe('splitMailText', () => {
  it('turns URLs into links and leaves trailing punctuation as text', () => {
    const parts = splitMailText('Open http://localhost:3000/create-password?token=a.b. Thanks');
    expect(parts).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://localhost:3000/create-password?token=a.b' },
      { kind: 'text', text: '. Thanks' },
    ]);
  });

  it('keeps text without links whole', () => {
    expect(splitMailText('Hello')).toEqual([{ kind: 'text', text: 'Hello' }]);
  });
});

describe('mailLinks', () => {
  it('lists distinct links in order', () => {
    expect(mailLinks('a https://x.test/1 b https://x.test/2 c https://x.test/1')).toEqual([
      'https://x.test/1',
      'https://x.test/2',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildChanges, readField } from './profile-fields';

describe('profile edits', () => {
  it('sends only what changed, nested fields whole and empty text as null', () => {
    const profile = {
      bio: 'Old',
      major: 'History',
      socialMedia: { instagram: 'https://instagram.com/a' },
      parents: [{ name: 'Pat', phone: '5125550100' }],
    };
    expect(readField(profile, 'parents.0.name')).toBe('Pat');
    expect(
      buildChanges(profile, {
        bio: 'New',
        major: 'History',
        'socialMedia.tiktok': 'https://tiktok.com/@a',
        'parents.0.phone': '',
      }),
    ).toEqual({
      bio: 'New',
      socialMedia: { instagram: 'https://instagram.com/a', tiktok: 'https://tiktok.com/@a' },
      parents: [{ name: 'Pat' }],
    });
  });
});

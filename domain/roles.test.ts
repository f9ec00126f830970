import { describe, expect, it } from 'vitest';
import { defaultPortal, portalsFor } from './roles';

describe('portals', () => {
  it('gives school admins both the admin and the coach portal', () => {
    expect(portalsFor(['SCHOOL_ADMIN'])).toEqual(['admin', 'coach']);
  });

  it('lands a user with several roles in the first portal in order', () => {
    expect(defaultPortal(['STUDENT_ATHLETE', 'COACH'])).toBe('coach');
    expect(defaultPortal(['VENDOR'])).toBe('partner');
    expect(defaultPortal([])).toBeNull();
  });
});

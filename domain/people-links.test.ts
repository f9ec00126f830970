import { describe, expect, it } from 'vitest';
import { permissionsFor } from './permissions';
import { peopleScopeOf, profilePathFor } from './people-links';

const perms = (role: 'SCHOOL_ADMIN' | 'COACH' | 'STUDENT_ATHLETE') =>
  permissionsFor([role === 'COACH' ? { role, titleGroup: 'HEAD_COACH' } : { role }]);

describe('who finds which people, and where a name leads', () => {
  it('scopes athletes to the school for admins and to their own teams for coaches; athletes never see prospects', () => {
    expect(peopleScopeOf({ portal: 'admin', permissions: perms('SCHOOL_ADMIN'), plan: 'CONNECT' })).toEqual({
      athletes: 'school',
      staff: true,
      prospects: true,
    });
    expect(peopleScopeOf({ portal: 'coach', permissions: perms('COACH'), plan: 'CONNECT' })).toEqual({
      athletes: 'own-teams',
      staff: true,
      prospects: true,
    });
    // An admin in the coach portal sees what a coach sees.
    expect(peopleScopeOf({ portal: 'coach', permissions: perms('SCHOOL_ADMIN'), plan: 'CONNECT' }).athletes).toBe(
      'own-teams',
    );
    expect(peopleScopeOf({ portal: 'athlete', permissions: perms('STUDENT_ATHLETE'), plan: 'CONNECT' })).toEqual({
      athletes: 'none',
      staff: false,
      prospects: false,
    });
    // Prospects are recruiting, a Connect feature.
    expect(peopleScopeOf({ portal: 'admin', permissions: perms('SCHOOL_ADMIN'), plan: 'COMPLIANCE' }).prospects).toBe(
      false,
    );
  });

  it('links each name to the profile screen of the viewer’s portal, or to nothing', () => {
    expect(profilePathFor({ portal: 'admin' }, 'athlete', 'a1')).toBe('/adminAthleteProfile/a1');
    expect(profilePathFor({ portal: 'coach' }, 'athlete', 'a1')).toBe('/coachAthleteProfile/a1');
    expect(profilePathFor({ portal: 'athlete', userId: 'a1' }, 'athlete', 'a1')).toBe('/studentProfile/a1');
    expect(profilePathFor({ portal: 'athlete', userId: 'a2' }, 'athlete', 'a1')).toBeNull();
    expect(profilePathFor({ portal: 'coach' }, 'staff', 's1', 'Ray Castillo')).toBe('/staff?q=Ray%20Castillo');
    expect(profilePathFor({ portal: 'coach' }, 'prospect', 'p1')).toBe('/psaProfile/p1');
    expect(profilePathFor({ portal: 'athlete' }, 'prospect', 'p1')).toBeNull();
  });
});

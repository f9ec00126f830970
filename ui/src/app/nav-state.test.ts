import { describe, expect, it } from 'vitest';
import { permissionsFor } from '../../../domain/permissions';
import { navigationFor } from '../../../domain/routes';
import { placeOf } from './nav-state';

const admin = navigationFor({
  portal: 'admin',
  permissions: [...permissionsFor([{ role: 'SCHOOL_ADMIN', compliance: true }])],
  plan: 'CONNECT',
  schoolId: 's1',
});
const athlete = navigationFor({
  portal: 'athlete',
  permissions: [...permissionsFor([{ role: 'STUDENT_ATHLETE' }])],
  plan: 'CONNECT',
  schoolId: 's1',
});

describe('place in the sidebar', () => {
  it('highlights the entry itself, or the entry a deeper screen belongs under', () => {
    expect(placeOf('/sent', admin)).toMatchObject({
      module: { label: 'E-signature' },
      item: { path: '/sent' },
      deep: false,
    });
    expect(placeOf('/seeSubmission/:packetId', admin)).toMatchObject({ item: { path: '/sprySign/home' }, deep: true });
    expect(placeOf('/unknown', admin)).toBeNull();
  });

  it('takes the parent the viewer has', () => {
    expect(placeOf('/disclosuredetail', admin)?.item.path).toBe('/disclosures');
    expect(placeOf('/disclosuredetail', athlete)?.item.path).toBe('/studentDisclosureList');
  });
});

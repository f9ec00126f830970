import type { Page } from '@playwright/test';
import { navigationFor } from '../../domain/routes';
import type { Portal } from '../../domain/roles';

/** The sidebar the signed-in person of `page` gets, as the route table, their permissions and plan decide. */
export async function viewerNavigation(page: Page) {
  const me = (await (await page.request.get('/api/v1/auth/me')).json()) as {
    portal: Portal;
    permissions: Parameters<typeof navigationFor>[0]['permissions'];
    school: { id: string; plan: 'COMPLIANCE' | 'CONNECT' };
  };
  return navigationFor({
    portal: me.portal,
    permissions: me.permissions,
    plan: me.school.plan,
    schoolId: me.school.id,
  });
}

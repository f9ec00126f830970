import { expect, test } from '@playwright/test';
import { acceptInvitationThroughApi, inviteThroughApi, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs } from '../support/session';

/**
 * Issue 35: opened on another address than the configured one (localhost for 127.0.0.1), the realtime socket is
 * refused (403: only the configured origin is accepted, and that check stays). The app must notice, refresh what is
 * on screen every 10 s instead, and say so quietly; a notification then still arrives without a reload.
 */
test('on another address the app polls instead of the refused socket, says so, and still updates', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT);
  const configured = new URL(baseURL!);
  expect(configured.hostname).toBe('127.0.0.1');
  const other = `${configured.protocol}//localhost:${configured.port}`;
  const context = await browser.newContext({ baseURL: other });
  const page = await context.newPage();

  const admin = await apiClientAs('admin@demo.edu');
  const colleague = await inviteThroughApi(admin, {
    firstName: 'Olu',
    lastName: `Elsewhere${uniqueTag()}`,
    roles: [{ role: 'SCHOOL_ADMIN', compliance: false }],
    emailPrefix: 'other-origin-admin',
  });
  // Accepting with this context's own requests signs it in on the other address.
  await acceptInvitationThroughApi(page.request, colleague.email);

  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications', { timeout: 30_000 });
  const status = page.getByTestId('live-status');
  await expect(status).toHaveText('Refreshing every 10 s', { timeout: 20_000 });
  // It tried the socket (and keeps trying in the background) before it fell back.
  expect(sockets.some((url) => url.endsWith('/api/v1/realtime'))).toBe(true);
  await checkScreen(page, 'notifications-polling');

  const ours = page.getByTestId('notification-item').filter({ hasText: 'Your roles changed' });
  await expect(ours).toHaveCount(0);
  const changed = await admin.put(`/api/v1/users/${colleague.id}/roles`, {
    data: { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await admin.dispose();
  // No reload: the next refresh (at most 10 s away) brings it.
  await expect(ours).toHaveCount(1, { timeout: 25_000 });
  await context.close();
});

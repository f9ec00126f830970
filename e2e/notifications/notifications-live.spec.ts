import { expect, test } from '@playwright/test';
import { acceptInvitationThroughApi, inviteThroughApi, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs } from '../support/session';

test('a notification arrives live in the centre and on the bell, and a click opens its page', async ({ page }) => {
  // A whole journey through mail and several screens; on two busy cores it needs more than the default.
  test.setTimeout(LONG_FLOW_TIMEOUT);
  // A school admin of our own, so no other test's roles get in the way.
  const admin = await apiClientAs('admin@demo.edu');
  const colleague = await inviteThroughApi(admin, {
    firstName: 'Noor',
    lastName: `Notified${uniqueTag()}`,
    roles: [{ role: 'SCHOOL_ADMIN', compliance: false }],
    emailPrefix: 'notified-admin',
  });
  // Accepting with the page's own request context signs this browser in as the new admin.
  await acceptInvitationThroughApi(page.request, colleague.email);

  // Every school admin hears of some school-wide news (an expense or a prospect's transfer waiting for approval), so
  // a test running beside this one may notify this new admin too: the checks follow the one notification this test
  // causes, and the counts are compared with the server's own at that moment.
  const ours = page.getByTestId('notification-item').filter({ hasText: 'Your roles changed' });
  const bell = page.getByRole('link', { name: /^Notifications/ }).first();
  const unreadNow = async () =>
    ((await (await page.request.get('/api/v1/notifications/unread-count')).json()) as { count: number }).count;
  /** The bell and the page's own line show the server's unread count (retried: news may arrive in between). */
  const expectCountsFollow = async () =>
    expect(async () => {
      const count = await unreadNow();
      await expect(bell).toHaveAccessibleName(count ? `Notifications, ${count} unread` : 'Notifications', {
        timeout: 2_000,
      });
      await expect(page.getByText(count ? `${count} unread` : 'You are all caught up.', { exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications', { timeout: 30_000 });
  await expect(ours).toHaveCount(0);
  await checkScreen(page, 'notifications-empty');

  // Wait for the live connection before acting, so the push cannot slip in before the page listens.
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/v1/realtime'));
  await page.reload();
  await socket;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  await expect(ours).toHaveCount(0);

  // In another session, the demo admin gives the new admin the compliance permission: a real notifying action.
  const changed = await admin.put(`/api/v1/users/${colleague.id}/roles`, {
    data: { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await admin.dispose();

  // No reload: the list, the bell and the page's own count follow the push.
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText('Dana Whitfield updated your roles.');
  await expect(ours).toHaveAttribute('data-unread', 'true');
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await expectCountsFollow();
  await checkScreen(page, 'notifications-live');

  // An account notification opens the profile, which already shows the new permission; the item is now read.
  await ours.getByText('Your roles changed').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('School admin · compliance')).toBeVisible();
  await checkScreen(page, 'profile-after-role-change');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications', { timeout: 30_000 });
  await expect(ours).toHaveAttribute('data-unread', 'false');
  await expectCountsFollow();
});

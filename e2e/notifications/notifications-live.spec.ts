import { expect, test } from '@playwright/test';
import { acceptInvitationThroughApi, inviteThroughApi, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs } from '../support/session';

test('a notification arrives live in the centre and on the bell, and a click opens its page', async ({ page }) => {
  // A whole journey through mail and several screens; on two busy cores it needs more than the default.
  test.setTimeout(LONG_FLOW_TIMEOUT);
  // A school admin of our own, so no other test's notifications or roles get in the way.
  const admin = await apiClientAs('admin@demo.edu');
  const colleague = await inviteThroughApi(admin, {
    firstName: 'Noor',
    lastName: `Notified${uniqueTag()}`,
    roles: [{ role: 'SCHOOL_ADMIN', compliance: false }],
    emailPrefix: 'notified-admin',
  });
  // Accepting with the page's own request context signs this browser in as the new admin.
  await acceptInvitationThroughApi(page.request, colleague.email);

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  const bell = page.getByRole('link', { name: /^Notifications/ }).first();
  await expect(bell).toHaveAccessibleName('Notifications');
  await checkScreen(page, 'notifications-empty');

  // Wait for the live connection before acting, so the push cannot slip in before the page listens.
  const socket = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/v1/realtime'));
  await page.reload();
  await socket;
  await expect(page.getByText('No notifications yet')).toBeVisible();

  // In another session, the demo admin gives the new admin the compliance permission: a real notifying action.
  const changed = await admin.put(`/api/v1/users/${colleague.id}/roles`, {
    data: { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await admin.dispose();

  // No reload: the list, the bell and the page's own count follow the push.
  const item = page.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Your roles changed');
  await expect(item).toContainText('Dana Whitfield updated your roles.');
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(page.getByTestId('unread-count')).toContainText('1');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByText('1 unread', { exact: true })).toBeVisible();
  await checkScreen(page, 'notifications-live');

  // An account notification opens the profile, which already shows the new permission; the item is now read.
  await item.getByText('Your roles changed').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('School admin · compliance')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await checkScreen(page, 'profile-after-role-change');
  await page.goto('/notifications');
  await expect(page.getByTestId('notification-item')).toHaveAttribute('data-unread', 'false');
  await expect(page.getByText('You are all caught up.')).toBeVisible();
});

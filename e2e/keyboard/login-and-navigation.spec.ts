import { expect as baseExpect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/app-urls';
import { expectFocusRing, tabTo } from './keyboard-support';

// The machine these run on can be slow: a page may take a while to draw; nothing here is about speed.
const expect = baseExpect.configure({ timeout: 45_000 });

test.use({ viewport: { width: 1280, height: 800 } });

test('keyboard only: log in, land on the heading, move between pages and switch portal only on confirm', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'Email' });
  await tabTo(page, email);
  await expectFocusRing(email);
  await page.keyboard.type('admin@demo.edu');
  await page.keyboard.press('Tab');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  // The show-password toggle is the next tab stop, with a name, and Space shows the password.
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveAttribute('type', 'text');
  await password.focus();
  await page.keyboard.press('Enter');

  // After login, focus is on the home page's main heading, not on <body>.
  await expect(page).toHaveURL(/\/adminHome$/);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();

  // A route change from the sidebar moves focus to the new page's heading.
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^My Tasks/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/task$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();

  // The portal switch: arrow keys do nothing, Enter confirms.
  const portal = page.getByRole('group', { name: 'Portal' });
  const coach = portal.getByRole('button', { name: 'Coach' });
  await portal.getByRole('button', { name: 'Admin' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/task$/);
  await expect(portal.getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-pressed', 'true');
  await coach.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/coachDashboard$/);
  await expect(coach).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  // Back to admin with Space, so the demo admin's session ends where it began.
  await portal.getByRole('button', { name: 'Admin' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/adminHome$/);
});

import { expect, test } from '@playwright/test';
import { maintenanceUrl } from '../support/app-urls';
import { checkScreen } from '../support/screens';

test.describe.configure({ mode: 'parallel' });

test('the maintenance instance shows "We\'ll be right back" on any path', async ({ page }) => {
  for (const path of ['/', '/login', '/adminHome', '/create-password?token=x', '/no-such-page']) {
    await page.goto(`${maintenanceUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We'll be right back");
    await expect(page.getByRole('form', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  }
  await checkScreen(page, 'maintenance');
});

test('during maintenance the API answers 503 MAINTENANCE, except /meta', async ({ request }) => {
  const base = `${maintenanceUrl()}/api/v1`;
  for (const res of [
    await request.get(`${base}/auth/me`),
    await request.get(`${base}/teams`),
    await request.post(`${base}/auth/login`, { data: { email: 'admin@demo.edu', password: 'whatever-1A!' } }),
  ]) {
    expect(res.status()).toBe(503);
    expect((await res.json()).error.code).toBe('MAINTENANCE');
  }
  const meta = await request.get(`${base}/meta`);
  expect(meta.status()).toBe(200);
  expect((await meta.json()).maintenance).toBe(true);
});

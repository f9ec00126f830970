import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, maintenanceUrl } from '../support/app-urls';

// The thinnest proof that the started app works in a browser; the feature suites live beside this folder.
test('the login page renders', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('the school admin logs in and lands on the admin home', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/adminHome$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the maintenance instance is up and answers 503 MAINTENANCE', async ({ request }) => {
  const res = await request.get(`${maintenanceUrl()}/api/v1/auth/me`);
  expect(res.status()).toBe(503);
  expect((await res.json()).error.code).toBe('MAINTENANCE');
});

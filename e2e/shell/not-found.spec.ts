import { expect, test } from '@playwright/test';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });

test('an unknown path is a real 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await checkScreen(page, 'not-found-signed-out');
  await notFound.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('routes are case-sensitive, like the route table', async ({ page }) => {
  const response = await page.goto('/ADMINHOME');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  // A known route is a 200 for contrast.
  expect((await page.goto('/login'))?.status()).toBe(200);
});

test('signed in, the not-found page sits inside the app and leads to the portal home', async ({ page }) => {
  await logInThroughApi(page, 'coach@demo.edu');
  const response = await page.goto('/coachDashboard/extra');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await checkScreen(page, 'not-found-signed-in');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/coachDashboard$/);
});

test('an unknown API path answers 404 in the one error shape', async ({ request }) => {
  const res = await request.get('/api/v1/no-such-thing');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('NOT_FOUND');
});

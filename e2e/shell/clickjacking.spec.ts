import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { startFramingSite, type ForeignSite } from '../support/foreign-site';
import { checkScreen } from '../support/screens';

test.describe.configure({ mode: 'parallel' });

let site: ForeignSite;
const appLogin = () => `${baseUrl()}/login`;

test.beforeEach(async () => {
  site = await startFramingSite(appLogin());
});
test.afterEach(async () => {
  await site.close();
});

test('the security headers stop another site from framing the app', async ({ page }) => {
  const framedResponse = page.waitForResponse(appLogin());
  await page.goto(site.url);
  const headers = (await framedResponse).headers();
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.waitForLoadState('load');

  // Chromium refuses to render the document and shows its own error page in the frame instead, so the frame
  // holds neither the app nor its frame warning.
  const child = () => page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(() => child()?.url()).toMatch(/^chrome-error:/);
  const frame = page.frameLocator('iframe[title="Embedded app"]');
  await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();
  await expect(frame.locator('#root')).toHaveCount(0);
  await expect(frame.getByRole('form', { name: 'Log in' })).toHaveCount(0);
  await expect(frame.getByRole('heading', { name: 'Log in' })).toHaveCount(0);
});

test('if a proxy drops the headers, the framed app shows the clickjacking warning instead', async ({
  page,
  context,
}) => {
  const appOrigin = new URL(baseUrl()).origin;
  // Simulates a proxy that strips the anti-framing headers from the app's documents.
  await page.route(
    (url) => url.origin === appOrigin,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      delete headers['x-frame-options'];
      await route.fulfill({ response, headers });
    },
  );
  await page.goto(site.url);

  const frame = page.frameLocator('iframe[title="Embedded app"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('This page was loaded inside another website');
  await expect(frame.getByRole('alert')).toContainText('Clickjacking warning');
  const openSafely = frame.getByRole('link', { name: /Open .* safely in a new tab/ });
  await expect(openSafely).toHaveAttribute('target', '_blank');
  await expect(openSafely).toHaveAttribute('href', appLogin());
  // Not the app itself: no login form, no app chrome.
  await expect(frame.getByRole('form', { name: 'Log in' })).toHaveCount(0);
  await expect(frame.getByLabel('Email')).toHaveCount(0);
  await checkScreen(page, 'clickjacking-warning-in-frame');

  // The link opens the real app, unframed, in its own tab.
  const [tab] = await Promise.all([context.waitForEvent('page'), openSafely.click()]);
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(appLogin());
  await expect(tab.getByRole('form', { name: 'Log in' })).toBeVisible();
  await tab.close();
});

import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { logInThroughApi } from '../support/session';
import { axeViolationsIn } from './keyboard-support';

// The machine these run on can be slow: a page may take a while to draw; nothing here is about speed.
const expect = baseExpect.configure({ timeout: 45_000 });

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * Opens a modal dialog from `opener` with Enter and checks it by keyboard: it is named and axe finds nothing in it;
 * focus starts inside and Tab / Shift+Tab keep it there however often they are pressed; Escape closes it and focus
 * is back on the opener.
 */
async function checkDialog(page: Page, opener: Locator, name: string): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  expect(await axeViolationsIn(page, '[role="dialog"]')).toEqual([]);
  const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(key);
      expect(await focusInside(), `focus inside "${name}" after ${i + 1} × ${key}`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `focus back on the opener of "${name}"`).toBeFocused();
}

test('dialogs hold focus while open, close on Escape and give focus back to their opener', async ({ page }) => {
  test.setTimeout(120_000);
  await logInThroughApi(page, 'admin@demo.edu');

  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkDialog(page, page.getByRole('button', { name: 'New team' }), 'New sport team');

  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkDialog(page, page.getByRole('button', { name: 'Invite staff' }), 'Invite staff');
});

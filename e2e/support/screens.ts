import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';

/** For tests that walk a whole journey (invite, mail, several screens): the default 30 s is for single screens. */
export const LONG_FLOW_TIMEOUT = 60_000;

/** Screenshots of the main screens, kept for people to look at (e2e/artifacts is git-ignored). */
export const SCREENS_DIR = join(import.meta.dirname, '..', 'artifacts', 'screens');

/**
 * Whether checkScreen saves its full-page screenshot. On by default, for people to look at; CI, where nobody opens
 * them, skips them (E2E_SCREENS=1 keeps them there too). A failing test still gets Playwright's own screenshot.
 */
const SAVE_SCREENS = process.env.E2E_SCREENS ? process.env.E2E_SCREENS !== '0' : !process.env.CI;

/** Waits until the screen has settled: its heading is shown and no loader or skeleton is left. */
export async function waitForSettledScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(
    page.locator('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]'),
  ).toHaveCount(0);
  // Modals and toasts fade in; axe measures colour contrast, so let finite transitions end before it looks.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}

/**
 * The check every visited screen gets: it has settled, it passes axe (serious/critical WCAG 2.1 A/AA), and a
 * full-page screenshot is saved as e2e/artifacts/screens/<name>.png.
 */
export async function checkScreen(page: Page, name: string, options: { exclude?: string[] } = {}): Promise<void> {
  await waitForSettledScreen(page);
  await expectAccessible(page, name, options);
  if (!SAVE_SCREENS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

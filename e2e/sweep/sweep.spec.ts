import { expect, test, type Page } from '@playwright/test';
import { DEMO_LOGINS } from '../../scripts/demo/demo-people';
import { join } from 'node:path';
import { SCREENS_DIR, waitForSettledScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';
import { viewerNavigation } from '../support/viewer-navigation';
import {
  axeFindings,
  cutTextFindings,
  expectNoFindings,
  goToScreen,
  popupFindings,
  popupTriggers,
  sidewaysFindings,
  smallTargetFindings,
  type Finding,
} from './sweep-checks';

/**
 * The all-screens sweep: every demo login, at 1280 px and on a 390 px phone, visits home and every screen of its
 * sidebar in turn (one page per role, client-side moves) and collects on each: axe (WCAG 2.1 AA, serious and
 * critical) on the page and, at 1280 px, with each menu, popover and date picker open; a document wider than the
 * window; text cut by an ellipsis with no way to read it whole; a target under 24 x 24 px (WCAG 2.2); a menu Tab
 * cannot leave, a popup Escape cannot close. The header's menus are the same on every screen and are opened on the
 * first screen only; on the phone the navigation drawer is opened there too.
 */

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

async function screensOf(page: Page): Promise<Array<{ to: string; label: string }>> {
  const nav = await viewerNavigation(page);
  const screens = [{ to: '/', label: 'Home' }];
  for (const module of nav) {
    for (const item of module.items) screens.push({ to: item.to, label: `${module.label} › ${item.label}` });
  }
  return screens;
}

/** With SWEEP_SCREENSHOTS=1 the sweep keeps a picture of each screen in e2e/artifacts/screens/sweep/ to look at. */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  const file = join(SCREENS_DIR, 'sweep', `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}

/** Opens a screen client-side and waits for it to settle; a full load is the fallback. False if it never settles. */
async function openScreen(page: Page, to: string): Promise<boolean> {
  await goToScreen(page, to);
  if (
    await waitForSettledScreen(page).then(
      () => true,
      () => false,
    )
  )
    return true;
  await page.goto(to);
  return settleSlowly(page);
}

/** A first load on a busy machine fetches the screen's code and data: it gets a minute before the usual checks. */
async function settleSlowly(page: Page): Promise<boolean> {
  return expect(page.getByRole('heading', { level: 1 }).first())
    .toBeVisible({ timeout: 60_000 })
    .then(() => expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0, { timeout: 60_000 }))
    .then(() => waitForSettledScreen(page))
    .then(
      () => true,
      () => false,
    );
}

/**
 * Everything the sweep checks on one settled screen; `chrome` adds the header's menus (and the phone's drawer).
 * Menus, popovers and date pickers are drawn and behave the same at both widths, so they are opened at 1280 px only;
 * the phone pass checks what the width changes: the page's axe, sideways scroll, cut text, target sizes, the drawer.
 */
async function sweepScreen(page: Page, screen: string, chrome: boolean): Promise<Finding[]> {
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  const findings: Finding[] = [];
  // The header and sidebar are the same on every screen: axe reads them whole on the first, the main area after.
  findings.push(...(await axeFindings(page, screen, undefined, chrome ? undefined : 'main')));
  findings.push(...(await sidewaysFindings(page, screen)));
  findings.push(...(await cutTextFindings(page, screen)));
  findings.push(...(await smallTargetFindings(page, screen)));
  const scope = chrome ? page.locator('body') : page.locator('main');
  if (!phone) {
    for (const trigger of await popupTriggers(scope)) findings.push(...(await popupFindings(page, screen, trigger)));
  }
  if (chrome) {
    const burger = page.getByRole('button', { name: 'Open navigation' });
    if (await burger.isVisible()) {
      await burger.click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link').first().waitFor();
      await page.waitForTimeout(300);
      findings.push(...(await axeFindings(page, screen, { kind: 'navigation drawer', name: 'Main' })));
      await page.keyboard.press('Escape');
      if (await nav.isVisible()) await page.getByRole('button', { name: 'Close navigation' }).click();
    }
  }
  return findings;
}

test.describe.configure({ mode: 'parallel' });

for (const person of DEMO_LOGINS) {
  for (const viewport of VIEWPORTS) {
    test(`sweep: ${person.label} (${person.email}) at ${viewport.width} px`, async ({ page }) => {
      // The whole walk of a role: up to 30 screens, each with axe on the page and on every kind of popup.
      test.setTimeout(600_000);
      await page.setViewportSize(viewport);
      await logInThroughApi(page, person.email);
      const screens = await screensOf(page);
      await page.goto('/');
      if (!(await settleSlowly(page))) throw new Error(`Home did not load for ${person.email}`);
      const findings: Finding[] = [];
      for (const [index, { to, label }] of screens.entries()) {
        const screen = `${label} (${to}) at ${viewport.width} px`;
        // Home is where the login landed; every other screen is reached the way its sidebar link goes.
        if (index > 0 && !(await openScreen(page, to))) {
          findings.push({ screen, check: 'screen did not load', detail: 'no main heading within 10 s' });
          continue;
        }
        findings.push(...(await sweepScreen(page, screen, index === 0)));
        if (process.env.SWEEP_SCREENSHOTS) await keepScreenshot(page, `${person.email}-${viewport.width}-${index}`);
      }
      expectNoFindings(findings);
    });
  }
}

import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { WCAG_TAGS } from '../support/axe';

const expect = baseExpect.configure({ timeout: 45_000 });

/** The outline a focused element draws, read from the computed style. */
export async function focusOutline(target: Locator): Promise<{ style: string; width: number; color: string }> {
  return target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
  });
}

/** A ring a keyboard user can see: a solid or dashed outline at least 2 px wide. */
export async function expectFocusRing(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const ring = await focusOutline(target);
  expect(ring.style, 'outline style').not.toBe('none');
  expect(ring.width, 'outline width').toBeGreaterThanOrEqual(2);
}

/** Switches the whole app to the dark colour scheme (Mantine reads the attribute on <html>). */
export async function useDarkScheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((on) => {
    document.documentElement.setAttribute('data-mantine-color-scheme', on ? 'dark' : 'light');
  }, dark);
}

/** Every WCAG 2.1 A/AA violation axe finds inside `selector` (any impact), as "rule: target" lines. */
export async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .include(selector)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** Presses Tab until `target` has focus (at most `max` times); fails if it never does. */
export async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: the accessibility bar every screen has to clear. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a test; 'minor' and 'moderate' findings are reported by axe but tolerated for now. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
export type Violation = AxeResults['violations'][number];

/** One line per violation and up to three offending elements, so a failure says what to fix without a trace. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 3)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 3 ? `\n    … and ${v.nodes.length - 3} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * The serious and critical WCAG 2.1 A/AA violations on what the page shows now (iframes included), within `include`
 * when given (e.g. an open menu's dropdown) and outside `exclude`. `inPage` runs axe in the page itself (axe's legacy
 * mode) instead of finishing in a blank second page: seconds faster per scan, for sweeps of many screens.
 */
export async function blockingViolations(
  page: Page,
  options: { include?: string; exclude?: string[]; inPage?: boolean } = {},
): Promise<Violation[]> {
  // Only violations are read; asking axe for nothing else keeps each scan quick.
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(options.inPage ?? false);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((v) => v.impact && BLOCKING_IMPACTS.has(v.impact));
}

/**
 * blockingViolations, looked at twice when a toast may be to blame. A toast (a live notification the test did not
 * cause, such as a calendar reminder coming due) can arrive while axe looks and be measured half faded in. When every
 * finding sits in a toast, or is gone, the transition is let end and axe looks again: a toast that fails contrast
 * once settled still fails.
 */
export async function settledBlockingViolations(
  page: Page,
  options: Parameters<typeof blockingViolations>[1] = {},
): Promise<Violation[]> {
  const blocking = await blockingViolations(page, options);
  if (blocking.length === 0 || !(await allInToasts(page, blocking))) return blocking;
  await page.waitForTimeout(TOAST_TRANSITION_MS);
  return blockingViolations(page, options);
}

/**
 * Runs axe-core on what the page shows now and fails on any serious or critical WCAG 2.1 A/AA violation. `screen`
 * names the screen in the failure message. It scans in the page itself: the same rules, seconds quicker per screen
 * on a loaded machine than finishing in a second blank page.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  options: { exclude?: string[] } = {},
): Promise<void> {
  const blocking = await settledBlockingViolations(page, { ...options, inPage: true });
  expect(blocking.length, `Accessibility violations on "${screen}":\n${describeViolations(blocking)}`).toBe(0);
}

/** Longer than a toast's enter transition (Mantine's notifications take 250 ms). */
const TOAST_TRANSITION_MS = 600;

/** Whether every element the violations name is inside the notifications container, or gone. */
async function allInToasts(page: Page, violations: Violation[]): Promise<boolean> {
  const selectors = violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  return page.evaluate(
    (list) =>
      list.every((selector) => {
        try {
          // An element already gone (a toast that faded out) is judged by the second look as well.
          const element = document.querySelector(selector);
          return !element || !!element.closest('.mantine-Notifications-root');
        } catch {
          return false;
        }
      }),
    selectors,
  );
}

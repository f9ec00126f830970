import { expect, type Locator, type Page } from '@playwright/test';
import { settledBlockingViolations, describeViolations } from '../support/axe';

/**
 * The checks the all-screens sweep makes on each screen state. Each returns findings instead of failing, so one run
 * lists every fault of a role at once; the spec filters the known ones and fails on the rest.
 */

/** What a finding is about, so a known fault can be matched exactly (see KNOWN_FAULTS in the spec). */
export type PopupKind = 'menu' | 'popover' | 'date picker' | 'navigation drawer';

export interface Finding {
  screen: string;
  check:
    | 'axe'
    | 'sideways scroll'
    | 'cut text'
    | 'tab cannot leave'
    | 'escape cannot leave'
    | 'popup did not open'
    | 'screen did not load'
    | 'small target';
  /** Set when the finding is about an open popup rather than the page itself. */
  popup?: { kind: PopupKind; name: string };
  /** axe rule ids, for axe findings. */
  rules?: string[];
  detail: string;
}

/** Moves to another screen the way the sidebar's links do (client-side), without reloading the app. */
export async function goToScreen(page: Page, to: string): Promise<void> {
  const before = page.url();
  if (new URL(before).pathname + new URL(before).search === to) return;
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

export async function axeFindings(page: Page, screen: string, popup?: Finding['popup'], include?: string) {
  const violations = await settledBlockingViolations(page, { include, inPage: true });
  if (violations.length === 0) return [];
  const finding: Finding = {
    screen,
    check: 'axe',
    popup,
    rules: violations.map((v) => v.id),
    detail: describeViolations(violations),
  };
  return [finding];
}

/** The document must not be wider than the window: nothing scrolls the whole page sideways. */
export async function sidewaysFindings(page: Page, screen: string): Promise<Finding[]> {
  const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return { scrollWidth: 0, clientWidth: 0, widest: '' };
    // Name the element that sticks out furthest, so the finding says where to look.
    let widest = '';
    let right = root.clientWidth;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > right + 1) {
        right = r.right;
        widest = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')}`;
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
  });
  if (scrollWidth <= clientWidth) return [];
  return [
    {
      screen,
      check: 'sideways scroll',
      detail: `document is ${scrollWidth} px wide in a ${clientWidth} px window (furthest out: ${widest || 'unknown'})`,
    },
  ];
}

/**
 * Text cut by `text-overflow: ellipsis` (one line or a line clamp) must keep its full text reachable: a `title` or an
 * accessible name holding it on the element or a close ancestor, as the shared Truncate component gives.
 */
export async function cutTextFindings(page: Page, screen: string): Promise<Finding[]> {
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      if (style.textOverflow !== 'ellipsis') continue;
      const isCut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (!isCut || !el.checkVisibility()) continue;
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) continue;
      let reachable = false;
      for (let n: HTMLElement | null = el, depth = 0; n && depth < 4; n = n.parentElement, depth++) {
        const full = `${n.getAttribute('title') ?? ''} ${n.getAttribute('aria-label') ?? ''}`;
        if (full.replace(/\s+/g, ' ').includes(text)) reachable = true;
      }
      if (!reachable) found.push(`"${text.slice(0, 60)}" (${el.tagName.toLowerCase()}.${[...el.classList][0] ?? ''})`);
    }
    return found;
  });
  if (cut.length === 0) return [];
  return [{ screen, check: 'cut text', detail: `cut without its full text: ${cut.slice(0, 5).join(', ')}` }];
}

/**
 * WCAG 2.2 target size (minimum): every button, link, check box or radio a pointer has to hit is 24 x 24 px at
 * least, unless it is a link inside a sentence or a 24 px circle around it touches no other target (the spacing
 * exception). Visually hidden inputs whose label is the target (segmented controls, switches) are left out.
 */
export async function smallTargetFindings(page: Page, screen: string): Promise<Finding[]> {
  const small = await page.evaluate(() => {
    const selector =
      'button, a[href], input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"], [role="menuitem"]';
    const targets = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((el) => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    });
    const boxes = targets.map((el) => el.getBoundingClientRect());
    const found: string[] = [];
    targets.forEach((el, i) => {
      const r = boxes[i]!;
      if (r.width >= 23.5 && r.height >= 23.5) return;
      // A link in running text is exempt: its size is the text's.
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') return;
      // The spacing exception: a 24 px circle on its centre meets no other target.
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const crowded = boxes.some((o, j) => {
        if (j === i || targets[j]!.contains(el) || el.contains(targets[j]!)) return false;
        const dx = Math.max(o.left - cx, 0, cx - o.right);
        const dy = Math.max(o.top - cy, 0, cy - o.bottom);
        return Math.hypot(dx, dy) < 12;
      });
      if (!crowded) return;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    });
    return found;
  });
  if (small.length === 0) return [];
  return [{ screen, check: 'small target', detail: `below 24 x 24 px: ${small.slice(0, 6).join(', ')}` }];
}

/** A short description of the focused element, to tell whether a key press moved the focus. */
async function focusedElement(page: Page): Promise<{ key: string; inside: boolean; body: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const popup = el?.closest('[role="menu"], [role="dialog"], [role="listbox"]');
    if (el && !el.dataset.sweepId) el.dataset.sweepId = String(Math.random());
    return { key: el?.dataset.sweepId ?? '', inside: !!popup, body: !el || el === document.body };
  });
}

/**
 * The popup triggers (menus, popovers, date pickers) visible in `scope`: Mantine marks each with aria-haspopup and
 * points aria-controls at its dropdown once open.
 */
export async function popupTriggers(scope: Locator): Promise<Locator[]> {
  const all = await scope.locator('[aria-haspopup="menu"], [aria-haspopup="dialog"]').all();
  const visible: Locator[] = [];
  const kinds = new Set<string>();
  for (const trigger of all) {
    if (!(await trigger.isVisible()) || !(await trigger.isEnabled())) continue;
    // A list repeats one menu per row ("Actions for Emergency contact card", "Actions for …"): one of each is enough.
    const kind = `${await trigger.getAttribute('aria-haspopup')}:${(await nameOf(trigger)).split(/ for |:/)[0]}`;
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    visible.push(trigger);
  }
  return visible;
}

async function nameOf(trigger: Locator): Promise<string> {
  return trigger.evaluate((el) => {
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const by = el.getAttribute('aria-labelledby');
    const labelled = by ? document.getElementById(by.split(' ')[0]!)?.textContent : null;
    return (labelled ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60) || el.tagName.toLowerCase();
  });
}

/**
 * Opens one popup, runs axe on it, and checks the keyboard can leave it: Tab moves focus out of a menu (WAI-ARIA
 * menu button), and a dialog-like popup (popover, date picker) lets Tab move and Escape close it, returning focus
 * to the page. Leaves the popup closed.
 */
export async function popupFindings(page: Page, screen: string, trigger: Locator): Promise<Finding[]> {
  const findings: Finding[] = [];
  const name = await nameOf(trigger);
  const isMenu = (await trigger.getAttribute('aria-haspopup')) === 'menu';
  await trigger.click();
  const controls = await expect
    .poll(async () => trigger.getAttribute('aria-controls'), { timeout: 3_000 })
    .not.toBeNull()
    .then(() => trigger.getAttribute('aria-controls'))
    .catch(() => null);
  const dropdown = controls ? page.locator(`[id="${controls}"]`) : null;
  if (!dropdown || !(await dropdown.isVisible().catch(() => false))) {
    await page.keyboard.press('Escape');
    return [{ screen, check: 'popup did not open', popup: { kind: 'popover', name }, detail: `"${name}"` }];
  }
  const isDatePicker = (await dropdown.locator('table, [class*="CalendarHeader"]').count()) > 0;
  const popup: Finding['popup'] = { kind: isMenu ? 'menu' : isDatePicker ? 'date picker' : 'popover', name };
  // Let the dropdown's fade-in end: axe measures contrast on what is drawn.
  await page.waitForTimeout(200);
  findings.push(...(await axeFindings(page, screen, popup, `[id="${controls}"]`)));

  const before = await focusedElement(page);
  await page.keyboard.press('Tab');
  const after = await focusedElement(page);
  const stuck = after.key === before.key || after.body;
  if (isMenu ? stuck || after.inside : stuck) {
    findings.push({
      screen,
      check: 'tab cannot leave',
      popup,
      detail: `Tab left the focus ${after.body ? 'on the page body' : after.inside ? 'inside the menu' : 'where it was'}`,
    });
  }
  if (await dropdown.isVisible()) {
    await page.keyboard.press('Escape');
    const closed = await dropdown
      .waitFor({ state: 'hidden', timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    if (!closed) {
      findings.push({ screen, check: 'escape cannot leave', popup, detail: 'Escape did not close it' });
      // Close it anyway so the sweep can go on.
      await page.mouse.click(2, 2);
    }
  }
  return findings;
}

/** Fails the test with every finding left, one paragraph each, naming the screen. */
export function expectNoFindings(findings: Finding[]): void {
  const text = findings
    .map(
      (f) =>
        `• ${f.screen}${f.popup ? ` with the ${f.popup.kind} "${f.popup.name}" open` : ''}: ${f.check}\n${f.detail}`,
    )
    .join('\n');
  expect(findings.length, `Faults found:\n${text}`).toBe(0);
}

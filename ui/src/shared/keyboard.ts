/**
 * Keyboard and focus helpers shared by the app shell, the theme and the screens: where focus goes after a route
 * change, an error or a deletion, and how a menu lets Tab out. Pure DOM, no React, so the rules stay in one place.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** The page's main heading: the first h1 inside <main>. */
export function mainHeading(root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>('#main h1');
}

/** Focuses an element that is not natively focusable (a heading, an alert) without drawing a scroll jump. */
export function focusStatic(el: HTMLElement | null): boolean {
  if (!el) return false;
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: false });
  return document.activeElement === el;
}

/** The first form control marked invalid inside `container` (Mantine sets aria-invalid on fields with an error). */
export function firstInvalidField(container: ParentNode): HTMLElement | null {
  return container.querySelector<HTMLElement>('[aria-invalid="true"]');
}

/**
 * Tab inside an open menu: Mantine's focus trap would keep focus in the menu, whose items are not tabbable, so Tab
 * did nothing. Here Tab (and Shift-Tab) close the menu and put focus back on the button that opened it; the next Tab
 * moves on from there. The opener is found through the dropdown's aria-labelledby, which Mantine sets to its id.
 */
export function closeMenuOnTab(event: ReactKeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const openerId = event.currentTarget.getAttribute('aria-labelledby');
  const opener = openerId ? document.getElementById(openerId) : null;
  if (!opener) return;
  event.preventDefault();
  opener.click();
  opener.focus();
}

/** How long the shell waits for a lazily loaded page to draw its heading before giving up. */
export const HEADING_WAIT_MS = 20_000;

/**
 * Calls `found` with the page's main heading as soon as it is in the document (it may arrive after a lazy chunk and
 * a query), or not at all: after `timeoutMs`, or once the user presses a key or the pointer in the meantime (they
 * have moved on; focus must not jump under them). Returns a function that stops waiting.
 */
export function whenMainHeading(found: (heading: HTMLElement) => void, timeoutMs = HEADING_WAIT_MS): () => void {
  const now = mainHeading();
  if (now) {
    found(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const heading = mainHeading();
    if (!heading) return;
    stop();
    found(heading);
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  return stop;
}

/** The element a focus inside an open menu stands for: the menu's button (the menu itself is about to close). */
function standInFor(el: HTMLElement, doc: Document): HTMLElement {
  const id = el.closest('[data-menu-dropdown]')?.getAttribute('aria-labelledby');
  return (id && doc.getElementById(id)) || el;
}

/**
 * Dialogs and drawers return focus to their opener, even when the screen mounts the dialog only while it is open
 * (Mantine's own return needs `opened` to change) or opens it from a menu item (gone once the menu closes): the
 * element focused before focus entered a dialog is remembered, a menu item standing for its menu's button, and
 * when the dialog leaves the document with focus on <body>, focus goes back there. Installed once, at start-up.
 */
export function installFocusReturn(doc: Document = document): () => void {
  let lastFocused: HTMLElement | null = null;
  const openers = new Map<Element, HTMLElement>();
  const observer = new MutationObserver(() => {
    for (const [dialog, opener] of openers) {
      if (dialog.isConnected) continue;
      openers.delete(dialog);
      const active = doc.activeElement;
      if ((!active || active === doc.body) && opener.isConnected) opener.focus();
    }
    if (openers.size === 0) observer.disconnect();
  });
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const dialog = target.closest('[role="dialog"], [role="alertdialog"]');
    const previous = lastFocused;
    lastFocused = standInFor(target, doc);
    if (!dialog || openers.has(dialog) || !previous || dialog.contains(previous)) return;
    if (openers.size === 0) observer.observe(doc.body, { childList: true, subtree: true });
    openers.set(dialog, previous);
  };
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}

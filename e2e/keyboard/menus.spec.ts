import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { logInThroughApi } from '../support/session';
import { createFormAndPacket } from '../packets/packet-fixtures';
import { axeViolationsIn } from './keyboard-support';

// The machine these run on can be slow: a page may take a while to draw; nothing here is about speed.
const expect = baseExpect.configure({ timeout: 45_000 });

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * Opens the menu of `opener` with Enter and checks it: focus on its first item (not an invisible placeholder), no
 * axe finding inside it; then Tab, Shift+Tab and Escape each close it with focus back on the opener.
 */
async function checkMenu(page: Page, opener: Locator, firstItem: string): Promise<void> {
  for (const leave of ['Tab', 'Shift+Tab', 'Escape']) {
    await opener.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: firstItem })).toBeFocused();
    await expect(menu.locator('[role="presentation"]')).toHaveCount(0);
    if (leave === 'Tab') expect(await axeViolationsIn(page, '[role="menu"]')).toEqual([]);
    // Arrow keys still move inside the menu.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: firstItem })).not.toBeFocused();
    await page.keyboard.press(leave);
    await expect(menu).toBeHidden();
    await expect(opener, `focus back on the opener after ${leave}`).toBeFocused();
  }
  // With focus on the opener, the next Tab moves on: nothing holds it.
  await page.keyboard.press('Tab');
  await expect(opener).not.toBeFocused();
}

/** The name of a menu's first item (opened and closed again by keyboard). */
async function firstItemOf(page: Page, opener: Locator): Promise<string> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const name = (await page.getByRole('menuitem').first().textContent())?.trim() ?? '';
  await page.keyboard.press('Escape');
  expect(name).not.toBe('');
  return name;
}

test('the account menu and the packets "More actions" menu: Tab and Escape leave them, focus returns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInThroughApi(page, 'admin@demo.edu');
  const tag = uniqueTag();
  await createFormAndPacket(page.request, tag);
  await page.goto('/sprySign/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-signature');

  await checkMenu(page, page.getByRole('button', { name: 'Account menu for Dana Whitfield' }), 'My profile');

  await page.getByRole('textbox', { name: 'Search packets' }).fill(tag);
  const more = page.getByRole('button', { name: `More actions: Physical clearance ${tag}` });
  await expect(more).toBeVisible();
  const firstItem = await firstItemOf(page, more);
  await checkMenu(page, more, firstItem);

  // A dialog opened from a menu item returns focus to the menu's button when it closes.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Move to folder' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move packet' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();
});

test("the athlete's New disclosure menu: Tab and Escape leave it, Enter on an item opens the wizard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInThroughApi(page, 'athlete@demo.edu');
  await page.goto('/studentDisclosureList');
  const opener = page.getByRole('button', { name: 'New disclosure' });
  const first = await firstItemOf(page, opener);
  await checkMenu(page, opener, first);
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: first })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/createDisclosures\?type=/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});

import type { Locator, Page } from '@playwright/test';

/**
 * The portal's header tabs in order, as a person finds them: the links in the Main navigation, then those in its
 * "More" menu (tabs that do not fit the window's width).
 */
export async function headerTabs(page: Page): Promise<Array<{ name: string; href: string | null }>> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const read = async (items: ReturnType<Page['getByRole']>) =>
    Promise.all(
      (await items.all()).map(async (item) => ({
        name: ((await item.textContent()) ?? '').trim(),
        href: await item.getAttribute('href'),
      })),
    );
  const tabs = await read(nav.getByRole('link'));
  const more = nav.getByRole('button', { name: /^More/ });
  if ((await more.count()) === 0) return tabs;
  await more.click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await items.first().waitFor();
  tabs.push(...(await read(items)));
  await page.keyboard.press('Escape');
  return tabs;
}

/** A header tab by its accessible name, in the row or, after opening it, in the "More" menu. */
export async function findHeaderTab(page: Page, name: string | RegExp): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link').first().waitFor();
  const exact = typeof name === 'string';
  const link = nav.getByRole('link', { name, exact });
  if ((await link.count()) > 0) return link;
  await nav.getByRole('button', { name: /^More/ }).click();
  return page.getByRole('menuitem', { name, exact });
}

/** Opens a header tab by its name, through the "More" menu when it is there. */
export async function openHeaderTab(page: Page, name: string | RegExp): Promise<void> {
  await (await findHeaderTab(page, name)).click();
}

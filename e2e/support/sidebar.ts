import type { Locator, Page } from '@playwright/test';

/** The Main navigation (the sidebar), opened first through the burger on a phone-sized window. */
async function openSidebar(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (!(await nav.isVisible()) && (await burger.isVisible())) await burger.click();
  await nav.getByRole('link').first().waitFor();
  return nav;
}

/** Opens every folded group of the sidebar, so all its links can be read. */
async function unfoldGroups(nav: Locator): Promise<void> {
  const folded = nav.locator('button[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
}

/** The sidebar's links in order, as a person finds them (groups unfolded), with their module group. */
export async function sidebarLinks(page: Page): Promise<Array<{ name: string; href: string | null }>> {
  const nav = await openSidebar(page);
  await unfoldGroups(nav);
  const links = await nav.getByRole('link').all();
  return Promise.all(
    links.map(async (link) => ({
      name: ((await link.textContent()) ?? '').trim(),
      href: await link.getAttribute('href'),
    })),
  );
}

/** A sidebar link by its accessible name (a string matches the start of the name: counts and badges follow it). */
export async function findNavLink(page: Page, name: string | RegExp): Promise<Locator> {
  const nav = await openSidebar(page);
  await unfoldGroups(nav);
  const pattern = typeof name === 'string' ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : name;
  return nav.getByRole('link', { name: pattern }).first();
}

/** Follows a sidebar link by its name. */
export async function openNavLink(page: Page, name: string | RegExp): Promise<void> {
  await (await findNavLink(page, name)).click();
}

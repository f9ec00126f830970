import { expect, test, type Page } from '@playwright/test';
import { submitDisclosureThroughApi } from '../support/disclosures';
import { checkScreen } from '../support/screens';
import { demoAcademicYear } from '../../scripts/demo/demo-calendar';
import { apiClientAs, logInThroughApi } from '../support/session';
import { sidebarLinks } from '../support/sidebar';
import { viewerNavigation } from '../support/viewer-navigation';

test.describe.configure({ mode: 'parallel' });

/** An internal value such as SCHOOL_ADMIN or CHANGE_REQUESTED: upper-case words joined by underscores. */
const RAW_VALUE = /\b[A-Z]{2,}(_[A-Z]+)+\b/;

async function expectNoRawValues(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_VALUE)?.[0] ?? null, `an internal value on ${where}`).toBeNull();
  // Nor developer placeholders.
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  expect(text).not.toContain('Route:');
}

const ROLES = [
  'admin@demo.edu',
  'staffadmin@demo.edu',
  'coach@demo.edu',
  'athlete@demo.edu',
  'educator@demo.edu',
  'vendor@demo.edu',
  'operator@provider.test',
];

for (const email of ROLES) {
  test(`${email} opens every module of the sidebar and sees no placeholder or raw value`, async ({ page }) => {
    test.setTimeout(120_000);
    await logInThroughApi(page, email);
    await page.goto('/');
    const nav = await viewerNavigation(page);
    const links = await sidebarLinks(page);
    // The first screen of each module, followed from the sidebar itself.
    for (const module of nav) {
      const item = module.items.find((i) => !i.needsPlan) ?? module.items[0]!;
      const link = page.getByRole('navigation', { name: 'Main' }).locator(`a[href="${item.to}"]`);
      expect(links.map((l) => l.href)).toContain(item.to);
      await link.click();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expectNoRawValues(page, item.to);
    }
  });
}

test('the command palette jumps to a screen and finds people, teams and disclosures by name', async ({ page }) => {
  test.setTimeout(90_000);
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/adminHome');
  // First loads of a screen's code are slow on a busy machine; the checks after it use the usual timeouts.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Control+K');
  const search = page
    .getByRole('searchbox', { name: 'Search screens and records' })
    .or(page.getByRole('textbox', { name: 'Search screens and records' }));
  await expect(search).toBeVisible();
  await search.fill('sent');
  await page.getByRole('button', { name: /^Sent/ }).first().click();
  await expect(page).toHaveURL(/\/sent$/);

  // The header's button opens it too (the shortcut is ignored while a page's own field has the focus).
  await page
    .getByRole('button', { name: /^Search/ })
    .first()
    .click();
  await search.fill('Football');
  // The group's heading is drawn by CSS (no text node); the group carries it as its accessible name.
  const teams = page.getByRole('group', { name: 'Teams' });
  await expect(teams).toBeVisible();
  await teams
    .getByRole('button', { name: /^Football/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/teams$/);
});

test('My Tasks lists a disclosure review, and deciding it removes the task live in another window', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const company = `Palette Smoothies ${Date.now()}`;
  const id = await submitDisclosureThroughApi(company);

  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/task?module=disclosure');
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Disclosures');
  await checkScreen(page, 'my-tasks');
  await expectNoRawValues(page, '/task');

  // The same officer decides in a second window; the first window's list and sidebar count follow without a reload.
  const other = await browser.newContext();
  const second = await other.newPage();
  await logInThroughApi(second, 'admin@demo.edu');
  await second.goto(`/disclosuredetail?id=${id}`);
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const approve = await second.request.post(`/api/v1/disclosures/${id}/review`, { data: { decision: 'APPROVE' } });
  expect(approve.status()).toBe(200);
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  await other.close();
});

for (const width of [1280, 390]) {
  test(`the shell passes axe at ${width} px, with the navigation open`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await logInThroughApi(page, 'admin@demo.edu');
    await page.goto('/task');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Tasks', { timeout: 30_000 });
    if (width < 768) {
      // On a phone the sidebar waits off screen behind the burger.
      await expect(page.getByRole('navigation', { name: 'Main' })).not.toBeInViewport();
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
    }
    await checkScreen(page, `shell-${width}`);
  });
}

test("the coach's team card counts a task about the team itself and opens it in My Tasks", async ({ page }) => {
  test.setTimeout(120_000);
  // Its own task, not the demo's (other tests act on those): Men's Soccer, which the demo coach assists and no other
  // test rolls over, into a year of its own.
  const admin = await apiClientAs('admin@demo.edu');
  const startYear = demoAcademicYear().startYear + 4;
  const years = (await (await admin.get('/api/v1/academic-years')).json()) as {
    items: Array<{ id: string; startYear: number }>;
  };
  let yearId = years.items.find((y) => y.startYear === startYear)?.id;
  if (!yearId) {
    const created = await admin.post('/api/v1/academic-years', {
      data: { startYear, terms: [{ term: 'FALL', startDate: `${startYear}-08-20`, endDate: `${startYear}-12-14` }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    yearId = ((await created.json()) as { id: string }).id;
  }
  await logInThroughApi(page, 'coach@demo.edu');
  const teams = (await (await page.request.get('/api/v1/tasks/mine/teams')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const soccer = teams.items.find((t) => t.name === "Men's Soccer")!;
  const rollover = await page.request.post(`/api/v1/rosters/${soccer.id}/${yearId}/rollover`);
  expect(rollover.status(), await rollover.text()).toBe(200);
  const title = `Roll over and submit the Men's Soccer roster for ${startYear}-${startYear + 1}`;

  await page.goto('/coachDashboard');
  // The roster task is about the team, not an athlete: the team's card counts it.
  const card = page.getByTestId('coach-team-card').filter({ hasText: "Men's Soccer" });
  await expect(card).toContainText(/\d+ tasks? waiting on you/, { timeout: 30_000 });
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Tasks');
  await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 30_000 });
  const count = Number((await page.request.get(`/api/v1/tasks/mine?teamId=${soccer.id}`).then((r) => r.json())).total);
  expect(count).toBeGreaterThanOrEqual(1);
  await page.goto('/coachDashboard');
  await expect(card).toContainText(count === 1 ? '1 task waiting on you' : `${count} tasks waiting on you`);
});

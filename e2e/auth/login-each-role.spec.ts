import { expect, test } from '@playwright/test';
import { HEADER_TABS } from '../../domain/routes';
import type { Portal } from '../../domain/roles';
import { DEMO_PASSWORD } from '../support/app-urls';
import { headerTabs } from '../support/header-tabs';
import { checkScreen } from '../support/screens';
import { demoPerson, logInThroughForm, logOutThroughMenu } from '../support/session';

/** Each demo login, the portal it must land in (spec part 2 §6) and that portal's home page and heading. */
const LOGINS: Array<{ email: string; portal: Portal; home: string; heading: RegExp }> = [
  { email: 'admin@demo.edu', portal: 'admin', home: '/adminHome', heading: /^Welcome, Dana$/ },
  { email: 'staffadmin@demo.edu', portal: 'admin', home: '/adminHome', heading: /^Welcome, Marcus$/ },
  { email: 'coach@demo.edu', portal: 'coach', home: '/coachDashboard', heading: /^Welcome, Coach Castillo$/ },
  { email: 'athlete@demo.edu', portal: 'athlete', home: '/studentAthleteHome', heading: /^Welcome, Jordan$/ },
  { email: 'educator@demo.edu', portal: 'educator', home: '/educationPortal', heading: /^Education portal$/ },
  { email: 'vendor@demo.edu', portal: 'partner', home: '/vendorDashboard', heading: /^Welcome, Lena$/ },
  { email: 'thirdparty@demo.edu', portal: 'partner', home: '/vendorDashboard', heading: /^Welcome, Tom$/ },
  { email: 'agent@demo.edu', portal: 'partner', home: '/vendorDashboard', heading: /^Welcome, Nina$/ },
  { email: 'operator@provider.test', portal: 'operator', home: '/school', heading: /^Schools$/ },
  { email: 'admin@basic.edu', portal: 'admin', home: '/adminHome', heading: /^Welcome, Grace$/ },
];

test.describe.configure({ mode: 'parallel' });

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await checkScreen(page, 'login');
});

for (const login of LOGINS) {
  test(`${login.email} logs in to the ${login.portal} portal home with its tabs, then logs out`, async ({ page }) => {
    const person = demoPerson(login.email);
    await logInThroughForm(page, login.email);
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(login.home)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.heading);

    // Every tab of the portal, in order: in the row, or in its "More" menu when the window is too narrow.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeVisible();
    const tabs = await headerTabs(page);
    const expected = HEADER_TABS[login.portal];
    expect(tabs.map((t) => t.href)).toEqual(expected.map((t) => t.path));
    for (const [i, tab] of expected.entries()) expect(tabs[i]!.name).toMatch(new RegExp(`^${escapeRegExp(tab.label)}`));
    await checkScreen(page, `home-${login.email.replace(/[@.]/g, '-')}`);

    await logOutThroughMenu(page, `${person.firstName} ${person.lastName}`);
    // The session is really gone: a signed-in page sends the visitor back to the login form.
    await page.goto(login.home);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(login.home)}$`));
  });
}

test('a wrong password is refused with the catalogue message', async ({ page }) => {
  await page.goto('/login');
  // An address nobody has: failed attempts are rate-limited per address, and demo logins must stay usable.
  await page.getByLabel('Email').fill('nobody.e2e@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong email or password.');
  await expect(page).toHaveURL(/\/login$/);
  await checkScreen(page, 'login-wrong-password');
});

test('after logging in, the visitor returns to the page they asked for', async ({ page }) => {
  await page.goto('/teams');
  await expect(page).toHaveURL(/\/login\?next=%2Fteams$/);
  await page.getByLabel('Email').fill('admin@demo.edu');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sport teams' })).toBeVisible();
});

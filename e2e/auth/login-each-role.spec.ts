import { expect, test } from '@playwright/test';
import { navigationFor } from '../../domain/routes';
import type { Portal } from '../../domain/roles';
import { DEMO_PASSWORD } from '../support/app-urls';
import { sidebarLinks } from '../support/sidebar';
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
  test(`${login.email} logs in to the ${login.portal} portal home with its sidebar, then logs out`, async ({
    page,
  }) => {
    const person = demoPerson(login.email);
    await logInThroughForm(page, login.email);
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(login.home)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(login.heading);

    // Every screen of the sidebar, in order, as the route table and the person's permissions and plan decide.
    const me = (await (await page.request.get('/api/v1/auth/me')).json()) as {
      portal: Portal;
      permissions: Parameters<typeof navigationFor>[0]['permissions'];
      school: { id: string; plan: 'COMPLIANCE' | 'CONNECT' };
    };
    const expected = navigationFor({
      portal: me.portal,
      permissions: me.permissions,
      plan: me.school.plan,
      schoolId: me.school.id,
    }).flatMap((m) => m.items);
    const links = await sidebarLinks(page);
    expect(links.map((t) => t.href)).toEqual(expected.map((t) => t.to));
    for (const [i, item] of expected.entries())
      expect(links[i]!.name).toMatch(new RegExp(`^${escapeRegExp(item.label)}`));
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

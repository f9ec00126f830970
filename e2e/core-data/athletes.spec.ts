import { expect, test } from '@playwright/test';
import { baseUrl } from '../support/app-urls';
import { linkInMail, waitForMail } from '../support/mailbox';
import { NEW_PASSWORD, uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

test.describe.configure({ mode: 'parallel' });

test('an admin adds a student-athlete with an invitation; the athlete gets in but not to admin lists', async ({
  page,
  browser,
}) => {
  // A whole journey through mail and several screens; on two busy cores it needs more than the default.
  test.setTimeout(LONG_FLOW_TIMEOUT);
  const firstName = 'Casey';
  const lastName = `Sprinter${uniqueTag()}`;
  const email = uniqueEmail('athlete');

  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/studentAthletes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student-athletes');
  await expect(page.getByRole('table', { name: 'Student-athletes' })).toBeVisible();
  await checkScreen(page, 'student-athletes');

  await page.getByRole('link', { name: 'Add student-athlete' }).click();
  await expect(page).toHaveURL(/\/createStudentAthlete$/);
  const form = page.getByRole('form', { name: 'Add student-athlete' });
  await checkScreen(page, 'create-student-athlete');
  // Required fields and field checks speak the catalogue's language before anything is sent.
  await form.getByRole('button', { name: 'Add student-athlete' }).click();
  await expect(form.getByText('Mandatory fields cannot be empty.')).toHaveCount(3);
  await form.getByLabel(/^First name/).fill(firstName);
  await form.getByLabel(/^Last name/).fill(lastName);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Phone number/).fill('512555');
  await form.getByLabel(/^Position/).click();
  await expect(form.getByText('Phone number must have 10 digits.')).toBeVisible();
  await form.getByLabel(/^Phone number/).fill('512-555-0199');
  await form.getByRole('combobox', { name: /^Sport team/ }).click();
  await page.getByRole('option', { name: "Women's Volleyball" }).click();
  await form.getByLabel(/^Position/).fill('Libero');
  await form.getByRole('combobox', { name: /^Class/ }).click();
  await page.getByRole('option').first().click();
  await expect(form.getByLabel('Send an invitation e-mail now')).toBeChecked();
  await form.getByRole('button', { name: 'Add student-athlete' }).click();

  await expect(page).toHaveURL(/\/studentAthletes/);
  await expect(page.getByText('Student-athlete added and invitation sent.')).toBeVisible();
  await page.getByRole('search').getByLabel('Search').fill(lastName);
  const row = page.getByRole('table', { name: 'Student-athletes' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(`${firstName} ${lastName}`);
  await expect(row).toContainText("Women's Volleyball");
  await expect(row).toContainText('Libero');
  await expect(row).toContainText('Invite sent');

  // The athlete follows the mailed link in a browser of their own and lands in the student-athlete portal.
  const mail = await waitForMail(page.request, email, /invited/i);
  const athlete = await browser.newContext({ baseURL: baseUrl() });
  const athletePage = await athlete.newPage();
  await athletePage.goto(linkInMail(mail, '/create-password'));
  await expect(athletePage.getByText(`Hi ${firstName} ${lastName}, choose a password`)).toBeVisible();
  await athletePage.getByLabel('New password').fill(NEW_PASSWORD);
  await athletePage.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await athletePage.getByRole('button', { name: 'Create password and continue' }).click();
  await expect(athletePage).toHaveURL(/\/studentAthleteHome$/);
  await expect(athletePage.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${firstName}`);

  // A student-athlete cannot open the admin's list, in the UI or through the API.
  await athletePage.goto('/studentAthletes');
  await expect(athletePage.getByTestId('not-available')).toBeVisible();
  await expect(athletePage.getByTestId('not-available')).toContainText('Student-athletes');
  await expect(athletePage.getByRole('table', { name: 'Student-athletes' })).toHaveCount(0);
  await checkScreen(athletePage, 'athlete-not-available');
  expect((await athletePage.request.get('/api/v1/athletes')).status()).toBe(403);
  await athlete.close();

  await page.reload();
  await expect(row).toContainText('Active');
});

test('a coach reads the athletes of their own teams and changes only coach fields', async ({ page }) => {
  const coach = await apiClientAs('coach@demo.edu');
  const list = await coach.get('/api/v1/athletes', { params: { limit: 100 } });
  expect(list.status()).toBe(200);
  const body = (await list.json()) as {
    items: Array<{ id: string; studentEmail: string; sportTeamName: string }>;
    total: number;
  };
  expect(body.total).toBeGreaterThanOrEqual(1);
  // The demo coach is head coach of Football and assistant of Men's Soccer: both teams' athletes, no other team's.
  const teams = new Set(body.items.map((a) => a.sportTeamName));
  expect(teams.has('Football')).toBe(true);
  expect([...teams].filter((t) => t !== 'Football' && t !== "Men's Soccer")).toEqual([]);
  expect(body.items.map((a) => a.studentEmail)).toContain('athlete@demo.edu');
  const someone = body.items[0]!;
  const read = await coach.get(`/api/v1/athletes/${someone.id}`);
  expect(read.status()).toBe(200);

  const create = await coach.post('/api/v1/athletes', {
    data: { firstName: 'Not', lastName: 'Allowed', email: uniqueEmail('nope') },
  });
  expect(create.status()).toBe(403);
  expect((await create.json()).error.code).toBe('FORBIDDEN');
  const edit = await coach.patch(`/api/v1/athletes/${someone.id}`, { data: { cumulativeGpa: 4 } });
  expect(edit.status()).toBe(403);
  await coach.dispose();

  // In the coach portal the athlete list reads only (their own teams, no way to add one); the staff directory too.
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/studentAthletes');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student-athletes');
  await expect(page.getByRole('table', { name: 'Student-athletes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add student-athlete' })).toHaveCount(0);
  await page.goto('/createStudentAthlete');
  await expect(page.getByTestId('not-available')).toBeVisible();
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff directory');
  await expect(page.getByRole('table', { name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite staff' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /invitation/ })).toHaveCount(0);
  await checkScreen(page, 'staff-directory-coach');
});

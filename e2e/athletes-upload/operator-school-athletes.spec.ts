import { expect, test } from '@playwright/test';
import { uniqueEmail, uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test("the operator opens a school's student-athletes, adds one with the form, and sees them listed", async ({
  page,
}) => {
  const lastName = `Operated${uniqueTag()}`;
  const email = uniqueEmail('operator-add');
  await logInThroughApi(page, 'operator@provider.test');
  const schools = await page.request.get('/api/v1/schools?limit=100');
  const demo = ((await schools.json()).items as { id: string; slug: string; name: string }[]).find(
    (s) => s.slug === 'demo-state',
  )!;
  expect(demo).toBeTruthy();

  await page.goto(`/school/profile/${demo.id}`);
  await page.getByRole('link', { name: 'Student-athletes', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/school/athletes/${demo.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Student-athletes of ${demo.name}`);
  const table = page.getByRole('table', { name: 'Student-athletes' });
  await expect(table.getByRole('columnheader', { name: 'Account' })).toBeVisible();
  await checkScreen(page, 'operator-school-athletes');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'operator-school-athletes-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Add student-athlete' }).click();
  await expect(page).toHaveURL(new RegExp(`/school/athletes/${demo.id}/addStudent$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Add a student-athlete to ${demo.name}`);
  const form = page.getByRole('form', { name: 'Add student-athlete' });
  // The form's own checks, in the spec's wording, before anything is sent.
  await form.getByRole('button', { name: 'Add student-athlete' }).click();
  await expect(form.getByText('Mandatory fields cannot be empty.').first()).toBeVisible();
  await checkScreen(page, 'operator-add-student-errors');
  await form.getByLabel('First name').fill('Ola');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Send an invitation e-mail now').uncheck();
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'operator-add-student-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Add student-athlete' }).click();

  await expect(page).toHaveURL(new RegExp(`/school/athletes/${demo.id}$`));
  await expect(page.getByText('Student-athlete added.')).toBeVisible();
  // Sorted by name, the new athlete may be on a later page: the API says where; the list shows the total.
  const listed = await page.request.get(`/api/v1/schools/${demo.id}/athletes?q=${lastName}`);
  expect((await listed.json()).total).toBe(1);
});

test("the operator opens one athlete's profile from the school's list, read-only and in the school's time zone", async ({
  page,
}) => {
  await logInThroughApi(page, 'operator@provider.test');
  const schools = await page.request.get('/api/v1/schools?limit=100');
  const demo = ((await schools.json()).items as { id: string; slug: string; name: string }[]).find(
    (s) => s.slug === 'demo-state',
  )!;
  await page.goto(`/school/athletes/${demo.id}`);
  const table = page.getByRole('table', { name: 'Student-athletes' });
  const firstName = table.getByRole('row').nth(1).getByRole('link').first();
  const name = (await firstName.textContent())!.trim();
  await firstName.click();
  await expect(page).toHaveURL(/\/school\/StudentAthleteProfile\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(`Student-athlete of ${demo.name}`)).toBeVisible();
  await expect(page.getByText(/^Times in .+, the school's time zone$/)).toBeVisible();
  // Read-only for the operator: the audited login e-mail change is the one action.
  await expect(page.getByRole('button', { name: 'Change login e-mail' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Save)/ })).toHaveCount(0);
  await checkScreen(page, 'operator-athlete-profile');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'operator-athlete-profile-390');
  await page.getByRole('link', { name: `All student-athletes of ${demo.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/school/athletes/${demo.id}$`));

  // An unknown athlete is a calm "not found", not an error screen.
  await page.goto('/jarvisAthleteProfile/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Student-athlete not found')).toBeVisible();
});

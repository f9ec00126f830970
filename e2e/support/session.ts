import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_LOGINS } from '../../scripts/demo/demo-people';
import { DEMO_PASSWORD, baseUrl } from './app-urls';

export type DemoEmail = (typeof DEMO_LOGINS)[number]['email'];

export function demoPerson(email: string) {
  const person = DEMO_LOGINS.find((p) => p.email === email);
  if (!person) throw new Error(`${email} is not a demo login`);
  return person;
}

/** Logs in through the login form, as a person does, and waits until the app has left the login page. */
export async function logInThroughForm(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Logs the page's browser context in through the API (same cookie jar), for tests about something else. */
export async function logInThroughApi(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status(), `login of ${email}`).toBe(200);
}

/** Logs out from the account menu and checks the session is gone. */
export async function logOutThroughMenu(page: Page, fullName: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
}

/** A standalone API client signed in as someone (its own cookie jar), e.g. an admin acting in the background. */
export async function apiClientAs(email: string, password: string = DEMO_PASSWORD): Promise<APIRequestContext> {
  const client = await playwrightRequest.newContext({ baseURL: baseUrl() });
  const res = await client.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status(), `login of ${email}`).toBe(200);
  return client;
}

import { expect as baseExpect, test, type Page } from '@playwright/test';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { logInThroughApi } from '../support/session';

const expect = baseExpect.configure({ timeout: 45_000 });

async function both(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('compliance confirms the invited agent from My Tasks; the athlete sees their agents; a disclosure shows its FMV', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 3);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInThroughApi(page, 'admin@demo.edu');

  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Agents' });
  await expect(table.getByText('Brightlane Sports')).toBeVisible();
  await expect(table.getByText('Waiting for confirmation')).toBeVisible();
  await both(page, 'partners-agents');

  // The demo's invited agent waits in My Tasks.
  await page.goto('/task');
  const task = page.getByRole('link', { name: /Confirm Jordan Kim/ });
  await expect(task).toBeVisible({ timeout: 60_000 });
  await task.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Kim' })).toBeVisible();
  await both(page, 'partners-confirm-agent');
  await page.getByRole('button', { name: 'Reject…' }).click();
  await page.getByRole('button', { name: 'Reject agent' }).click();
  await expect(page.getByText('A reason is required to reject the agent.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Confirm agent' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  await page.goto('/createAgent');
  await expect(page.getByRole('heading', { level: 1, name: 'Add agent' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add agent' });
  await form.getByRole('textbox', { name: 'First name' }).fill('Riley');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Stone');
  await form.getByRole('textbox', { name: 'Email' }).fill(`riley.${Date.now()}@stone.example`);
  await form.getByRole('textbox', { name: 'Phone' }).fill('12345');
  await form.getByRole('textbox', { name: 'Registration state' }).fill('tx');
  await form.getByRole('textbox', { name: 'State registration number' }).fill('TX-AA-30001');
  const expires = form.getByRole('textbox', { name: 'Registration expires on' });
  await expires.fill(new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10));
  await expires.press('Tab');
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByText('Phone number must have 10 digits.').first()).toBeVisible();
  await both(page, 'partners-create-agent');
  await form.getByRole('textbox', { name: 'Phone' }).fill('5125550111');
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riley Stone' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // A disclosure shows its fair-market-value range (or says how many comparables it lacks).
  const list = await page.request.get('/api/v1/disclosures?limit=1');
  const first = ((await list.json()) as { items: { id: string }[] }).items[0]!;
  await page.goto(`/disclosuredetail?id=${first.id}`);
  await expect(page.getByTestId('fmv-card').getByRole('heading', { name: 'Fair market value' })).toBeVisible();
  await both(page, 'partners-disclosure-fmv');

  // Vendors and a public business card, readable without an account.
  await page.goto('/vendors');
  await expect(page.getByRole('table', { name: 'Vendors' }).getByText('Campus Outfitters')).toBeVisible();
  await both(page, 'partners-vendors');
  const anonymous = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visitor = await anonymous.newPage();
  await visitor.goto('/card/campus-outfitters');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Campus Outfitters' })).toBeVisible();
  await both(visitor, 'partners-vendor-card');
  await anonymous.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const athlete = await context.newPage();
  await logInThroughApi(athlete, 'athlete@demo.edu');
  await athlete.goto('/agentsAndBoosters');
  await expect(athlete.getByRole('heading', { level: 1, name: 'Agents and boosters' })).toBeVisible();
  const mine = athlete.getByRole('table', { name: 'My agents' });
  await expect(mine.getByText('Morgan Ellis')).toBeVisible();
  await expect(mine.getByText('Jordan Kim')).toBeVisible();
  await athlete.getByRole('button', { name: 'Invite an agent' }).click();
  await both(athlete, 'partners-agents-and-boosters');
  await context.close();
});

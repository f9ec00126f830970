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

test('the admin reviews a contract from My Tasks; the athlete sees contracts and payments with year totals', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 3);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInThroughApi(page, 'admin@demo.edu');

  // The demo's second contract waits for review in My Tasks.
  await page.goto('/task');
  const task = page.getByRole('link', { name: /contract with .+ for \$450\.00/ });
  await expect(task).toBeVisible({ timeout: 60_000 });
  await task.click();
  const dialog = page.getByRole('dialog', { name: 'Contract' });
  await expect(dialog.getByText('Pending review')).toBeVisible();
  await both(page, 'contracts-review');
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await dialog.getByRole('button', { name: 'Reject contract' }).click();
  await expect(dialog.getByText('A reason is required to reject the contract.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
  // An active contract without a schedule offers one; above the total it is refused with the figures.
  await dialog.getByRole('textbox', { name: 'Amount per cycle (USD)' }).fill('100');
  await dialog.getByRole('textbox', { name: 'Number of payments' }).fill('5');
  await dialog
    .getByRole('textbox', { name: 'First due date' })
    .fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
  await dialog.getByRole('textbox', { name: 'First due date' }).press('Tab');
  await dialog.getByRole('button', { name: 'Start schedule' }).click();
  await expect(
    dialog.getByText(/5 payments of \$100\.00 make \$500\.00, more than the contract's total of \$450\.00/),
  ).toBeVisible();
  // Four weekly ones fit; ended before the first opens, the schedule ends at once and the contract is completed.
  await dialog.getByRole('combobox', { name: 'Cycle' }).click();
  await page.getByRole('option', { name: 'Every week' }).click();
  await dialog.getByRole('textbox', { name: 'Number of payments' }).fill('4');
  await dialog.getByRole('button', { name: 'Start schedule' }).click();
  await expect(dialog.getByText(/4 payments of \$100\.00, every week/)).toBeVisible();
  await dialog.getByRole('button', { name: 'End schedule' }).click();
  const confirm = page.getByRole('dialog', { name: 'End this payment schedule?' });
  await expect(confirm.getByText('No further payment opens.')).toBeVisible();
  await confirm.getByRole('button', { name: 'End schedule' }).click();
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await page.goto('/Contracts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contracts' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contracts' }).getByText('Active').first()).toBeVisible();
  await both(page, 'contracts-admin-list');
  await page
    .getByRole('table', { name: 'Contracts' })
    .getByRole('row')
    .filter({ hasText: '$1,800.00' })
    .getByRole('button')
    .click();
  await expect(page.getByRole('dialog', { name: 'Contract' }).getByRole('table', { name: 'Payments' })).toBeVisible();
  await both(page, 'contracts-admin-detail');
  // The athlete's profile and the deal's disclosure carry the money: the $600 flag, the year's totals, the bank account.
  const listed = await (await page.request.get('/api/v1/contracts?limit=50')).json();
  const paid = listed.items.find((c: { paidCents: number }) => c.paidCents > 0);
  await page.goto(`/adminAthleteProfile/${paid.athleteUserId}`);
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money.getByText('1099 reporting threshold')).toBeVisible();
  await expect(money.getByRole('table', { name: 'Payments by payor and year' })).toContainText(paid.companyName);
  await expect(money.getByText(/•••• \d{4}/)).toBeVisible();
  await money.getByRole('button', { name: 'Reveal number' }).click();
  await expect(money.getByText(/•••• \d{4}/)).toBeHidden();
  await money.getByRole('button', { name: 'Hide number' }).click();
  await both(page, 'contracts-athlete-profile-money');
  await page.goto(`/disclosuredetail?id=${paid.disclosureId}`);
  await expect(page.getByRole('region', { name: 'Money' }).getByText('1099 reporting threshold')).toBeVisible();
  await page.goto('/createFinances');
  await expect(page.getByRole('heading', { level: 1, name: 'Finances' })).toBeVisible();
  await both(page, 'contracts-create-finances');

  const athleteContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const athlete = await athleteContext.newPage();
  await logInThroughApi(athlete, 'athlete@demo.edu');
  for (const [path, heading, name] of [
    ['/studentContracts', 'Contracts', 'contracts-athlete'],
    ['/studentPayments', 'Payments', 'contracts-athlete-payments'],
    ['/studentPaymentList', 'Payment history', 'contracts-athlete-payment-list'],
  ] as const) {
    await athlete.goto(path);
    await expect(athlete.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(athlete.getByText('Loading').first()).toBeHidden();
    await both(athlete, name);
  }
  await athleteContext.close();
});

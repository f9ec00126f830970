import { expect as baseExpect, test, type Page } from '@playwright/test';
import { checkScreen, LONG_FLOW_TIMEOUT } from './support/screens';
import { apiClientAs, logInThroughApi } from './support/session';

const expect = baseExpect.configure({ timeout: 45_000 });

async function narrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A fresh account number per run, so a retried test never sees the previous run's digits. */
function accountNumber(): string {
  return String(Date.now()).slice(-10) + String(Math.floor(Math.random() * 90) + 10);
}

test('an athlete adds a bank account and sees it masked, reads the tax disclaimer and runs the tax calculator', async ({
  page,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const number = accountNumber();
  const last4 = number.slice(-4);
  await logInThroughApi(page, 'athlete@demo.edu');

  // Bank account: add (or replace the demo one), with a routing number that fails the ABA check first.
  await page.goto('/bankAccount');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank account' })).toBeVisible({ timeout: 60_000 });
  await checkScreen(page, 'bank-account');
  await narrow(page, 'bank-account-390');
  await page
    .getByRole('button', { name: /^(Add|Replace) bank account$/ })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: /bank account/ });
  await form.getByRole('textbox', { name: 'Bank' }).fill('Campus Federal Credit Union');
  await form.getByRole('combobox', { name: 'Account type' }).click();
  await page.getByRole('option', { name: 'Savings', exact: true }).click();
  await form.getByRole('textbox', { name: 'Name on account' }).fill('Jordan Reyes');
  await form.getByRole('textbox', { name: 'Routing number' }).fill('021000022');
  await form.getByRole('textbox', { name: 'Account number', exact: true }).fill(number);
  await form.getByRole('textbox', { name: 'Re-enter account number' }).fill(number);
  await checkScreen(page, 'bank-account-form');
  await narrow(page, 'bank-account-form-390');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  // The refusal in the catalogue's wording, next to the field (and in the dialog's alert).
  await expect(form.getByText('Routing number is not valid. Check its 9 digits.').first()).toBeVisible();
  await form.getByRole('textbox', { name: 'Routing number' }).fill('011000015');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await expect(form).toBeHidden();

  const card = page.getByTestId('bank-account-card');
  await expect(card.getByText('Campus Federal Credit Union')).toBeVisible();
  await expect(card.getByText('Savings')).toBeVisible();
  await expect(page.getByTestId('account-number')).toHaveText(`•••• ${last4}`);
  await expect(page.locator('body')).not.toContainText(number);
  await checkScreen(page, 'bank-account-saved');
  await narrow(page, 'bank-account-saved-390');
  // Show the number (recorded), then hide it again.
  await card.getByRole('button', { name: 'Show number' }).click();
  await expect(page.getByTestId('account-number')).toHaveText(number);
  await card.getByRole('button', { name: 'Hide number' }).click();
  await expect(page.getByTestId('account-number')).toHaveText(`•••• ${last4}`);
  // A reload shows it masked: the full number is in no page the server sends.
  await page.reload();
  await expect(page.getByTestId('account-number')).toHaveText(`•••• ${last4}`);
  await expect(page.locator('body')).not.toContainText(number);

  // A payment arrives: the athlete watches the payment history while the admin records the demo's open payment
  // (the fourth of six monthly ones, due today) as paid. A retried run finds it paid already: the same answer.
  await page.goto('/studentPaymentList');
  const fourth = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: '4 of 6' });
  await expect(fourth).toBeVisible();
  const admin = await apiClientAs('admin@demo.edu');
  const contracts = await (await admin.get('/api/v1/contracts?limit=50')).json();
  const scheduled = contracts.items.find((c: { totalAmountCents: number }) => c.totalAmountCents === 180_000);
  const paid = await admin.post(`/api/v1/contracts/${scheduled.id}/payments/4/confirmation`, {
    data: { outcome: 'PAID' },
  });
  expect(paid.status()).toBe(200);
  await admin.dispose();
  await expect(fourth.getByText('Paid')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Totals per payor and year' })).toContainText('$1,200.00');

  // Tax disclaimer: the demo athlete acknowledged it for this year already.
  await page.goto('/taxDisclaimer');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax disclaimer' })).toBeVisible();
  await expect(page.getByTestId('disclaimer-text')).toContainText('not tax, legal or financial advice');
  await expect(page.getByTestId('disclaimer-acknowledged')).toBeVisible();
  await checkScreen(page, 'tax-disclaimer');
  await narrow(page, 'tax-disclaimer-390');

  // Tax calculator: hand-worked example 1 (Texas, $20,000, $1,000 payments) gives $3,109.61, $155.48 a payment.
  await page.goto('/taxCalculator');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax calculator' })).toBeVisible();
  await expect(page.getByTestId('not-tax-advice')).toContainText('An estimate, not tax advice');
  await page.getByRole('combobox', { name: 'Tax year' }).click();
  await page.getByRole('option', { name: '2025', exact: true }).click();
  await page.getByRole('combobox', { name: 'State you live in' }).click();
  await page.getByRole('option', { name: 'Texas', exact: true }).click();
  await page.getByRole('textbox', { name: 'NIL income for the year (USD)' }).fill('20000');
  await page.getByRole('textbox', { name: 'A typical payment (USD)' }).fill('1000');
  await checkScreen(page, 'tax-calculator');
  await page.getByRole('button', { name: 'Estimate' }).click();
  await expect(page.getByTestId('tax-total')).toHaveText('$3,109.61');
  await expect(page.getByTestId('tax-per-payment')).toHaveText('$155.48 of each payment');
  await expect(page.getByRole('img', { name: "The estimate's parts" })).toBeVisible();
  await checkScreen(page, 'tax-calculator-estimate');
  await narrow(page, 'tax-calculator-estimate-390');

  // Amounts outside the spec's range are refused in its wording.
  await page.getByRole('textbox', { name: 'NIL income for the year (USD)' }).fill('1000000');
  await page.getByRole('button', { name: 'Estimate' }).click();
  await expect(page.getByText('Amount must be a number between $0 and $999,999.').first()).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { logInThroughApi } from '../support/session';

test('a school admin configures comp tickets and sees refused values', async ({ page }) => {
  // Several saves and two axe passes: past 30 s on a loaded CI machine.
  test.setTimeout(LONG_FLOW_TIMEOUT);
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/sprySign/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Comp ticket settings');
  const form = page.getByRole('form', { name: 'Comp ticket settings' });
  const tickets = form.getByRole('textbox', { name: /^Tickets per user/ });
  await expect(tickets).toBeVisible();
  await checkScreen(page, 'comp-ticket-settings');

  // 100 tickets and a reminder at kick-off are refused in the catalogue's wording, and nothing is saved.
  await tickets.fill('100');
  await tickets.blur();
  await expect(form.getByText('Tickets per user must be a whole number under 100.')).toBeVisible();
  await form.getByRole('switch', { name: 'Remind recipients before the game' }).check();
  const hours = form.getByRole('textbox', { name: /^Hours before the game/ });
  await hours.fill('0');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText(/^Set a valid time/)).toBeVisible();
  await expect(page.getByText('Comp ticket settings saved.')).toHaveCount(0);
  await checkScreen(page, 'comp-ticket-settings-refused');

  // The API refuses the same values whatever the screen does.
  const direct = await page.request.put('/api/v1/comp-tickets', {
    data: {
      ticketsPerUser: 100,
      info: { fullName: 'MANDATORY', email: 'OPTIONAL', mobilePhone: 'OPTIONAL', relationship: 'MANDATORY' },
      reminderHours: null,
      recipientRoles: [],
    },
  });
  expect(direct.status()).toBe(400);
  expect((await direct.json()).error.details[0].message).toBe('Tickets per user must be a whole number under 100.');

  await tickets.fill('8');
  await hours.fill('36');
  await form.getByRole('radio', { name: 'Email: Mandatory' }).check();
  await form.getByRole('radio', { name: 'Relationship: Not asked' }).check();
  await form.getByRole('checkbox', { name: 'Coaches and staff' }).check();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Comp ticket settings saved.')).toBeVisible();
  await expect(page.getByTestId('comp-tickets-saved-state')).toHaveText(/^Saved /);

  // A fresh load shows what was stored.
  await page.reload();
  await expect(tickets).toHaveValue('8');
  await expect(hours).toHaveValue('36');
  await expect(form.getByRole('radio', { name: 'Email: Mandatory' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Relationship: Not asked' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Coaches and staff' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Student-athletes' })).toBeChecked();
  await checkScreen(page, 'comp-ticket-settings-saved');
});

test('a coach cannot open comp ticket settings', async ({ page }) => {
  await logInThroughApi(page, 'coach@demo.edu');
  expect((await page.request.get('/api/v1/comp-tickets')).status()).toBe(403);
});

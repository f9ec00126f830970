import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { daysFromNow } from '../support/dates';
import { uniqueTag } from '../support/people';
import { logInThroughApi } from '../support/session';
import { axeViolationsIn, expectFocusRing } from './keyboard-support';

// The machine these run on can be slow: a page may take a while to draw; nothing here is about speed.
const expect = baseExpect.configure({ timeout: 45_000 });

test.use({ viewport: { width: 1280, height: 900 } });

/** Focuses a field and types into it, as a keyboard user does. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await field.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

async function press(page: Page, button: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).focus();
  await page.keyboard.press('Enter');
}

test('keyboard only: the disclosure wizard announces its steps, sends a missing field back with focus on it, and submits', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const title = `Keyboard deal ${uniqueTag()}`;
  await logInThroughApi(page, 'athlete@demo.edu');
  await page.goto('/createDisclosures?type=SPONSORSHIP');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'New disclosure' })).toBeFocused();
  const announcer = page.getByTestId('wizard-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');

  // Step 1.
  await typeInto(page, page.getByRole('textbox', { name: /^Title/ }), title);
  const company = page.getByRole('textbox', { name: /^Company( \*)?$/ });
  await typeInto(page, company, 'Keyboard Outfitters');
  await expectFocusRing(company);
  await press(page, 'Next');
  await expect(announcer).toHaveText('Step 2 of 6: Dates and place.');

  // Step 2: the date picker's controls have names and its outside-month days are readable.
  const start = page.getByRole('textbox', { name: /^Start date/ });
  await start.focus();
  await page.keyboard.press('Enter');
  const picker = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: 'Next month' }) });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Previous month' })).toBeVisible();
  expect(await axeViolationsIn(page, '.mantine-Popover-dropdown')).toEqual([]);
  await page.keyboard.press('Escape');
  await typeInto(page, start, daysFromNow(126));
  await typeInto(page, page.getByRole('textbox', { name: /^End date/ }), daysFromNow(155));
  await typeInto(page, page.getByRole('textbox', { name: /^Location/ }), 'Austin, TX');
  await page.keyboard.press('Tab');
  await press(page, 'Next');
  await expect(announcer).toHaveText('Step 3 of 6: Payment.');

  // Step 3: a radio by Space, an amount.
  await page.getByRole('radio', { name: 'Monetary' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Monetary' })).toBeChecked();
  await typeInto(page, page.getByRole('textbox', { name: /^Earning amount/ }), '500');
  await press(page, 'Next');
  await expect(announcer).toHaveText('Step 4 of 6: People.');
  // Step 4: the contact name is left out on purpose.
  await press(page, 'Next');
  await press(page, 'Next');
  await expect(announcer).toHaveText('Step 6 of 6: Review.');

  // Submit sends the user back to the step with the missing field: focus on it, the error announced.
  await press(page, 'Submit');
  const contact = page.getByRole('textbox', { name: /^Contact name/ });
  await expect(contact).toBeFocused();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(announcer).toHaveText('1 field needs attention. Step 4 of 6: People. Mandatory fields cannot be empty.');
  await expectFocusRing(contact);
  await page.keyboard.type('Morgan Ellis');
  await press(page, 'Next');
  await press(page, 'Next');
  await press(page, 'Submit');

  // Submitted: the detail page, focus on its heading.
  await expect(page).toHaveURL(/\/disclosuredetail\?id=/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});

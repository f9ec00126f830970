import { expect as baseExpect, test, type Page } from '@playwright/test';
import { waitForMail } from '../support/mailbox';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

const expect = baseExpect.configure({ timeout: 45_000 });

async function hasNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a coach builds a recruiting form and sends it; the prospect fills it from the mailed link on a phone; the coach reads the answers on the profile', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 4);
  const tag = uniqueTag();
  const email = `form-${tag.toLowerCase()}@recruit.example`;
  const prospect = `Rowan Form${tag}`;
  const templateName = `Prospect questionnaire ${tag}`;
  const coachApi = await apiClientAs('coach@demo.edu');
  const created = await coachApi.post('/api/v1/psas', {
    data: { firstName: 'Rowan', lastName: `Form${tag}`, email, graduationYear: 2028 },
  });
  expect(created.ok()).toBeTruthy();
  const psaId = ((await created.json()) as { psa: { id: string } }).psa.id;

  // The coach names a template and builds it with the form builder: one required question, saved and published.
  await logInThroughApi(page, 'coach@demo.edu');
  await page.goto('/recruitingForms');
  await expect(page.getByRole('heading', { level: 1, name: 'Recruiting forms' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'New template' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New recruiting template' })).toBeVisible();
  await checkScreen(page, 'recruiting-template-new');
  await page.getByLabel(/^Template name/).fill(templateName);
  await page.getByRole('button', { name: 'Create and open the builder' }).click();
  await expect(page).toHaveURL(/\/editRecruitingTemplate\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recruiting form template');
  await page.getByRole('button', { name: 'Add Short text' }).click();
  const card = page.getByTestId('canvas-element').filter({ hasText: 'Short text' });
  await card.locator('button[aria-pressed]').click();
  const settings = page.getByTestId('element-settings');
  await settings.getByLabel(/^Question label/).fill('Your position');
  await settings.getByLabel('Required').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published · v1$/)).toBeVisible();

  // Sent from the list to the prospect.
  await page.getByRole('link', { name: 'Back to recruiting forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recruiting forms' })).toBeVisible();
  await page.getByRole('button', { name: `Send ${templateName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a recruiting form' });
  await dialog.getByRole('combobox', { name: 'Prospects' }).fill(`Form${tag}`);
  await page.getByRole('option', { name: `${prospect} · ${email}` }).click();
  // Clicking outside the field closes its dropdown (it covers the buttons).
  await dialog.getByText('Template:').click();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Sent to 1 prospect. Each gets their own link by e-mail.')).toBeVisible();
  const recipients = page.getByRole('table', { name: 'Recipients' });
  await expect(recipients.getByRole('row').filter({ hasText: prospect })).toContainText('Sent');
  await checkScreen(page, 'recruiting-forms');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'recruiting-forms-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The prospect opens the mailed link on a phone, is told what is missing, then submits.
  const mail = await waitForMail(page.request, email, new RegExp(templateName));
  const link = (mail.text.match(/https?:\/\/\S+\/recruitingForm\/\S+/) ?? [])[0];
  expect(link).toBeTruthy();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const prospectPage = await phone.newPage();
  await prospectPage.goto(link!);
  await expect(prospectPage.getByRole('heading', { level: 1, name: templateName })).toBeVisible();
  await hasNoSidewaysScroll(prospectPage);
  await checkScreen(prospectPage, 'recruiting-form-public-390');
  await prospectPage.getByRole('button', { name: 'Submit' }).click();
  await expect(prospectPage.getByText('Mandatory fields cannot be empty.').first()).toBeVisible();
  await prospectPage.getByLabel(/^Your position/).fill('Setter');
  await prospectPage.getByRole('button', { name: 'Submit' }).click();
  await expect(prospectPage.getByTestId('recruiting-form-done')).toBeVisible();
  await hasNoSidewaysScroll(prospectPage);
  await checkScreen(prospectPage, 'recruiting-form-public-done-390');
  // The same link again: the catalogue's message, no second form.
  await prospectPage.reload();
  await expect(prospectPage.getByTestId('recruiting-form-dead-link')).toContainText('Form already submitted.');
  await checkScreen(prospectPage, 'recruiting-form-public-submitted-390');
  await phone.close();

  // The coach sees the answers in the prospect's recruiting history.
  await page.goto(`/psaProfile/${psaId}`);
  await expect(page.getByRole('heading', { level: 1, name: prospect })).toBeVisible();
  const forms = page.getByRole('table', { name: 'Recruiting forms sent' });
  await expect(forms.getByRole('row').filter({ hasText: templateName })).toContainText('Submitted');
  await forms.getByRole('button', { name: `View answers to ${templateName}` }).click();
  const answers = page.getByTestId('recruiting-form-answers');
  await expect(answers.getByLabel(/^Your position/)).toHaveValue('Setter');
  await checkScreen(page, 'recruiting-form-answers');
});

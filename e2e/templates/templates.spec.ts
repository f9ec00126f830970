import { expect, test } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT } from '../support/screens';
import { logInThroughApi } from '../support/session';

/**
 * The template library end to end: the provider's operator turns the demo school's packet into a template, assigns
 * it to Demo State University and watches the batch job's progress complete; the school's admin then finds it in
 * their template library and uses it, which opens the new packet's settings.
 */
test('an operator assigns a template to an institution and sees the progress complete; the school admin uses it', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  const title = `Clearance template ${uniqueTag()}`;
  await logInThroughApi(page, 'operator@provider.test');
  await page.goto('/templateLibrary');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Template library');
  await checkScreen(page, 'templates-operator-library');

  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New template from a packet' });
  await dialog.getByRole('combobox', { name: 'School' }).click();
  await page.getByRole('option', { name: 'Demo State University' }).click();
  await dialog.getByRole('combobox', { name: 'Packet' }).click();
  await page.getByRole('option', { name: /^Pre-participation paperwork/ }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await checkScreen(page, 'templates-new-template');
  await dialog.getByRole('button', { name: 'Create template' }).click();

  await expect(page).toHaveURL(/\/assignInstitutions\?templateId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Assign "${title}"`);
  await page.getByRole('textbox', { name: 'Search institutions' }).fill('Demo State');
  await page.getByRole('checkbox', { name: 'Select Demo State University' }).check();
  await checkScreen(page, 'templates-assign-institutions');
  await page.getByRole('button', { name: /^Assign 1 selected/ }).click();
  await expect(page.getByText('Assigned to 1 institution', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Assigning progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('status').filter({ hasText: 'Complete: 1 selected institution.' })).toBeVisible();
  await checkScreen(page, 'templates-assignment-complete');

  // The library shows its reach; the filter screen counts it among the institutions that have it.
  await page.getByRole('link', { name: '← Template library' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('link', { name: `1 institutions assigned to ${title}` })).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Assign by filter' }).click();
  await page.getByRole('textbox', { name: 'Name contains' }).fill('Demo State');
  await expect(page.getByText('1 already has this template; 0 would get it.')).toBeVisible();
  await checkScreen(page, 'templates-bulk-assign');

  // The school's admin sees it and uses it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logInThroughApi(admin, 'admin@demo.edu');
  await admin.goto('/templateLibrary');
  await expect(admin.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await checkScreen(admin, 'templates-school-library');
  await admin.getByRole('button', { name: `Use template ${title}` }).click();
  const use = admin.getByRole('dialog', { name: 'Use template' });
  await use.getByRole('textbox', { name: 'Packet name' }).fill(`Our ${title}`);
  await checkScreen(admin, 'templates-use-template');
  await use.getByRole('button', { name: 'Create packet' }).click();
  await expect(admin).toHaveURL(/\/packetSettings\?id=/);
  await expect(admin.getByRole('textbox', { name: 'Packet name' })).toHaveValue(`Our ${title}`);
  await adminContext.close();
});

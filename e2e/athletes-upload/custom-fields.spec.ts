import { expect, test } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

test('an admin defines a custom field, is told when a name is taken, renames it and deletes it', async ({ page }) => {
  const name = `Locker ${uniqueTag()}`;
  await logInThroughApi(page, 'admin@demo.edu');
  await page.goto('/studentAthleteTags');
  const section = page.getByRole('region', { name: 'Custom fields' });
  const form = section.getByRole('form', { name: 'New custom field' });
  await form.getByLabel('Field name').fill(name);
  await form.getByRole('button', { name: 'Add field' }).click();
  const table = section.getByRole('table', { name: 'Custom fields' });
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('Every athlete');

  await form.getByLabel('Field name').fill(name.toUpperCase());
  await form.getByRole('button', { name: 'Add field' }).click();
  await expect(form.getByText('A custom field with this name already exists for the same athletes.')).toBeVisible();
  await checkScreen(page, 'custom-fields-taken');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'custom-fields-taken-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  await table.getByRole('button', { name: `Rename ${name}` }).click();
  await table.getByLabel(`New name for ${name}`).fill(`${name} number`);
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row').filter({ hasText: `${name} number` })).toBeVisible();

  await table.getByRole('button', { name: `Delete ${name} number` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete field' }).click();
  await expect(table.getByRole('row').filter({ hasText: `${name} number` })).toHaveCount(0);
});

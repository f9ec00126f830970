import { expect, test, type Page } from '@playwright/test';
// element-types.ts is dependency-free; the engine's index pulls in Ajv, which Playwright's loader cannot resolve.
import { ELEMENT_TYPES } from '../../form-engine/element-types';
import { uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { logInThroughForm } from '../support/session';
import { dragCardOnto, dragPaletteItemToCanvasEnd } from './builder-drag';

/** Full-page screenshots of a page with sticky panes read best from the top. */
async function checkBuilderScreen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, name);
}

// A 1×1 transparent PNG for the image element.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// The three panes need a desktop-sized window.
test.use({ viewport: { width: 1440, height: 1000 } });

const cards = (page: Page) => page.getByTestId('canvas-element');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
const settings = (page: Page) => page.getByTestId('element-settings');
const problems = (page: Page) => page.getByTestId('problems-panel');

async function selectCard(page: Page, title: string): Promise<void> {
  await card(page, title).locator('button[aria-pressed]').click();
  await expect(settings(page).getByRole('textbox', { name: /^(Question label|Caption|Heading text)/ })).toBeVisible();
}

async function pickOption(page: Page, combobox: ReturnType<Page['getByRole']>, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin builds a long form with every element type, is refused a cycle, saves, previews and submits', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = `Athlete intake ${uniqueTag()}`;
  await logInThroughForm(page, 'admin@demo.edu');

  // Start a long form from the select flow; name and category are asked in a modal.
  await page.goto('/createForm/selectFlow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New form');
  await checkScreen(page, 'forms-select-flow');
  await page.getByRole('button', { name: /^Long form/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New long form' });
  await dialog.getByRole('button', { name: 'Create and build' }).click();
  await expect(dialog.getByText('Form name is mandatory.')).toBeVisible();
  await dialog.getByLabel(/^Form name/).fill(name);
  await dialog.getByLabel('Category').fill('Medical');
  await dialog.getByRole('button', { name: 'Create and build' }).click();
  await expect(page).toHaveURL(/\/createEditForm\/longFormBuilder\?formId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Long form builder');

  // Every element type, dragged from the palette onto the canvas with the pointer.
  for (const type of ELEMENT_TYPES) await dragPaletteItemToCanvasEnd(page, type);
  await expect(cards(page)).toHaveCount(ELEMENT_TYPES.length);
  expect(await cards(page).evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.elementType))).toEqual([
    ...ELEMENT_TYPES,
  ]);

  // The image element has no picture yet: the Problems panel says so and saving waits.
  await expect(problems(page)).toContainText('Image not added for image element.');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await problems(page).getByRole('button', { name: 'Go to Image' }).click();
  await settings(page).locator('input[type="file"]').setInputFiles({
    name: 'crest.png',
    mimeType: 'image/png',
    buffer: PIXEL_PNG,
  });
  await settings(page).getByLabel('Alternative text').fill('School crest');
  await expect(problems(page)).toContainText('No problems');

  // Reorder by dragging a card onto the one above it, then put it back with the keyboard-friendly button.
  await dragCardOnto(page, cards(page).nth(1), cards(page).nth(0));
  await expect(cards(page).first()).toHaveAttribute('data-element-type', 'sport');
  await card(page, '. Sport')
    .getByRole('button', { name: /Move .* down/ })
    .click();
  await expect(cards(page).first()).toHaveAttribute('data-element-type', 'fullName');

  // Labels and settings.
  await selectCard(page, '. Radio buttons');
  await settings(page)
    .getByLabel(/^Question label/)
    .fill('Any allergies?');
  await settings(page).getByLabel('Radio buttons 1 label').fill('Yes');
  await settings(page).getByLabel('Radio buttons 2 label').fill('No');
  await selectCard(page, '. Short text');
  await settings(page)
    .getByLabel(/^Question label/)
    .fill('Emergency contact');
  await settings(page).getByLabel('Required').check();
  await selectCard(page, '. Long text');
  await settings(page)
    .getByLabel(/^Question label/)
    .fill('Allergy details');
  await settings(page).getByLabel('Required').check();

  // A condition: show "Allergy details" only when "Any allergies?" is Yes.
  await settings(page).getByRole('button', { name: 'Add condition' }).click();
  const rule = settings(page).getByTestId('condition-rule');
  await expect(rule.getByRole('combobox', { name: 'Condition 1' })).toHaveValue('Show this element');
  await pickOption(page, rule.getByRole('combobox', { name: 'Element' }), 'Any allergies? (Any allergies?)');
  await expect(rule.getByRole('combobox', { name: 'Operator' })).toHaveValue('equals');
  await expect(rule.getByRole('combobox', { name: 'Value' })).toHaveValue('Yes');
  await expect(card(page, 'Allergy details')).toContainText('1 condition');
  await expect(problems(page)).toContainText('No problems');
  await checkBuilderScreen(page, 'form-builder');

  // The reverse condition closes a cycle: refused live, naming both elements, and saving is blocked.
  await selectCard(page, 'Any allergies?');
  await settings(page).getByRole('button', { name: 'Add condition' }).click();
  await pickOption(
    page,
    settings(page).getByTestId('condition-rule').getByRole('combobox', { name: 'Element' }),
    'Allergy details (Allergy details)',
  );
  await pickOption(page, settings(page).getByRole('combobox', { name: 'Operator' }), 'is not empty');
  await expect(problems(page)).toContainText('Cyclic dependency found');
  await expect(problems(page)).toContainText(/Any allergies\? → Allergy details|Allergy details → Any allergies\?/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await checkBuilderScreen(page, 'form-builder-cycle');
  await settings(page).getByRole('button', { name: 'Remove condition 1' }).click();
  await expect(problems(page)).toContainText('No problems');

  // Deleting asks first and lists the conditions it would reset; cancelling keeps everything.
  await card(page, 'Any allergies?').getByRole('button', { name: 'Delete Any allergies?' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete "Any allergies?"?' });
  await expect(confirm.getByTestId('conditions-to-reset')).toContainText(
    'Show "Allergy details" when "Any allergies?" equals Yes',
  );
  await checkBuilderScreen(page, 'form-builder-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(cards(page)).toHaveCount(ELEMENT_TYPES.length);

  // Save.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form saved.')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // Preview with the real renderer: required errors first, the condition live, then a valid submit.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('form-preview');
  const form = preview.getByRole('form', { name });
  await expect(form).toBeVisible();
  await expect(form.getByLabel(/^Allergy details/)).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').first()).toContainText('Emergency contact');
  await form.getByLabel(/^Emergency contact/).fill('Jordan Lee, 555-0100');
  await form.getByRole('radio', { name: 'Yes' }).check();
  await expect(form.getByLabel(/^Allergy details/)).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert').first()).toContainText('Allergy details');
  await form.getByLabel(/^Allergy details/).fill('Peanuts');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(preview.getByText('The answers are valid: the server accepted them.')).toBeVisible();
  await checkBuilderScreen(page, 'form-builder-preview');
});

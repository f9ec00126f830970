import { expect as baseExpect, test, type Page } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { logInThroughApi } from '../support/session';
import { flowNode, stepNodes } from '../packets/designer-drag';
import { createFormAndPacket } from '../packets/packet-fixtures';
import { expectFocusRing, focusOutline, useDarkScheme } from './keyboard-support';

// The machine these run on can be slow: a page may take a while to draw; nothing here is about speed.
const expect = baseExpect.configure({ timeout: 45_000 });

test.use({ viewport: { width: 1280, height: 800 } });

const stepName = (page: Page) => page.getByTestId('step-settings').getByLabel('Step name');

/** Focuses a step on the canvas and selects it with Enter. */
async function selectByKeyboard(page: Page, name: string): Promise<void> {
  await flowNode(page, name).focus();
  await page.keyboard.press('Enter');
}

test('keyboard only: add, connect, select an earlier step, delete and undo in the designer, with focus kept', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInThroughApi(page, 'admin@demo.edu');
  const { packetId } = await createFormAndPacket(page.request, uniqueTag());
  await page.goto(`/packetSettings?id=${packetId}&tab=workflow`);
  await expect(stepNodes(page)).toHaveCount(1);

  // Add two steps from the palette with Enter: each lands after the selected one, connected.
  await selectByKeyboard(page, 'Fill in and submit');
  await expect(stepName(page)).toHaveValue('Fill in and submit');
  await page.getByRole('button', { name: 'Add approver step' }).focus();
  await page.keyboard.press('Enter');
  await expect(stepNodes(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Add external signer step' }).focus();
  await page.keyboard.press('Enter');
  await expect(stepNodes(page)).toHaveCount(3);
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);

  // Focus rings on steps and connections, in the light and the dark scheme.
  const first = flowNode(page, 'Fill in and submit');
  await first.focus();
  await expectFocusRing(first);
  const light = (await focusOutline(first)).color;
  await useDarkScheme(page, true);
  await expectFocusRing(first);
  expect((await focusOutline(first)).color).not.toBe(light);
  await useDarkScheme(page, false);
  const edge = page.locator('.react-flow__edge').first();
  await edge.focus();
  await expectFocusRing(edge);

  // Connect by keyboard: the first step's "Next steps" gets the external signer too.
  await selectByKeyboard(page, 'Fill in and submit');
  const nextSteps = page.getByTestId('step-settings').getByLabel('Next steps');
  await nextSteps.focus();
  // Arrow keys walk the options (the list is not searchable); Enter toggles the highlighted one.
  const option = page.getByRole('option', { name: 'External signature' });
  const highlighted = page.locator('[role="option"][data-combobox-selected]', { hasText: 'External signature' });
  for (let i = 0; i < 6 && (await highlighted.count()) === 0; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
  }
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);

  // Selecting an earlier step while a later one is selected selects it: keyboard, then mouse.
  await selectByKeyboard(page, 'External signature');
  await expect(stepName(page)).toHaveValue('External signature');
  await selectByKeyboard(page, 'Review and approve');
  await expect(stepName(page)).toHaveValue('Review and approve');
  await flowNode(page, 'External signature').click();
  await expect(stepName(page)).toHaveValue('External signature');
  await flowNode(page, 'Fill in and submit').click();
  await expect(stepName(page)).toHaveValue('Fill in and submit');

  // Delete the selected middle step with the Delete key: focus goes to its neighbour, and one Ctrl+Z brings it back.
  await selectByKeyboard(page, 'Review and approve');
  await expect(stepName(page)).toHaveValue('Review and approve');
  await page.keyboard.press('Delete');
  await expect(stepNodes(page)).toHaveCount(2);
  await expect(first).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(stepNodes(page)).toHaveCount(3);
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await expect(first).toBeFocused();
});

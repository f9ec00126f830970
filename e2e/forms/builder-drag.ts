import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Pointer drags as @dnd-kit's PointerSensor sees them: press, move past its 6 px activation distance in small
 * steps, glide to the target, pause so collision detection runs on the last position, release.
 */
async function dragBetween(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + 4, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.waitForTimeout(100);
  await page.mouse.up();
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a palette item to the empty end of the canvas (below the last card), which appends it. */
export async function dragPaletteItemToCanvasEnd(page: Page, type: string): Promise<void> {
  const item = page.getByTestId(`palette-${type}`);
  const canvas = page.getByTestId('form-canvas');
  const before = await page.getByTestId('canvas-element').count();
  // The palette is sticky: bring the item into its scroll box, then the end of the canvas to mid-screen.
  await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await canvas.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight * 0.6));
  await expect(item).toBeInViewport();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('canvas not visible');
  await dragBetween(page, await centreOf(item), { x: box.x + box.width / 2, y: box.y + box.height - 6 });
  await expect(page.getByTestId('canvas-element')).toHaveCount(before + 1);
}

/** Drags one canvas card onto another (the sortable list moves it to that position). */
export async function dragCardOnto(page: Page, card: Locator, target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('card not visible');
  // Grab the card by its left edge, away from its buttons.
  await dragBetween(page, { x: from.x + 24, y: from.y + from.height / 2 }, { x: to.x + 24, y: to.y + 8 });
}

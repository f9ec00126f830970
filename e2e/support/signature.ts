import type { Locator, Page } from '@playwright/test';

/** Draws a zigzag stroke across a signature pad's canvas with the mouse, as a person would sign. */
export async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('signature canvas not visible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(box.x + 30 + i * 30, y + (i % 2 === 0 ? -25 : 25), { steps: 4 });
  }
  await page.mouse.up();
}

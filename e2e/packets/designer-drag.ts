import { expect, type Page } from '@playwright/test';

/** The designer's canvas helpers: drop palette items (HTML5 drag and drop) and draw edges between handles. */
export const stepNodes = (page: Page) => page.getByTestId('step-node');
export const flowNode = (page: Page, name: string) => page.locator('.react-flow__node').filter({ hasText: name });

export async function dropStep(page: Page, kind: string, fx: number, fy: number): Promise<void> {
  const canvas = page.getByTestId('workflow-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('canvas not visible');
  const before = await stepNodes(page).count();
  await page
    .getByTestId(`palette-${kind}`)
    .dragTo(canvas, { targetPosition: { x: box.width * fx, y: box.height * fy } });
  await expect(stepNodes(page)).toHaveCount(before + 1);
}

/** Presses on a step's bottom (source) handle and releases on another step's top (target) handle. */
export async function connectSteps(page: Page, from: string, to: string): Promise<void> {
  await waitForStillCanvas(page);
  const source = await flowNode(page, from).locator('.react-flow__handle.source').boundingBox();
  const target = await flowNode(page, to).locator('.react-flow__handle.target').boundingBox();
  if (!source || !target) throw new Error(`handles of ${from} → ${to} not visible`);
  const edges = await page.locator('.react-flow__edge').count();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2 + 12, { steps: 12 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 3 });
  await page.mouse.up();
  await expect(page.locator('.react-flow__edge')).toHaveCount(edges + 1);
}

/** The graph as drawn: each node's name, kind and position (flow coordinates), and each edge's label. */
export async function readGraph(page: Page) {
  const nodes = await page.locator('.react-flow__node').evaluateAll((els) =>
    els
      .map((el) => ({
        text: el.querySelector('[data-testid="step-node"] p')?.textContent ?? '',
        kind: el.querySelector('[data-testid="step-node"]')?.getAttribute('data-step-kind') ?? '',
        transform: (el as HTMLElement).style.transform,
      }))
      .sort((a, b) => a.text.localeCompare(b.text)),
  );
  const edges = (
    await page.locator('.react-flow__edge').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
  ).sort();
  return { nodes, edges };
}

/** Layout and fit-view animate; pointer gestures wait until every node has stopped moving. */
export async function waitForStillCanvas(page: Page): Promise<void> {
  const boxes = () =>
    page
      .locator('.react-flow__node')
      .evaluateAll((els) => els.map((e) => JSON.stringify(e.getBoundingClientRect())).join());
  let last = await boxes();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(150);
    const now = await boxes();
    if (now === last) return;
    last = now;
  }
}

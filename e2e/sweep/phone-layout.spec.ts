import { expect, test, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { SCREENS_DIR, waitForSettledScreen } from '../support/screens';
import { submitDisclosureThroughApi } from '../support/disclosures';
import { logInThroughApi } from '../support/session';
import { cutTextFindings, expectNoFindings, sidewaysFindings } from './sweep-checks';

/**
 * The screens below the sidebar that the phone findings of issue 19 were about, one test per class of fault: the
 * workflow canvas (controls and minimap never over a step, no minimap on a phone), process detail (no sideways
 * scroll, nothing cut), the disclosure stepper (a vertical list without connectors on a phone), the form builder
 * (its palette does not stick over the form) and the athlete's thumb-sized main actions.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxesOf(locator: Locator): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const item of await locator.all()) {
    const box = await item.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** Neither the zoom controls nor the minimap sit on a step of the canvas once it has fitted its view. */
async function expectControlsClearOfSteps(page: Page, where: string): Promise<void> {
  const canvas = page.getByTestId('workflow-canvas').first();
  await expect(canvas.getByTestId('step-node').first()).toBeVisible();
  // Fit-view animates; let it end.
  await page.waitForTimeout(600);
  const steps = await boxesOf(canvas.getByTestId('step-node'));
  const covers = await boxesOf(canvas.locator('.react-flow__controls, .react-flow__minimap'));
  for (const cover of covers) {
    for (const step of steps) expect(overlaps(cover, step), `${where}: a canvas control covers a step`).toBe(false);
  }
}

/** Opens a screen by its address and waits until it has settled; a first load on a busy machine gets a minute. */
async function openScreen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0, { timeout: 60_000 });
  await waitForSettledScreen(page);
}

/** Keeps a picture of the screen for people to look at (e2e/artifacts/screens/phone-<name>.png). */
async function saveScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENS_DIR, `phone-${name}.png`), fullPage: true, animations: 'disabled' });
}

async function firstId(page: Page, url: string): Promise<string> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  const body = (await res.json()) as { items: Array<{ id: string }> };
  expect(body.items.length, `${url} lists something in the demo data`).toBeGreaterThan(0);
  return body.items[0]!.id;
}

test.describe.configure({ mode: 'parallel' });

for (const viewport of [DESKTOP, PHONE]) {
  test(`the packet designer's controls and minimap leave every step visible at ${viewport.width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await logInThroughApi(page, 'admin@demo.edu');
    const packetId = await firstId(page, '/api/v1/packets?limit=1');
    await openScreen(page, `/packetSettings?id=${packetId}&tab=workflow`);
    await expectControlsClearOfSteps(page, `designer at ${viewport.width} px`);
    if (viewport.width < 768) await expect(page.locator('.react-flow__minimap')).toHaveCount(0);
    await saveScreen(page, `designer-${viewport.width}`);
    expectNoFindings(await sidewaysFindings(page, `designer at ${viewport.width} px`));
  });
}

test('process detail fits a phone: its tables scroll in their own box and nothing is cut', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await logInThroughApi(page, 'admin@demo.edu');
  const disclosureId = await submitDisclosureThroughApi(`Phone Sweep Smoothies ${Date.now()}`);
  await openScreen(page, `/missionControlDashboard?workflow=${encodeURIComponent(`disclosure:${disclosureId}`)}`);
  await expect(page.getByTestId('workflow-canvas').first()).toBeVisible();
  await expectControlsClearOfSteps(page, 'process detail');
  await expect(page.locator('.react-flow__minimap')).toHaveCount(0);
  const screen = 'process detail at 390 px';
  await saveScreen(page, 'process-detail-390');
  expectNoFindings([...(await sidewaysFindings(page, screen)), ...(await cutTextFindings(page, screen))]);
});

test('the disclosure wizard on a phone: a vertical stepper with no connectors, 44 px radios', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await logInThroughApi(page, 'athlete@demo.edu');
  await openScreen(page, '/createDisclosures');
  const steps = await boxesOf(page.locator('.mantine-Stepper-step'));
  expect(steps.length).toBeGreaterThan(2);
  // One step under the other, left-aligned: a list, not rows of uneven wraps.
  for (let i = 1; i < steps.length; i++) {
    expect(steps[i]!.y, 'each step below the one before').toBeGreaterThanOrEqual(
      steps[i - 1]!.y + steps[i - 1]!.height,
    );
    expect(Math.abs(steps[i]!.x - steps[0]!.x), 'steps aligned on the left').toBeLessThanOrEqual(1);
  }
  for (const separator of await page.locator('.mantine-Stepper-separator').all()) await expect(separator).toBeHidden();
  for (const radio of await page.getByRole('radio').all()) {
    if (!(await radio.isVisible())) continue;
    const box = (await radio.boundingBox())!;
    expect(Math.min(box.width, box.height), 'radio size in px').toBeGreaterThanOrEqual(44);
  }
  await saveScreen(page, 'disclosure-wizard-390');
  expectNoFindings(await sidewaysFindings(page, 'disclosure wizard at 390 px'));
});

test("the athlete's paperwork on a phone: 44 px actions and a live view whose controls cover no step", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await logInThroughApi(page, 'athlete@demo.edu');
  await openScreen(page, '/paperworks');
  // The demo athlete has signed packets already; their progress is under All.
  await page.getByText('All', { exact: true }).click();
  const progress = page.getByRole('button', { name: 'View progress' }).first();
  await expect(progress).toBeVisible();
  await saveScreen(page, 'paperwork-390');
  const box = (await progress.boundingBox())!;
  expect(box.height, '"View progress" height in px').toBeGreaterThanOrEqual(44);
  expect(box.width, '"View progress" width in px').toBeGreaterThanOrEqual(44);
  await progress.click();
  await expectControlsClearOfSteps(page, "athlete's live view");
  await saveScreen(page, 'live-view-390');
  expectNoFindings(await sidewaysFindings(page, 'paperwork at 390 px'));
});

test("the form builder's palette does not stick over the form on a phone", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await logInThroughApi(page, 'admin@demo.edu');
  const res = await page.request.get('/api/v1/forms?limit=1');
  const form = ((await res.json()) as { items: Array<{ id: string; kind: 'SHORT' | 'LONG' }> }).items[0]!;
  await openScreen(
    page,
    form.kind === 'SHORT'
      ? `/createForm/shortFormBuilder?formId=${form.id}`
      : `/createEditForm/longFormBuilder?formId=${form.id}`,
  );
  const palette = page.getByTestId('element-palette');
  await expect(palette).toBeVisible();
  expect(await palette.evaluate((el) => getComputedStyle(el).position)).not.toBe('sticky');
  // Scrolled down, the palette still shares no pixel with the panes beside it (the form, its problems, settings).
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(300);
  const paletteBox = (await palette.boundingBox())!;
  const panes = await boxesOf(palette.locator('xpath=following-sibling::*'));
  expect(panes.length).toBeGreaterThan(0);
  for (const pane of panes) expect(overlaps(paletteBox, pane), 'palette over another pane').toBe(false);
  await saveScreen(page, 'form-builder-390');
  expectNoFindings(await sidewaysFindings(page, 'form builder at 390 px'));
});

import { chromium, request } from 'playwright-core';
import { createFormAndPacket } from '../e2e/packets/packet-fixtures';
const base = 'http://localhost:3461';
const api = await request.newContext({ baseURL: base });
await api.post('/api/v1/auth/login', { data: { email: 'admin@demo.edu', password: 'Demo-Pass-2026!' } });
const { packetId } = await createFormAndPacket(api, String(Date.now()).slice(-5));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: await api.storageState() });
const page = await ctx.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await page.goto(`${base}/packetSettings?id=${packetId}&tab=workflow`);
await page.getByTestId('step-node').first().waitFor();
const canvas = page.getByTestId('workflow-canvas');
const box = (await canvas.boundingBox())!;
const drops: Array<[string, number, number]> = [['APPROVER', 0.25, 0.15], ['APPROVER_WITH_SIGNATURE', 0.25, 0.45], ['EMAIL_NOTIFICATION', 0.7, 0.45]];
for (const [kind, fx, fy] of drops) {
  await page.getByTestId(`palette-${kind}`).dragTo(canvas, { targetPosition: { x: box.width * fx, y: box.height * fy } });
}
console.log('nodes', await page.getByTestId('step-node').count());
await page.getByRole('button', { name: 'Auto layout' }).click();
await page.waitForTimeout(600);
await page.screenshot({ path: '/tmp/designer-2.png' });
async function connect(fromText: string, toText: string) {
  const from = page.locator('.react-flow__node').filter({ hasText: fromText }).locator('.react-flow__handle.source');
  const to = page.locator('.react-flow__node').filter({ hasText: toText }).locator('.react-flow__handle.target');
  const a = (await from.boundingBox())!; const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + 10, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 3 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  console.log('after', fromText, '->', toText, await page.locator('.react-flow__edge').count(), JSON.stringify(a), JSON.stringify(b));
}
await connect('Fill in and submit', 'Review and approve');
await connect('Review and approve', 'Approve and sign');
await connect('Approve and sign', 'Notify by e-mail');
console.log('edges', await page.locator('.react-flow__edge').count());
await page.getByRole('button', { name: 'Auto layout' }).click();
await page.waitForTimeout(600);
await page.screenshot({ path: '/tmp/designer-2b.png' });
await connect('Notify by e-mail', 'Review and approve');
console.log('edges', await page.locator('.react-flow__edge').count(), 'cycle nodes', await page.locator('[data-in-cycle="true"]').count(), 'red edges', await page.locator('.edge-in-cycle').count());
console.log(await page.locator('.react-flow__edge').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))));
await page.screenshot({ path: '/tmp/designer-3.png' });
await browser.close();

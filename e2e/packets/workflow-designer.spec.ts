import { expect, test } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';
import { connectSteps, dropStep, flowNode, readGraph, stepNodes, waitForStillCanvas } from './designer-drag';
import { createFormAndPacket } from './packet-fixtures';

// The spec's smallest desktop size for the designer.
test.use({ viewport: { width: 1280, height: 800 } });

test('an officer drags a 4-step workflow together, sees a cycle flagged, fixes it, saves and reloads the same graph', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logInThroughApi(page, 'admin@demo.edu');
  const { packetId } = await createFormAndPacket(page.request, uniqueTag());
  await page.goto(`/packetSettings?id=${packetId}&tab=workflow`);
  // A new packet starts with the API's default step: the recipient fills in everything.
  await expect(stepNodes(page)).toHaveCount(1);
  await expect(page.getByTestId('problem-count')).toHaveText('No problems');

  await dropStep(page, 'APPROVER', 0.2, 0.2);
  await dropStep(page, 'APPROVER_WITH_SIGNATURE', 0.5, 0.2);
  await dropStep(page, 'EMAIL_NOTIFICATION', 0.8, 0.2);
  // Dropped steps are not connected yet: each is marked unreachable on its node.
  await expect(flowNode(page, 'Approve and sign')).toContainText('cannot be reached');
  await page.getByRole('button', { name: 'Auto layout' }).click();
  await waitForStillCanvas(page);

  await connectSteps(page, 'Fill in and submit', 'Review and approve');
  await connectSteps(page, 'Review and approve', 'Approve and sign');
  await connectSteps(page, 'Approve and sign', 'Notify by e-mail');
  await expect(page.getByTestId('problem-count')).toHaveText('No problems');
  await expect(stepNodes(page)).toHaveCount(4);

  // An edge back to the approver closes a cycle: red on its steps and edges, saving refused with the reason.
  await connectSteps(page, 'Notify by e-mail', 'Review and approve');
  await expect(page.locator('[data-testid="step-node"][data-in-cycle="true"]')).toHaveCount(3);
  await expect(page.locator('.edge-in-cycle')).toHaveCount(3);
  await expect(flowNode(page, 'Review and approve')).toContainText('Cyclic dependency found');
  await expect(flowNode(page, 'Fill in and submit').getByTestId('step-node')).toHaveAttribute('data-in-cycle', 'false');
  await page.getByRole('button', { name: 'Save workflow' }).click();
  await expect(page.getByTestId('save-blocked')).toContainText('Cyclic dependency found');
  await checkScreen(page, 'packets-designer-cycle', { exclude: ['.react-flow__minimap'] });

  // Undo removes the closing edge.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-in-cycle="true"]')).toHaveCount(0);
  await expect(page.getByTestId('problem-count')).toHaveText('No problems');

  // Save, then reload: the same graph comes back.
  const before = await readGraph(page);
  await page.getByRole('button', { name: 'Save workflow' }).click();
  await expect(page.getByText('Workflow saved')).toBeVisible();
  await checkScreen(page, 'packets-designer', { exclude: ['.react-flow__minimap'] });

  await page.reload();
  await expect(stepNodes(page)).toHaveCount(4);
  // React Flow draws the edges once it has measured the nodes: wait for them before reading the graph.
  await expect(page.locator('.react-flow__edge')).toHaveCount(before.edges.length);
  const after = await readGraph(page);
  expect(after).toEqual(before);
  expect(after.edges).toEqual(
    [
      'From Fill in and submit to Review and approve',
      'From Review and approve to Approve and sign',
      'From Approve and sign to Notify by e-mail',
    ].sort(),
  );
});

test('the designer is usable at tablet width and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await logInThroughApi(page, 'admin@demo.edu');
  const { packetId } = await createFormAndPacket(page.request, uniqueTag());
  await page.goto(`/packetSettings?id=${packetId}&tab=workflow`);
  await expect(stepNodes(page)).toHaveCount(1);
  // Keyboard: select the step by focusing it, then add an approver after it from the palette with Enter.
  await page.locator('.react-flow__node').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('step-settings')).toBeVisible();
  await page.getByRole('button', { name: 'Add approver step' }).focus();
  await page.keyboard.press('Enter');
  await expect(stepNodes(page)).toHaveCount(2);
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await expect(page.getByTestId('problem-count')).toHaveText('No problems');
  // Undo by keyboard shortcut.
  await page.getByRole('button', { name: 'Fit view', exact: true }).focus();
  await page.keyboard.press('Control+z');
  await expect(stepNodes(page)).toHaveCount(1);
  await checkScreen(page, 'packets-designer-tablet', { exclude: ['.react-flow__minimap'] });
});

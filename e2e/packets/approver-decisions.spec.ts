import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT, SCREENS_DIR } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';
import { createPublishedForm } from './packet-fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

const OFFICER = 'admin@demo.edu';
const APPROVER = 'staffadmin@demo.edu'; // Marcus Bell
const ATHLETE = 'athlete@demo.edu';
const QUESTIONS = Array.from({ length: 12 }, (_, i) => `q${i + 1}`);

async function idOf(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/v1/auth/me')).json()) as { id: string }).id;
}

async function narrowShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}-390.png`), fullPage: true, animations: 'disabled' });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(sideways, `${name} scrolls sideways at 390 px`).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A published packet: the athlete answers twelve questions, then Marcus Bell approves; sent to the athlete. */
async function sendReviewedPacket(officer: APIRequestContext, tag: string): Promise<{ formId: string; sent: string }> {
  const formId = await createPublishedForm(
    officer,
    `Season intake ${tag}`,
    QUESTIONS.map((id, i) => ({ id, type: 'shortText', dataLabel: id, label: `Question ${i + 1}` })),
  );
  const approverApi = await apiClientAs(APPROVER);
  const approverId = await idOf(approverApi);
  await approverApi.dispose();
  const packet = await officer.post('/api/v1/packets', {
    data: { name: `Season intake ${tag}`, description: 'Answers the approver reads.', formIds: [formId] },
  });
  expect(packet.status(), await packet.text()).toBe(201);
  const packetId = ((await packet.json()) as { id: string }).id;
  const saved = await officer.put(`/api/v1/packets/${packetId}`, {
    data: {
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
      workflow: {
        steps: [
          {
            id: 'fill',
            kind: 'SUBMITTER',
            name: 'Athlete answers',
            actors: [{ kind: 'RECIPIENT' }],
            questionIds: QUESTIONS.map((q) => `${formId}:${q}`),
          },
          {
            id: 'review',
            kind: 'APPROVER',
            name: 'Marcus approves',
            actors: [{ kind: 'USER', userId: approverId, name: 'Marcus Bell' }],
            questionIds: [],
          },
        ],
        edges: [{ id: 'e1', from: 'fill', to: 'review' }],
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await officer.post(`/api/v1/packets/${packetId}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  const athleteApi = await apiClientAs(ATHLETE);
  const athleteId = await idOf(athleteApi);
  const sent = await officer.post(`/api/v1/packets/${packetId}/send`, {
    data: { recipients: { userIds: [athleteId], teamIds: [], groups: [] }, externalSigners: {}, notify: false },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  let submissionId = '';
  await expect
    .poll(
      async () => {
        const res = await athleteApi.get('/api/v1/my-paperwork');
        const items = ((await res.json()) as { items: Array<{ id: string; packetName: string }> }).items;
        submissionId = items.find((i) => i.packetName === `Season intake ${tag}`)?.id ?? '';
        return submissionId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await athleteApi.dispose();
  return { formId, sent: submissionId };
}

test('the athlete sees what happens next; the approver reads every answer, needs a reason to decline and confirms', async ({
  page,
  browser,
}) => {
  // Two people, three browsers and four screenshots: generous on a shared, busy machine.
  test.setTimeout(LONG_FLOW_TIMEOUT * 5);
  await logInThroughApi(page, OFFICER);
  const { sent: submissionId } = await sendReviewedPacket(page.request, uniqueTag());

  // --- The athlete answers and submits: a success state says who acts next, by name. ---------------------------
  const athleteContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const athlete = await athleteContext.newPage();
  await logInThroughApi(athlete, ATHLETE);
  await athlete.goto(`/paperworks?submission=${submissionId}`);
  const fill = athlete.getByTestId('step-action-panel');
  await expect(fill).toBeVisible({ timeout: 60_000 });
  await fill.getByLabel('Question 1', { exact: true }).fill('First answer');
  await fill.getByLabel('Question 12', { exact: true }).fill('Last answer');
  await fill.getByRole('button', { name: 'Submit' }).click();
  const notice = athlete.getByTestId('acted-notice');
  await expect(notice).toContainText('Submitted.');
  await expect(notice).toContainText('Waiting for approval by Marcus Bell.', { timeout: 15_000 });
  await expect(athlete.getByTestId('step-action-panel')).toBeHidden();
  await checkScreen(athlete, 'packets-submitter-success', { exclude: ['.react-flow__minimap'] });
  await narrowShot(athlete, 'packets-submitter-success');
  await athleteContext.close();

  // --- The approver: the answers come first, expanded, and Approve waits until their end was on screen. --------
  const approverContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const approver = await approverContext.newPage();
  await logInThroughApi(approver, APPROVER);
  await approver.goto(`/sprySign/actionRequired?submission=${submissionId}`);
  const panel = approver.getByTestId('step-action-panel');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  const answers = panel.getByTestId('approver-answers');
  await expect(answers).toBeVisible();
  await expect(answers.getByLabel('Question 1', { exact: true })).toHaveValue('First answer');
  await expect(answers.getByLabel('Question 12', { exact: true })).toHaveValue('Last answer');
  const approve = panel.getByRole('button', { name: 'Approve', exact: true });
  const decline = panel.getByRole('button', { name: 'Decline', exact: true });
  const answersBox = (await answers.boundingBox())!;
  const approveBox = (await approve.boundingBox())!;
  expect(answersBox.y + answersBox.height).toBeLessThanOrEqual(approveBox.y);
  // Twelve answers run past the fold: Approve is not available yet and says why.
  await expect(approve).toHaveAttribute('aria-disabled', 'true');
  await approve.dispatchEvent('click');
  await expect(panel.getByText('Scroll through the answers above to approve.')).toBeVisible();
  await expect(approver.getByRole('dialog', { name: 'Approve this submission?' })).toHaveCount(0);
  await checkScreen(approver, 'packets-approver-answers', { exclude: ['.react-flow__minimap'] });
  await narrowShot(approver, 'packets-approver-answers');
  await panel.getByTestId('answers-end').scrollIntoViewIfNeeded();
  await expect(approve).not.toHaveAttribute('aria-disabled', 'true');

  // --- Keyboard: Tab to Decline, Enter opens it; Enter without a reason is refused and nothing is sent. ---------
  await approve.focus();
  await approver.keyboard.press('Tab');
  await expect(decline).toBeFocused();
  await approver.keyboard.press('Enter');
  const declineDialog = approver.getByRole('dialog', { name: 'Decline this submission' });
  await expect(declineDialog).toBeVisible();
  const reason = declineDialog.getByRole('textbox', { name: 'Reason for declining' });
  await expect(reason).toBeFocused();
  await approver.keyboard.press('Enter');
  await expect(declineDialog.getByText('A reason is required.')).toBeVisible();
  await declineDialog.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(declineDialog).toBeVisible();
  await checkScreen(approver, 'packets-approver-decline-refused', { exclude: ['.react-flow__minimap'] });
  await declineDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(declineDialog).toBeHidden();

  // Request change needs its reason too.
  await panel.getByRole('button', { name: 'Request change' }).click();
  const changeDialog = approver.getByRole('dialog', { name: 'Request a change' });
  await changeDialog.getByRole('button', { name: 'Send request' }).click();
  await expect(changeDialog.getByText('A reason is required.')).toBeVisible();
  await changeDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(changeDialog).toBeHidden();
  await expect(approver.getByTestId('submission-status')).toHaveText('Submitted');

  // --- Approve is confirmed: Enter on Approve opens the dialog, Enter again confirms. -------------------------
  await approve.focus();
  await approver.keyboard.press('Enter');
  const confirm = approver.getByRole('dialog', { name: 'Approve this submission?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Approve', exact: true })).toBeFocused();
  await checkScreen(approver, 'packets-approver-confirm', { exclude: ['.react-flow__minimap'] });
  await approver.keyboard.press('Enter');
  await expect(approver.getByTestId('submission-status')).toHaveText('Approved', { timeout: 15_000 });
  const done = approver.getByTestId('acted-notice');
  await expect(done).toContainText('Approved.');
  await expect(done).toContainText('Every step is complete: the packet is approved.');
  await approverContext.close();
});

test('publishing lists every blocking problem with a link to where it is fixed', async ({ page }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT);
  await logInThroughApi(page, OFFICER);
  const tag = uniqueTag();
  const formId = await createPublishedForm(page.request, `Travel form ${tag}`, [
    { id: 'city', type: 'shortText', dataLabel: 'city', label: 'City' },
  ]);
  const packet = await page.request.post('/api/v1/packets', {
    data: { name: `Travel ${tag}`, description: 'Trip paperwork.', formIds: [formId] },
  });
  expect(packet.status(), await packet.text()).toBe(201);
  const packetId = ((await packet.json()) as { id: string }).id;
  // A submitter step without the form's question, and no one allowed to send.
  const saved = await page.request.put(`/api/v1/packets/${packetId}`, {
    data: {
      workflow: {
        steps: [{ id: 's', kind: 'SUBMITTER', name: 'Fill', actors: [{ kind: 'RECIPIENT' }], questionIds: [] }],
        edges: [],
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/packetSettings?id=${packetId}&tab=publish`);
  const problems = page.getByTestId('publish-problems');
  await expect(problems).toBeVisible({ timeout: 30_000 });
  await expect(problems.getByRole('listitem')).toHaveCount(2);
  await expect(problems).toContainText('Send access not set up.');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await checkScreen(page, 'packets-publish-problems');
  await narrowShot(page, 'packets-publish-problems');
  await problems.getByRole('link', { name: 'Go to Sender' }).click();
  await expect(page).toHaveURL(/tab=sender/);
  await expect(page.getByRole('tab', { name: 'Sender' })).toHaveAttribute('aria-selected', 'true');
  await page.goto(`/packetSettings?id=${packetId}&tab=publish`);
  await page.getByTestId('publish-problems').getByRole('link', { name: 'Go to Workflow' }).click();
  await expect(page.getByRole('tab', { name: /Workflow/ })).toHaveAttribute('aria-selected', 'true');
});

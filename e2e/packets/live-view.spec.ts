import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { daysFromNow } from '../support/dates';
import { uniqueTag } from '../support/people';
import { checkScreen, LONG_FLOW_TIMEOUT, SCREENS_DIR } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';
import { createFormAndPacket } from './packet-fixtures';
import { openNavLink } from '../support/sidebar';

test.use({ viewport: { width: 1280, height: 900 } });

const OFFICER = 'admin@demo.edu';
const APPROVER = 'staffadmin@demo.edu';
const ATHLETE = 'athlete@demo.edu';

function stepNode(scope: Page | Locator, stepId: string): Locator {
  return scope.locator(`[data-testid="step-node"][data-step-id="${stepId}"]`);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

test('the officer watches a submission move in its live view while an approver acts, then finds it in mission control', async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT * 2);
  await logInThroughApi(page, OFFICER);
  const tag = uniqueTag();
  const { formId, packetId } = await createFormAndPacket(page.request, tag);

  // The athlete fills in; a named school admin (not the officer) approves.
  const approverApi = await apiClientAs(APPROVER);
  const approverId = ((await (await approverApi.get('/api/v1/auth/me')).json()) as { id: string }).id;
  const athleteApi = await apiClientAs(ATHLETE);
  const athleteId = ((await (await athleteApi.get('/api/v1/auth/me')).json()) as { id: string }).id;
  const saved = await page.request.put(`/api/v1/packets/${packetId}`, {
    data: {
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
      workflow: {
        steps: [
          {
            id: 'fill',
            kind: 'SUBMITTER',
            name: 'Athlete fills in',
            actors: [{ kind: 'RECIPIENT' }],
            questionIds: [`${formId}:allergies`, `${formId}:insurer`],
          },
          {
            id: 'review',
            kind: 'APPROVER',
            name: 'Staff admin approves',
            actors: [{ kind: 'USER', userId: approverId, name: 'Staff admin' }],
            questionIds: [],
          },
          {
            id: 'notify',
            kind: 'EMAIL_NOTIFICATION',
            name: 'Athlete is told',
            actors: [{ kind: 'RECIPIENT' }],
            questionIds: [],
          },
        ],
        edges: [
          { id: 'e1', from: 'fill', to: 'review' },
          { id: 'e2', from: 'review', to: 'notify' },
        ],
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post(`/api/v1/packets/${packetId}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  const sent = await page.request.post(`/api/v1/packets/${packetId}/send`, {
    data: { recipients: { userIds: [athleteId], teamIds: [], groups: [] }, externalSigners: {}, notify: false },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  let submissionId = '';
  await expect
    .poll(
      async () => {
        const res = await athleteApi.get('/api/v1/my-paperwork');
        const items = ((await res.json()) as { items: Array<{ id: string; packetName: string }> }).items;
        submissionId = items.find((i) => i.packetName === `Physical clearance ${tag}`)?.id ?? '';
        return submissionId;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  await expect
    .poll(
      async () => {
        const res = await athleteApi.post(`/api/v1/packet-submissions/${submissionId}/actions`, {
          data: { stepId: 'fill', action: 'SUBMIT', answers: { [formId]: { allergies: 'None', insurer: 'Acme' } } },
        });
        return res.status();
      },
      { timeout: 15_000 },
    )
    .toBe(200);

  // The officer opens the submission's live view from See Submissions: waiting at the approver.
  await page.goto(`/seeSubmission/${packetId}?submission=${submissionId}`);
  const live = page.getByTestId('live-view');
  // The first open lays the graph out with elk (loaded on demand): allow it a moment on a busy machine.
  await expect(live.getByTestId('step-node')).toHaveCount(3, { timeout: 60_000 });
  await expect(stepNode(live, 'fill')).toHaveAttribute('data-run-status', 'DONE');
  await expect(stepNode(live, 'review')).toHaveAttribute('data-run-status', 'ACTIVE');
  await expect(stepNode(live, 'review')).toContainText('Waiting on');
  await checkScreen(page, 'packets-live-view-before', { exclude: ['.react-flow__minimap'] });

  // The approver, in a browser of their own, finds the task in Action required, views its progress and approves.
  const approverContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const approverPage = await approverContext.newPage();
  await logInThroughApi(approverPage, APPROVER);
  await approverPage.goto('/sprySign/actionRequired');
  const row = approverPage.getByRole('row').filter({ hasText: `Physical clearance ${tag}` });
  await row.getByRole('button', { name: 'View progress' }).click();
  const approverLive = approverPage.getByTestId('live-view');
  await expect(approverLive.getByTestId('step-node')).toHaveCount(3, { timeout: 30_000 });
  await expect(stepNode(approverLive, 'review')).toHaveAttribute('data-run-status', 'ACTIVE');
  // Approve opens once the answers above it have been on screen, then asks for confirmation.
  const approve = approverPage.getByTestId('step-action-panel').getByRole('button', { name: 'Approve', exact: true });
  await approverPage.getByTestId('answers-end').scrollIntoViewIfNeeded();
  await expect(approve).not.toHaveAttribute('aria-disabled', 'true');
  await approve.click();
  await approverPage
    .getByRole('dialog', { name: 'Approve this submission?' })
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await expect(stepNode(approverLive, 'review')).toHaveAttribute('data-run-status', 'DONE');
  await approverContext.close();

  // The officer's live view moves by itself (no reload): the approver's step is done, the submission approved.
  await expect(stepNode(live, 'review')).toHaveAttribute('data-run-status', 'DONE', { timeout: 15_000 });
  await expect(stepNode(live, 'review')).toContainText('Approved by');
  await expect(stepNode(live, 'notify')).toHaveAttribute('data-run-status', 'DONE');
  await expect(page.getByTestId('submission-status')).toHaveText('Approved');
  await shot(page, 'packets-live-view-after');

  // The same process in mission control, reached from the officer's own sidebar, draws the same graph.
  await page.goto('/adminHome');
  await openNavLink(page, 'Mission control');
  await expect(page).toHaveURL(/\/missionControlDashboard/);
  const sentPacketId = ((await sent.json()) as { sentPacketId: string }).sentPacketId;
  await page.goto(
    `/missionControlDashboard?workflow=${encodeURIComponent(`packet-submission:${sentPacketId}:${athleteId}`)}`,
  );
  const slot = page.getByTestId('workflow-graph-slot');
  await expect(slot.getByTestId('step-node')).toHaveCount(3, { timeout: 30_000 });
  await expect(stepNode(slot, 'review')).toHaveAttribute('data-run-status', 'DONE');
  await expect(stepNode(slot, 'fill')).toHaveAttribute('data-run-status', 'DONE');
  await expect(page.getByRole('link', { name: 'Temporal Web UI' })).toHaveAttribute('href', /\/workflows\//);
  await expect(slot.getByTestId('graph-record-link')).toHaveAttribute(
    'href',
    `/seeSubmission/${packetId}?submission=${submissionId}`,
  );
  await checkScreen(page, 'operator-console-live-graph', { exclude: ['.react-flow__minimap'] });
  await slot.screenshot({ path: join(SCREENS_DIR, 'operator-console-live-graph-slot.png') });

  // The link leads back to the submission's live view.
  await slot.getByTestId('graph-record-link').click();
  await expect(stepNode(page.getByTestId('live-view'), 'review')).toHaveAttribute('data-run-status', 'DONE', {
    timeout: 30_000,
  });
  await approverApi.dispose();
  await athleteApi.dispose();
});

test('mission control places a disclosure under review on the disclosure process map', async ({ page }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT);
  const athleteApi = await apiClientAs(ATHLETE);
  const created = await athleteApi.post('/api/v1/disclosures', {
    data: {
      type: 'SPONSORSHIP',
      dealType: 'INDIVIDUAL',
      companyName: `Coffee ${uniqueTag()}`,
      startDate: daysFromNow(95),
      endDate: daysFromNow(125),
      location: 'Austin, TX',
      paymentType: 'MONETARY',
      amount: 250,
      pointOfContact: { name: 'Pat Contact', email: 'pat@coffee.example', phone: '5125550100' },
      website: 'https://coffee.example',
      notes: 'Two social posts a week.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const submitted = await athleteApi.post(`/api/v1/disclosures/${id}/submit`, { data: {} });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await athleteApi.dispose();

  await logInThroughApi(page, OFFICER);
  await page.goto(`/missionControlDashboard?workflow=${encodeURIComponent(`disclosure:${id}`)}`);
  const slot = page.getByTestId('workflow-graph-slot');
  await expect(slot.getByTestId('step-node')).toHaveCount(3, { timeout: 30_000 });
  await expect(stepNode(slot, 'submit')).toHaveAttribute('data-run-status', 'DONE');
  await expect(stepNode(slot, 'review')).toHaveAttribute('data-run-status', 'ACTIVE');
  await expect(stepNode(slot, 'notify')).toHaveAttribute('data-run-status', 'PENDING');
  await expect(slot.getByTestId('graph-record-link')).toHaveAttribute('href', `/disclosuredetail?id=${id}`);
  await checkScreen(page, 'operator-console-disclosure-graph', { exclude: ['.react-flow__minimap'] });
  await slot.screenshot({ path: join(SCREENS_DIR, 'operator-console-disclosure-graph-slot.png') });
});

import { expect, test, type BrowserContext } from '@playwright/test';
import { seedUser } from '../../api/test-support/seed-school';
import { connectDatabase, type DatabaseHandle } from '../../migrations/connect';
import { createPublishedForm } from '../packets/packet-fixtures';
import { e2eRun } from '../support/app-urls';
import { checkScreen } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

/**
 * A packet names a person as its approver; after the athlete has filled it in, that person is deactivated. The
 * operator finds the submission among the stuck processes with the reason in plain words, reassigns the step in one
 * click to the suggested person (the admin who sent it), giving a reason, and the step lands in that admin's inbox.
 */
test('an operator reassigns a step whose approver was deactivated, and the new assignee sees the task', async ({
  page,
  browser,
}) => {
  // Several screens, each checked with axe, and a real send on a machine other runs share.
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const run = e2eRun();
  const database: DatabaseHandle = await connectDatabase({
    url: process.env.E2E_DATABASE_URL ?? run.databaseUrl,
    poolSize: 2,
  });
  const admin = await apiClientAs('admin@demo.edu');
  const athlete = await apiClientAs('athlete@demo.edu');
  const contexts: BrowserContext[] = [];
  try {
    const db = database.db;
    const demo = await db
      .selectFrom('users')
      .select(['id', 'school_id', 'first_name', 'last_name'])
      .where('email', '=', 'admin@demo.edu')
      .executeTakeFirstOrThrow();
    const athleteRow = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'athlete@demo.edu')
      .executeTakeFirstOrThrow();
    // The approver is a school admin of the demo school made for this test, so deactivating them harms no other test.
    const approver = await seedUser(db, demo.school_id, {
      firstName: 'Lena',
      email: `lena-${tag}@demo.edu`,
      password: null,
    });

    const formId = await createPublishedForm(admin, `Travel form ${tag}`, [
      { id: 'destination', type: 'shortText', dataLabel: 'destination', label: 'Destination', required: true },
    ]);
    const packetName = `Away trip ${tag}`;
    const created = await admin.post('/api/v1/packets', {
      data: {
        name: packetName,
        description: 'Consent for the away game.',
        formIds: [formId],
        workflow: {
          steps: [
            {
              id: 'fill',
              kind: 'SUBMITTER',
              name: 'Athlete fills in',
              actors: [{ kind: 'RECIPIENT' }],
              questionIds: [`${formId}:destination`],
            },
            {
              id: 'approve',
              kind: 'APPROVER',
              name: 'Trip approval',
              actors: [{ kind: 'USER', userId: approver.id, name: 'Lena' }],
              questionIds: [],
            },
          ],
          edges: [{ id: 'e1', from: 'fill', to: 'approve' }],
        },
        senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const packetId = ((await created.json()) as { id: string }).id;
    const published = await admin.post(`/api/v1/packets/${packetId}/publish`);
    expect(published.status(), await published.text()).toBe(200);
    const sent = await admin.post(`/api/v1/packets/${packetId}/send`, {
      data: { recipients: { userIds: [athleteRow.id], teamIds: [], groups: [] }, externalSigners: {}, notify: false },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const sentPacketId = ((await sent.json()) as { sentPacketId: string }).sentPacketId;
    const submission = await expect
      .poll(
        async () =>
          (await db
            .selectFrom('packet_submissions')
            .select(['id', 'workflow_id'])
            .where('sent_packet_id', '=', sentPacketId)
            .where('active_step_id', '=', 'fill')
            .executeTakeFirst()) ?? null,
        { timeout: 20_000 },
      )
      .not.toBeNull()
      .then(() =>
        db
          .selectFrom('packet_submissions')
          .select(['id', 'workflow_id'])
          .where('sent_packet_id', '=', sentPacketId)
          .executeTakeFirstOrThrow(),
      );
    const filled = await athlete.post(`/api/v1/packet-submissions/${submission.id}/actions`, {
      data: { stepId: 'fill', action: 'SUBMIT', answers: { [formId]: { destination: 'Lubbock' } } },
    });
    expect(filled.status(), await filled.text()).toBe(200);

    // Lena leaves: the admin deactivates her account.
    const deactivated = await admin.post(`/api/v1/users/${approver.id}/deactivate`);
    expect(deactivated.status(), await deactivated.text()).toBe(200);

    // The packet's designer marks the step that names her, so nobody sends it again as it is.
    const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    contexts.push(adminContext);
    const adminPage = await adminContext.newPage();
    await logInThroughApi(adminPage, 'admin@demo.edu');
    await adminPage.goto(`/packetSettings?id=${packetId}&tab=workflow`);
    await expect(adminPage.getByTestId('problem-count')).toHaveText('1 problem', { timeout: 30_000 });
    await expect(
      adminPage.getByText('⚠ This step names a person who is not an active member of your school.'),
    ).toBeVisible();
    await checkScreen(adminPage, 'packet-designer-person-unavailable');

    // The operator finds the submission among the stuck processes, with the reason in plain words.
    await logInThroughApi(page, 'operator@provider.test');
    await page.goto(`/missionControlDashboard?workflow=${encodeURIComponent(submission.workflow_id)}`);
    // Describing the process reads Temporal and its history: give a loaded machine time.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packet submission process', { timeout: 30_000 });
    const why = page.getByRole('alert').filter({ hasText: 'Why this process is stuck' });
    await expect(why).toContainText('Person no longer active');
    await expect(why).toContainText(
      /"Trip approval" is waiting on Lena .+, who is no longer active at the school: nobody else may act for them/,
    );
    const adminName = `${demo.first_name} ${demo.last_name}`;
    // The process graph lays itself out after loading; on a busy machine that takes a while.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await checkScreen(page, 'mission-control-assignee-unavailable');
    // On a phone the reason and its button still fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(why.getByRole('button', { name: `Reassign to ${adminName}` })).toBeVisible();
    await checkScreen(page, 'mission-control-assignee-unavailable-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // One click from the reason opens the dialog with the suggested person chosen; a reason is still required.
    await why.getByRole('button', { name: `Reassign to ${adminName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reassign this step' });
    await expect(dialog.getByRole('combobox', { name: 'New assignee' })).toHaveValue(new RegExp(`^${adminName}`));
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect(dialog.getByText('A reason is required.')).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill('Lena left the school');
    await checkScreen(page, 'mission-control-reassign-suggested');
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`"Trip approval" is now assigned to ${adminName}.`)).toBeVisible();
    await expect(page.getByText('Nothing is stuck')).toBeVisible({ timeout: 20_000 });

    // The admin's inbox lists the step.
    await adminPage.goto('/sprySign/actionRequired');
    // The shell's header has its own "Search" button (the command palette): fill the inbox's filter.
    await adminPage.getByRole('search', { name: 'Filter tasks' }).getByLabel('Search').fill(packetName);
    const inbox = adminPage.getByRole('table', { name: 'Action required' });
    await expect(inbox.getByRole('row').filter({ hasText: packetName })).toContainText('Trip approval');

    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target_id', '=', submission.workflow_id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'workflow.task_reassigned',
        details: expect.objectContaining({
          reason: 'Lena left the school',
          fromUserId: approver.id,
          toUserId: demo.id,
        }),
      }),
    ]);
  } finally {
    for (const context of contexts) await context.close();
    await admin.dispose();
    await athlete.dispose();
    await database.close();
  }
});

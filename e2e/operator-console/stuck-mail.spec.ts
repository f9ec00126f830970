import { once } from 'node:events';
import { resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { createActivities } from '../../activities';
import { createMailer } from '../../activities/mail/mailer';
import { createTestConfig, seedInvitation } from '../../activities/testing/fixtures';
import { connectDatabase, type DatabaseHandle } from '../../migrations/connect';
import { freePort } from '../../scripts/test-harness/global-setup';
import { invitationWorkflow } from '../../workflows/invitations/invitation.workflow';
import { e2eRun } from '../support/app-urls';
import { checkScreen } from '../support/screens';
import { logInThroughApi } from '../support/session';

/**
 * The operator's journey: an invitation whose mail keeps failing (its worker's SMTP_URL points at a port where
 * nothing listens) shows up as stuck in mission control with the real connection error; the operator fixes the
 * cause (the mail server comes up on that port), retries with a reason, and sees the step complete.
 */
test('an operator finds an invitation whose mail keeps failing, fixes the cause, retries and sees it complete', async ({
  page,
}) => {
  // Bundling the workflows for the test's own worker and waiting for real retries takes longer than one screen.
  test.setTimeout(240_000);
  // The mail failures are the point of the test; keep the worker's retry warnings out of the report.
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR') });
  } catch {
    // already installed in this Playwright worker
  }
  const run = e2eRun();
  const databaseUrl = process.env.E2E_DATABASE_URL ?? run.databaseUrl;
  const temporalAddress = process.env.E2E_TEMPORAL_ADDRESS ?? run.temporalAddress;
  const smtpPort = await freePort();
  const config = createTestConfig({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DATABASE_URL: databaseUrl });
  const database: DatabaseHandle = await connectDatabase({ url: databaseUrl, poolSize: 3 });
  const mailer = createMailer(config);
  const workerConnection = await NativeConnection.connect({ address: temporalAddress });
  const clientConnection = await Connection.connect({ address: temporalAddress });
  const client = new Client({ connection: clientConnection });
  const taskQueue = `e2e-operator-console-${Date.now()}`;
  const worker = await Worker.create({
    connection: workerConnection,
    taskQueue,
    workflowsPath: resolve(import.meta.dirname, '../../workflows/index.ts'),
    activities: createActivities({ db: database.db, config, mailer }),
    shutdownGraceTime: 1000,
  });
  const running = worker.run();
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  let workflowId = '';
  try {
    // An invitation of the demo school, run by this test's worker, whose SMTP server is not up yet.
    const demo = await database.db
      .selectFrom('users')
      .select(['id', 'school_id'])
      .where('email', '=', 'admin@demo.edu')
      .executeTakeFirstOrThrow();
    const seeded = await seedInvitation(database.db, config, {
      expireAfterMs: 24 * 3_600_000,
      school: { schoolId: demo.school_id, adminId: demo.id },
    });
    workflowId = seeded.workflowId;
    await client.workflow.start(invitationWorkflow, {
      taskQueue,
      workflowId,
      args: [
        {
          invitationId: seeded.invitationId,
          schoolId: seeded.schoolId,
          userId: seeded.userId,
          reminderAfterMs: 3_600_000,
          expireAfterMs: 24 * 3_600_000,
        },
      ],
    });

    // The operator finds it among the stuck processes, with the real failure in plain words.
    await logInThroughApi(page, 'operator@provider.test');
    await page.goto('/missionControlDashboard');
    // The first look judges every running process of the platform (the demo data leaves several): give it time.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mission control', { timeout: 60_000 });
    const table = page.getByRole('table', { name: 'Processes' });
    const row = table.getByRole('row').filter({ hasText: workflowId });
    await expect(async () => {
      await page.getByRole('tab', { name: /^Stuck/ }).click();
      await expect(row).toContainText('Step retrying', { timeout: 2_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
    await expect(row).toContainText(
      /Step "Send invitation email" keeps failing and is retrying \(attempt \d+ of 8\); last failure: .*ECONNREFUSED/,
    );
    await checkScreen(page, 'mission-control-stuck');

    await row.getByRole('button', { name: 'Invitation' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation process');
    const why = page.getByRole('alert').filter({ hasText: 'Why this process is stuck' });
    await expect(why).toContainText('ECONNREFUSED');
    const pending = page.getByRole('table', { name: 'Pending steps' });
    await expect(pending).toContainText('Send invitation email');
    await expect(page.getByRole('link', { name: 'Temporal Web UI' })).toHaveAttribute(
      'href',
      new RegExp(`/namespaces/default/workflows/${encodeURIComponent(workflowId)}/`),
    );
    await expect(page.getByTestId('workflow-graph-slot')).toBeVisible();
    await checkScreen(page, 'mission-control-detail-stuck');

    // The operator opens the retry dialog; a reason is required.
    await page.getByRole('button', { name: 'Retry now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retry now?' });
    await dialog.getByRole('button', { name: 'Retry now' }).click();
    await expect(dialog.getByText('A reason is required.')).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill('Mail server was down; it is back up');
    await checkScreen(page, 'mission-control-retry-dialog');

    // The cause is fixed (the mail server comes up on the configured port) while the next automatic try is still
    // seconds away, so it is the operator's retry that sends the mail, not the retry schedule.
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/v1/operator-console/workflows/${encodeURIComponent(workflowId)}`);
          const body = (await res.json()) as { pendingActivities: Array<{ nextAttemptAt: string | null }> };
          const next = body.pendingActivities[0]?.nextAttemptAt;
          return next ? Date.parse(next) - Date.now() : 0;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBeGreaterThan(5_000);
    smtp.listen(smtpPort, '127.0.0.1');
    await once(smtp.server, 'listening');
    await dialog.getByRole('button', { name: 'Retry now' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Retrying "Send invitation email" now.')).toBeVisible();

    // The step completes: the mail reaches the server, the history says so and nothing is stuck any more.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(received[0]).toContain(`To: ${seeded.email}`);
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Step "Send invitation email" done', {
      timeout: 20_000,
    });
    await expect(page.getByText('Nothing is stuck')).toBeVisible({ timeout: 20_000 });
    await expect(pending).toBeHidden();
    await checkScreen(page, 'mission-control-detail-fixed');

    const audit = await database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target_id', '=', workflowId)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'workflow.retried',
        details: expect.objectContaining({ reason: 'Mail server was down; it is back up', how: 'activity' }),
      }),
    ]);
  } finally {
    if (workflowId)
      await client.workflow
        .getHandle(workflowId)
        .terminate('e2e over')
        .catch(() => undefined);
    worker.shutdown();
    await running.catch(() => undefined);
    await new Promise<void>((r) => smtp.close(() => r()));
    await mailer.close();
    await workerConnection.close();
    await clientConnection.close();
    await database.close();
  }
});

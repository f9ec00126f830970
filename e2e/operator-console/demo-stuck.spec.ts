import { expect, test } from '@playwright/test';
import { connectDatabase, type DatabaseHandle } from '../../migrations/connect';
import { DEMO_BOUNCING_ATHLETE, DEMO_BOUNCING_ATHLETE_FIXED_EMAIL } from '../../scripts/demo/demo-people';
import { e2eRun } from '../support/app-urls';
import { checkScreen } from '../support/screens';
import { apiClientAs, logInThroughApi } from '../support/session';

/**
 * The two processes the demo data leaves stuck on a fresh start (scripts/demo/demo-processes.ts), found and fixed by
 * the operator from mission control: a conditioning waiver whose welcome letter keeps bouncing (the admin corrects
 * the athlete's address, the operator retries the step), and an away trip waiting past its due time on a person who
 * left (the operator reassigns the step to the admin who sent it).
 */
test('the operator finds and fixes the two stuck processes of the demo data', async ({ page }) => {
  // Reading Temporal for every running process and waiting for real retries, on a machine other runs share.
  test.setTimeout(240_000);
  const database: DatabaseHandle = await connectDatabase({
    url: process.env.E2E_DATABASE_URL ?? e2eRun().databaseUrl,
    poolSize: 2,
  });
  const admin = await apiClientAs('admin@demo.edu');
  try {
    const db = database.db;
    const workflowOf = (packetName: string) =>
      db
        .selectFrom('packet_submissions as s')
        .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
        .innerJoin('packets as p', 'p.id', 'sp.packet_id')
        .select(['s.workflow_id', 's.recipient_user_id'])
        .where('p.name', '=', packetName)
        .executeTakeFirstOrThrow();
    const bouncing = await workflowOf('Summer conditioning waiver');
    const leaver = await workflowOf('Away trip consent');
    const sender = await db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('email', '=', 'admin@demo.edu')
      .executeTakeFirstOrThrow();
    const adminName = `${sender.first_name} ${sender.last_name}`;

    // Both show among the stuck processes, each with its reason in plain words.
    await logInThroughApi(page, 'operator@provider.test');
    await page.goto('/missionControlDashboard');
    // The first look judges every running process of the platform (the demo data leaves several): give it time.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mission control', { timeout: 60_000 });
    const table = page.getByRole('table', { name: 'Processes' });
    const bounceRow = table.getByRole('row').filter({ hasText: bouncing.workflow_id });
    const leaverRow = table.getByRole('row').filter({ hasText: leaver.workflow_id });
    await expect(async () => {
      await page.getByRole('tab', { name: /^Stuck/ }).click();
      await expect(bounceRow).toContainText(/Step "Notify receivers" keeps failing/, { timeout: 5_000 });
      await expect(leaverRow).toContainText(/no longer active/, { timeout: 5_000 });
    }).toPass({ timeout: 90_000, intervals: [2_000, 5_000] });
    await expect(bounceRow).toContainText(`${DEMO_BOUNCING_ATHLETE.email} bounces every message`);
    await expect(leaverRow).toContainText(/past its due time/);
    await checkScreen(page, 'mission-control-demo-stuck');

    // 1. The bouncing address: the operator reads why, prepares the retry; the admin corrects the address on the
    // athlete's profile while the next automatic try is still seconds away, so it is the operator's retry that sends.
    await page.goto(`/missionControlDashboard?workflow=${encodeURIComponent(bouncing.workflow_id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packet submission process', { timeout: 30_000 });
    const why = page.getByRole('alert').filter({ hasText: 'Why this process is stuck' });
    await expect(why).toContainText('bounces every message');
    await page.getByRole('button', { name: 'Retry now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retry now?' });
    await dialog.getByLabel(/^Reason/).fill('The athlete’s address was mistyped; corrected on his profile');
    await expect
      .poll(
        async () => {
          const res = await page.request.get(
            `/api/v1/operator-console/workflows/${encodeURIComponent(bouncing.workflow_id)}`,
          );
          const body = (await res.json()) as { pendingActivities: Array<{ nextAttemptAt: string | null }> };
          const next = body.pendingActivities[0]?.nextAttemptAt;
          return next ? Date.parse(next) - Date.now() : 0;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBeGreaterThan(10_000);
    const fixed = await admin.patch(`/api/v1/athletes/${bouncing.recipient_user_id}`, {
      data: { email: DEMO_BOUNCING_ATHLETE_FIXED_EMAIL },
    });
    expect(fixed.status(), await fixed.text()).toBe(200);
    await dialog.getByRole('button', { name: 'Retry now' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('outbox')
              .select('status')
              .where('to_address', '=', DEMO_BOUNCING_ATHLETE_FIXED_EMAIL)
              .executeTakeFirst()
          )?.status ?? null,
        { timeout: 60_000 },
      )
      .toBe('SENT');
    await expect(page.getByText('Nothing is stuck')).toBeVisible({ timeout: 30_000 });
    await checkScreen(page, 'mission-control-demo-bounce-fixed');

    // 2. The person who left: the reason names her and offers the admin who sent the packet.
    await page.goto(`/missionControlDashboard?workflow=${encodeURIComponent(leaver.workflow_id)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packet submission process', { timeout: 30_000 });
    const whyLeaver = page.getByRole('alert').filter({ hasText: 'Why this process is stuck' });
    await expect(whyLeaver).toContainText('Person no longer active');
    await expect(whyLeaver).toContainText(/"Trip approval" is waiting on Lena Ortiz/);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await checkScreen(page, 'mission-control-demo-leaver-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await whyLeaver.getByRole('button', { name: `Reassign to ${adminName}` }).click();
    const reassign = page.getByRole('dialog', { name: 'Reassign this step' });
    await reassign.getByLabel(/^Reason/).fill('Lena left the school');
    await reassign.getByRole('button', { name: 'Reassign' }).click();
    await expect(reassign).toBeHidden();
    await expect(page.getByText(`"Trip approval" is now assigned to ${adminName}.`)).toBeVisible();
    await checkScreen(page, 'mission-control-demo-leaver-fixed');

    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'target_id'])
      .where('target_id', 'in', [bouncing.workflow_id, leaver.workflow_id])
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { action: 'workflow.retried', target_id: bouncing.workflow_id },
      { action: 'workflow.task_reassigned', target_id: leaver.workflow_id },
    ]);
  } finally {
    await admin.dispose();
    await database.close();
  }
});

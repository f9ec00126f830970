import { Context } from '@temporalio/activity';
import { WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, signLinkToken } from '../../domain/signed-links';
import { outboxRowsFor, seedInvitation, waitFor, type SeededInvitation } from '../../activities/testing/fixtures';
import {
  EntityIdKey,
  ModuleKey,
  processSearchAttributes,
  SchoolIdKey,
  StepNameKey,
  stepSearchAttributes,
  WaitingOnKey,
} from '../shared/search-attributes';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../testing/test-env';
import {
  acceptInvitationUpdate,
  invitationStateQuery,
  invitationWorkflow,
  MAX_INVITATION_RESENDS,
  resendInvitationSignal,
  revokeInvitationSignal,
} from './invitation.workflow';

let env: WorkflowTestEnv;
beforeAll(async () => {
  env = await startWorkflowTestEnv('invitation');
});
afterAll(async () => {
  await env?.close();
});

interface Started {
  seeded: SeededInvitation;
  handle: WorkflowHandle<typeof invitationWorkflow>;
  startedAt: number;
}

async function startInvitation(
  timing: { reminderAfterMs: number; expireAfterMs: number },
  taskQueue = env.taskQueue,
): Promise<Started> {
  const seeded = await seedInvitation(env.database.db, env.config, { expireAfterMs: timing.expireAfterMs });
  const startedAt = Date.now();
  const handle = await env.client.workflow.start(invitationWorkflow, {
    taskQueue,
    workflowId: seeded.workflowId,
    args: [{ invitationId: seeded.invitationId, schoolId: seeded.schoolId, userId: seeded.userId, ...timing }],
  });
  return { seeded, handle, startedAt };
}

async function waitForMail(workflowId: string, eventKey: string, timeoutMs = 10_000) {
  return waitFor(
    async () => {
      const rows = await outboxRowsFor(env.database.db, workflowId);
      return rows.find((r) => r.idempotency_key === `mail:${workflowId}:${eventKey}` && r.status === 'SENT');
    },
    timeoutMs,
    25,
  );
}

function sentTo(email: string) {
  return env.mailer.sent.filter((m) => m.to === email);
}

async function invitationRow(id: string) {
  return env.database.db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function userStatus(id: string) {
  return (await env.database.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
}

describe('invitation workflow', () => {
  it('mails the invitation within 5 s, reminds once, then expires', async () => {
    const { seeded, handle, startedAt } = await startInvitation({ reminderAfterMs: 1500, expireAfterMs: 4000 });

    const invite = await waitForMail(seeded.workflowId, 'invite', 5000);
    const latencyMs = Date.now() - startedAt;
    console.log(`[measure] invitation mail in the outbox (SENT) ${latencyMs} ms after the workflow start`);
    expect(latencyMs).toBeLessThan(5000);

    const token = signLinkToken(env.config.appSecret, 'invitation', seeded.invitationId);
    expect(invite.to_address).toBe(seeded.email);
    expect(invite.text_body).toContain(`http://localhost:3000/create-password?token=${token}`);
    expect(invite.text_body).toContain('Test State University');
    expect(hashToken(token)).toBe((await invitationRow(seeded.invitationId)).token_hash);

    const reminder = await waitForMail(seeded.workflowId, 'reminder-1');
    expect(reminder.subject).toMatch(/^Reminder:/);
    expect(reminder.created_at.getTime() - invite.created_at.getTime()).toBeGreaterThanOrEqual(1400);

    expect(await handle.result()).toBe('EXPIRED');
    expect(await handle.query(invitationStateQuery)).toEqual({ status: 'EXPIRED', remindersSent: 1, mailsSent: 2 });
    expect(sentTo(seeded.email)).toHaveLength(2);

    const row = await invitationRow(seeded.invitationId);
    expect(row.status).toBe('EXPIRED');
    expect(row.reminder_sent_at).toBeInstanceOf(Date);
    expect(await userStatus(seeded.userId)).toBe('NOT_INVITED');
    const audit = await env.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('school_id', '=', seeded.schoolId)
      .where('action', '=', 'user.invitation_expired')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_type: 'user', target_id: seeded.userId, actor_user_id: null });
    const notes = await env.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seeded.adminId)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ module: 'account', status: 'invite', title: 'Invitation expired' });

    const sa = (await handle.describe()).typedSearchAttributes;
    expect(sa.get(SchoolIdKey)).toBe(seeded.schoolId);
    expect(sa.get(ModuleKey)).toBe('invitation');
    expect(sa.get(EntityIdKey)).toBe(seeded.invitationId);
    expect(sa.get(StepNameKey)).toBe('expired');
    expect(sa.get(WaitingOnKey)).toBeUndefined();
  });

  it('accepting through the Update ends the process: no reminder afterwards, a second accept is refused', async () => {
    const { seeded, handle } = await startInvitation({ reminderAfterMs: 1500, expireAfterMs: 20_000 });
    await waitForMail(seeded.workflowId, 'invite');

    // The mail row commits a moment before the workflow records the step that follows it.
    const waiting = await waitFor(async () => {
      const sa = (await handle.describe()).typedSearchAttributes;
      return sa.get(StepNameKey) === 'await-acceptance' && sa;
    }, 5000);
    expect(waiting.get(WaitingOnKey)).toBe(seeded.userId);

    expect(await handle.executeUpdate(acceptInvitationUpdate)).toEqual({ status: 'ACCEPTED' });
    expect(await handle.result()).toBe('ACCEPTED');
    const row = await invitationRow(seeded.invitationId);
    expect(row.status).toBe('ACCEPTED');
    expect(row.accepted_at).toBeInstanceOf(Date);
    // The API activates the user after the Update returns; the workflow leaves the account alone.
    expect(await userStatus(seeded.userId)).toBe('INVITED');

    const again = await handle.executeUpdate(acceptInvitationUpdate).catch((e: unknown) => e);
    // The process is over, so Temporal itself refuses (the native connection gives no wording); the API maps this by
    // the invitation row's status.
    expect(again).toMatchObject({ name: 'WorkflowNotFoundError', workflowId: seeded.workflowId });

    await new Promise((r) => setTimeout(r, 2000));
    expect((await outboxRowsFor(env.database.db, seeded.workflowId)).map((r) => r.idempotency_key)).toEqual([
      `mail:${seeded.workflowId}:invite`,
    ]);
    expect(sentTo(seeded.email)).toHaveLength(1);
    expect(await handle.query(invitationStateQuery)).toEqual({ status: 'ACCEPTED', remindersSent: 0, mailsSent: 1 });
  });

  it('of two accepts at once exactly one wins; the other is rejected as already redeemed', async () => {
    // A slow acceptance keeps the first Update in flight while the second one is validated.
    const slow = await env.extraWorker('invitation-slow-accept', (real) => ({
      async markInvitationAccepted(ref) {
        await new Promise((r) => setTimeout(r, 1500));
        return real.markInvitationAccepted(ref);
      },
    }));
    const { seeded, handle } = await startInvitation(
      { reminderAfterMs: 10_000, expireAfterMs: 20_000 },
      slow.taskQueue,
    );
    await waitForMail(seeded.workflowId, 'invite');

    const first = handle.executeUpdate(acceptInvitationUpdate);
    await new Promise((r) => setTimeout(r, 300));
    const second = await handle.executeUpdate(acceptInvitationUpdate).catch((e: unknown) => e);
    expect(await first).toEqual({ status: 'ACCEPTED' });
    expect(second).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((second as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'INVITATION_REDEEMED' });
    expect(await handle.result()).toBe('ACCEPTED');
    await slow.stop();
  });

  it('resend mails again and restarts the reminder clock; revoke ends the process', async () => {
    const { seeded, handle } = await startInvitation({ reminderAfterMs: 2000, expireAfterMs: 20_000 });
    const invite = await waitForMail(seeded.workflowId, 'invite');
    await new Promise((r) => setTimeout(r, 800));
    await handle.signal(resendInvitationSignal);
    const resend = await waitForMail(seeded.workflowId, 'resend-1');
    expect(resend.subject).toBe(invite.subject);
    expect(resend.text_body).toBe(invite.text_body);

    const reminder = await waitForMail(seeded.workflowId, 'reminder-1');
    // Timed from the resend, not from the first mail.
    expect(reminder.created_at.getTime() - resend.created_at.getTime()).toBeGreaterThanOrEqual(1900);
    expect(reminder.created_at.getTime() - invite.created_at.getTime()).toBeGreaterThanOrEqual(2700);
    expect(await handle.query(invitationStateQuery)).toEqual({ status: 'PENDING', remindersSent: 1, mailsSent: 3 });

    await handle.signal(revokeInvitationSignal);
    expect(await handle.result()).toBe('REVOKED');
    expect((await invitationRow(seeded.invitationId)).status).toBe('REVOKED');
    expect(await userStatus(seeded.userId)).toBe('NOT_INVITED');
    expect(sentTo(seeded.email)).toHaveLength(3);
    const refused = await handle.executeUpdate(acceptInvitationUpdate).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
  });

  it(`caps resends at ${MAX_INVITATION_RESENDS}`, async () => {
    const { seeded, handle } = await startInvitation({ reminderAfterMs: 60_000, expireAfterMs: 60_000 });
    await waitForMail(seeded.workflowId, 'invite');
    for (let i = 0; i < MAX_INVITATION_RESENDS + 3; i++) await handle.signal(resendInvitationSignal);
    await waitForMail(seeded.workflowId, `resend-${MAX_INVITATION_RESENDS}`);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await handle.query(invitationStateQuery)).toMatchObject({ mailsSent: MAX_INVITATION_RESENDS + 1 });
    expect(await outboxRowsFor(env.database.db, seeded.workflowId)).toHaveLength(MAX_INVITATION_RESENDS + 1);
    await handle.signal(revokeInvitationSignal);
    expect(await handle.result()).toBe('REVOKED');
  });

  it('a mail activity that fails after sending is retried without a second mail', async () => {
    const crashing = await env.extraWorker('invitation-crash-after-send', (real) => ({
      async sendInvitationEmail(input) {
        const result = await real.sendInvitationEmail(input);
        if (Context.current().info.attempt === 1) throw new Error('worker lost after the mail went out');
        return result;
      },
    }));
    const { seeded, handle } = await startInvitation(
      { reminderAfterMs: 60_000, expireAfterMs: 60_000 },
      crashing.taskQueue,
    );
    await waitFor(async () => (await handle.query(invitationStateQuery)).mailsSent === 1, 15_000, 100);
    const rows = await outboxRowsFor(env.database.db, seeded.workflowId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(sentTo(seeded.email)).toHaveLength(1);
    await handle.signal(revokeInvitationSignal);
    expect(await handle.result()).toBe('REVOKED');
    await crashing.stop();
  });

  it('a worker stopped in the middle of the mail activity hands over to another worker, still one mail', async () => {
    const stuck = await env.extraWorker(
      'invitation-stuck-worker',
      (real) => ({
        async sendInvitationEmail(input) {
          const result = await real.sendInvitationEmail(input);
          // The mail is out but this attempt never reports back: it hangs until its worker goes away.
          if (Context.current().info.attempt === 1) await Context.current().cancelled;
          return result;
        },
      }),
      { shutdownGraceTime: 200 },
    );
    const { seeded, handle } = await startInvitation(
      { reminderAfterMs: 60_000, expireAfterMs: 60_000 },
      stuck.taskQueue,
    );
    await waitForMail(seeded.workflowId, 'invite');
    await stuck.stop();

    const takeover = await env.extraWorker('invitation-takeover', () => ({}), { taskQueue: stuck.taskQueue });
    await waitFor(async () => (await handle.query(invitationStateQuery)).mailsSent === 1, 30_000, 100);
    const rows = await outboxRowsFor(env.database.db, seeded.workflowId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'SENT', attempts: 1 });
    expect(sentTo(seeded.email)).toHaveLength(1);
    await handle.signal(revokeInvitationSignal);
    expect(await handle.result()).toBe('REVOKED');
    await takeover.stop();
  });

  it("a batch start, first task deferred and already tagged, keeps the row's expiry and writes no attributes first", async () => {
    const expireAfterMs = 3000;
    const delayMs = 2000;
    const seeded = await seedInvitation(env.database.db, env.config, { expireAfterMs });
    const row = await invitationRow(seeded.invitationId);
    // As invitation-batch.activities.ts starts a large batch's runs.
    const handle = await env.client.workflow.start(invitationWorkflow, {
      taskQueue: env.taskQueue,
      workflowId: seeded.workflowId,
      startDelay: delayMs,
      args: [
        {
          invitationId: seeded.invitationId,
          schoolId: seeded.schoolId,
          userId: seeded.userId,
          reminderAfterMs: 60 * 60_000,
          expireAfterMs,
          expiresAtMs: row.expires_at.getTime(),
          startTagged: true,
        },
      ],
      typedSearchAttributes: [
        ...processSearchAttributes({ schoolId: seeded.schoolId, module: 'invitation', entityId: seeded.invitationId }),
        ...stepSearchAttributes('send-invitation', seeded.userId),
      ],
    });
    const before = (await handle.describe()).typedSearchAttributes;
    expect(before.get(StepNameKey)).toBe('send-invitation');
    expect(before.get(WaitingOnKey)).toBe(seeded.userId);
    expect(await handle.result()).toBe('EXPIRED');
    expect(sentTo(seeded.email)).toHaveLength(1);

    const events = (await handle.fetchHistory()).events ?? [];
    const firstActivity = events.findIndex((e) => e.activityTaskScheduledEventAttributes);
    expect(firstActivity).toBeGreaterThan(0);
    expect(events.slice(0, firstActivity).filter((e) => e.upsertWorkflowSearchAttributesEventAttributes)).toEqual([]);
    // The expiry timer runs to the row's expires_at: what the deferral took is not added on top.
    const timer = events.find((e) => e.timerStartedEventAttributes)?.timerStartedEventAttributes;
    const timerMs =
      Number(timer?.startToFireTimeout?.seconds ?? 0) * 1000 + (timer?.startToFireTimeout?.nanos ?? 0) / 1e6;
    expect(timerMs).toBeGreaterThan(0);
    expect(timerMs).toBeLessThan(expireAfterMs - delayMs / 2);
  });
});

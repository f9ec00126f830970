import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, verifyLinkToken } from '../../domain/signed-links';
import { outboxRowsFor, seedPasswordReset } from '../../activities/testing/fixtures';
import { ModuleKey, StepNameKey, WaitingOnKey } from '../shared/search-attributes';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../testing/test-env';
import { passwordResetWorkflow } from './password-reset.workflow';

let env: WorkflowTestEnv;
beforeAll(async () => {
  env = await startWorkflowTestEnv('password-reset');
});
afterAll(async () => {
  await env?.close();
});

describe('password reset workflow', () => {
  it('mails a working single-use link and records the step', async () => {
    const seeded = await seedPasswordReset(env.database.db, env.config);
    const startedAt = Date.now();
    const result = await env.client.workflow.execute(passwordResetWorkflow, {
      taskQueue: env.taskQueue,
      workflowId: seeded.workflowId,
      args: [{ resetId: seeded.resetId, schoolId: seeded.schoolId, userId: seeded.userId }],
    });
    console.log(`[measure] password reset mail sent ${Date.now() - startedAt} ms after the workflow start`);
    expect(result).toBe('SENT');

    const rows = await outboxRowsFor(env.database.db, seeded.workflowId);
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    expect(mail).toMatchObject({
      status: 'SENT',
      to_address: seeded.email,
      subject: 'Reset your Test State University password',
    });
    const token = /reset-password\?token=([^\s]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeDefined();
    expect(verifyLinkToken(env.config.appSecret, 'password-reset', token!)).toBe(seeded.resetId);
    const stored = await env.database.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('id', '=', seeded.resetId)
      .executeTakeFirstOrThrow();
    expect(hashToken(token!)).toBe(stored.token_hash);
    expect(env.mailer.sent.filter((m) => m.to === seeded.email)).toHaveLength(1);

    const sa = (await env.client.workflow.getHandle(seeded.workflowId).describe()).typedSearchAttributes;
    expect(sa.get(ModuleKey)).toBe('password-reset');
    expect(sa.get(StepNameKey)).toBe('mail-sent');
    expect(sa.get(WaitingOnKey)).toBeUndefined();
  });

  it('does not mail a link that was already used or has expired', async () => {
    for (const options of [{ used: true }, { expiresInMs: -1000 }]) {
      const seeded = await seedPasswordReset(env.database.db, env.config, options);
      const result = await env.client.workflow.execute(passwordResetWorkflow, {
        taskQueue: env.taskQueue,
        workflowId: seeded.workflowId,
        args: [{ resetId: seeded.resetId, schoolId: seeded.schoolId, userId: seeded.userId }],
      });
      expect(result).toBe('SKIPPED');
      expect(await outboxRowsFor(env.database.db, seeded.workflowId)).toHaveLength(0);
    }
  });
});

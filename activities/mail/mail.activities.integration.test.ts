import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../migrations/connect';
import { testDatabase } from '../../scripts/test-harness/context';
import { seedSchool, type SeededSchool } from '../testing/fixtures';
import { createRecordingMailer } from '../testing/recording-mailer';
import { runActivity } from '../testing/run-activity';
import { createMailActivities } from './mail.activities';
import { createDevMailer, createMailer } from './mailer';

let database: DatabaseHandle;
let school: SeededSchool;

beforeAll(async () => {
  database = await testDatabase();
  school = await seedSchool(database.db);
});
afterAll(async () => {
  await database?.close();
});

const message = { to: 'someone@test.edu', subject: 'Hello', text: 'Body', html: '<p>Body</p>' };

async function outboxRow(key: string) {
  return database.db.selectFrom('outbox').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow();
}

describe('deliverMail', () => {
  it('sends once when the same workflow event is delivered twice (a retried activity)', async () => {
    const mailer = createRecordingMailer();
    const { deliverMail } = createMailActivities({ db: database.db, mailer });
    const workflowId = `test-mail:${crypto.randomUUID()}`;
    const input = { schoolId: school.schoolId, eventKey: 'invite', message };
    const first = await runActivity({ workflowId, attempt: 1 }, deliverMail, input);
    const second = await runActivity({ workflowId, attempt: 2 }, deliverMail, input);
    expect(first.delivered).toBe(true);
    expect(second).toEqual({ outboxId: first.outboxId, delivered: false });
    expect(mailer.sent).toHaveLength(1);
    const row = await outboxRow(`mail:${workflowId}:invite`);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, last_error: null, to_address: 'someone@test.edu' });
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('sends once when two attempts overlap (row lock)', async () => {
    const mailer = createRecordingMailer();
    const { deliverMail } = createMailActivities({ db: database.db, mailer });
    const workflowId = `test-mail:${crypto.randomUUID()}`;
    const input = { schoolId: school.schoolId, eventKey: 'invite', message };
    const results = await Promise.all(
      [1, 2, 3].map((attempt) => runActivity({ workflowId, attempt: attempt }, deliverMail, input)),
    );
    expect(results.filter((r) => r.delivered)).toHaveLength(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('different event keys of one workflow are different mails', async () => {
    const mailer = createRecordingMailer();
    const { deliverMail } = createMailActivities({ db: database.db, mailer });
    const workflowId = `test-mail:${crypto.randomUUID()}`;
    await runActivity({ workflowId }, deliverMail, { schoolId: school.schoolId, eventKey: 'invite', message });
    await runActivity({ workflowId }, deliverMail, { schoolId: school.schoolId, eventKey: 'reminder-1', message });
    expect(mailer.sent).toHaveLength(2);
  });

  it('records a failed attempt and sends on the retry, still once', async () => {
    const mailer = createRecordingMailer();
    mailer.failNext(1, new Error('connection refused'));
    const { deliverMail } = createMailActivities({ db: database.db, mailer });
    const workflowId = `test-mail:${crypto.randomUUID()}`;
    const input = { schoolId: school.schoolId, eventKey: 'invite', message };
    await expect(runActivity({ workflowId, attempt: 1 }, deliverMail, input)).rejects.toThrow('connection refused');
    const failed = await outboxRow(`mail:${workflowId}:invite`);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, last_error: 'connection refused', sent_at: null });
    await runActivity({ workflowId, attempt: 2 }, deliverMail, input);
    expect(await outboxRow(`mail:${workflowId}:invite`)).toMatchObject({
      status: 'SENT',
      attempts: 2,
      last_error: null,
    });
    expect(mailer.sent).toHaveLength(1);
  });

  it('a permanent SMTP rejection is not retried', async () => {
    const mailer = createRecordingMailer();
    mailer.failNext(1, Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }));
    const { deliverMail } = createMailActivities({ db: database.db, mailer });
    const err = await runActivity({ workflowId: `test-mail:${crypto.randomUUID()}` }, deliverMail, {
      schoolId: school.schoolId,
      eventKey: 'invite',
      message,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'MAIL_REJECTED', nonRetryable: true });
  });

  it('dev mode marks the mail SENT so the development mailbox lists it', async () => {
    const { deliverMail } = createMailActivities({ db: database.db, mailer: createDevMailer() });
    const workflowId = `test-mail:${crypto.randomUUID()}`;
    await runActivity({ workflowId }, deliverMail, { schoolId: school.schoolId, eventKey: 'invite', message });
    expect(await outboxRow(`mail:${workflowId}:invite`)).toMatchObject({
      status: 'SENT',
      attempts: 1,
      html_body: '<p>Body</p>',
    });
  });
});

describe('createMailer', () => {
  it('uses dev mode without SMTP_URL', () => {
    expect(createMailer({ smtpUrl: undefined, mailFrom: 'x@y.z' }).mode).toBe('dev');
  });

  it('delivers over SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
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
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as { port: number };
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Platform <no-reply@test.edu>' });
    try {
      expect(mailer.mode).toBe('smtp');
      const { deliverMail } = createMailActivities({ db: database.db, mailer });
      const workflowId = `test-mail:${crypto.randomUUID()}`;
      const input = { schoolId: school.schoolId, eventKey: 'invite', message: { ...message, subject: 'Over SMTP' } };
      await runActivity({ workflowId, attempt: 1 }, deliverMail, input);
      await runActivity({ workflowId, attempt: 2 }, deliverMail, input);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Over SMTP');
      expect(received[0]).toContain('From: Platform <no-reply@test.edu>');
      expect(received[0]).toContain('To: someone@test.edu');
    } finally {
      await mailer.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';
import type { Mailer, MailMessage } from './mailer';

export interface MailDeliveryInput {
  idempotencyKey: string;
  schoolId: string | null;
  message: MailMessage;
}

export interface MailDeliveryResult {
  outboxId: string;
  /** False when an earlier attempt had already sent this mail. */
  delivered: boolean;
}

const MAX_ERROR_LENGTH = 1000;

/**
 * Sends a mail at most once per idempotency key: the outbox row is created on first sight (a retry finds it), and
 * the send happens under a row lock so two overlapping attempts cannot both send. A failed send is recorded on the
 * row (attempts, last_error, FAILED) and rethrown so Temporal retries it. The one gap left is SMTP accepting the
 * mail and the process dying before the row says SENT; that mail may go twice, which no SMTP client can rule out.
 */
export async function deliverOutboxMail(
  db: Kysely<Database>,
  mailer: Mailer,
  input: MailDeliveryInput,
): Promise<MailDeliveryResult> {
  const { message } = input;
  await db
    .insertInto('outbox')
    .values({
      idempotency_key: input.idempotencyKey,
      school_id: input.schoolId,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      workflow_id: currentWorkflowId(),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();

  const outcome = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('outbox')
      .selectAll()
      .where('idempotency_key', '=', input.idempotencyKey)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.status === 'SENT') return { outboxId: row.id, delivered: false, error: undefined };
    // The stored row is what gets sent: a retry never sends a different text than the first attempt recorded.
    const stored: MailMessage = {
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body ?? undefined,
    };
    try {
      await mailer.send(stored);
    } catch (err) {
      await trx
        .updateTable('outbox')
        .set({
          status: 'FAILED',
          attempts: row.attempts + 1,
          last_error: describeError(err).slice(0, MAX_ERROR_LENGTH),
        })
        .where('id', '=', row.id)
        .execute();
      return { outboxId: row.id, delivered: false, error: err };
    }
    await trx
      .updateTable('outbox')
      .set({ status: 'SENT', attempts: row.attempts + 1, last_error: null, sent_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { outboxId: row.id, delivered: true, error: undefined };
  });

  if (outcome.error !== undefined) throw toDeliveryFailure(outcome.error);
  return { outboxId: outcome.outboxId, delivered: outcome.delivered };
}

/** The sending workflow, so the operator console finds the process of a failed mail; null outside an activity. */
function currentWorkflowId(): string | null {
  try {
    return Context.current().info.workflowExecution?.workflowId ?? null;
  } catch {
    return null;
  }
}

function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A permanent SMTP rejection (5xx, e.g. unknown mailbox) will not get better by retrying. */
function toDeliveryFailure(err: unknown): Error {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) {
    return ApplicationFailure.nonRetryable(`Mail rejected by the SMTP server: ${describeError(err)}`, 'MAIL_REJECTED');
  }
  return err instanceof Error ? err : new Error(describeError(err));
}

export interface SendMailInput {
  schoolId: string | null;
  /** Unique within the calling workflow; with the workflow id it makes the outbox key. */
  eventKey: string;
  message: MailMessage;
}

/** The generic mail activity for workflows that render their own message. */
export function createMailActivities(deps: { db: Kysely<Database>; mailer: Mailer }) {
  return {
    async deliverMail(input: SendMailInput): Promise<MailDeliveryResult> {
      return deliverOutboxMail(deps.db, deps.mailer, {
        idempotencyKey: currentSideEffectKey('mail', input.eventKey),
        schoolId: input.schoolId,
        message: input.message,
      });
    },
  };
}

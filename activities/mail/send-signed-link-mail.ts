import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';
import { deliverOutboxMail } from './mail.activities';
import type { Mailer, MailMessage } from './mailer';

/** What every signed-link row gives its mail: where it goes and until when the link works. */
export interface SignedLinkRow {
  to: string;
  expiresAt: Date;
}

export type SignedLinkMailResult<Skip extends string> =
  { sent: true; outboxId: string } | { sent: false; reason: Skip | 'EXPIRED' };

export interface SignedLinkMail<Row extends SignedLinkRow, Skip extends string> {
  schoolId: string;
  /** The link row with its person and school (a repository's read), undefined when there is none. */
  load: (db: Kysely<Database>) => Promise<Row | undefined>;
  /** The non-retryable failure for a row that is gone: its message and type. */
  notFound: { message: string; type: string };
  /** Why a link that no longer works is not mailed (used, answered, replaced), or null; expiry is checked after. */
  skip: (row: Row) => Skip | null;
  /** The outbox event key within the running workflow: each of its mails is sent once across retries. */
  eventKey: string;
  /** The message, with the signed URL rebuilt from the row's id and the app secret (no raw token in history). */
  compose: (row: Row) => Omit<MailMessage, 'to'>;
}

/**
 * Mails one signed link (password reset, e-mail confirmation, recruiting form): loads the link row, skips one that
 * no longer works (it would not open), and sends through the outbox once.
 */
export async function sendSignedLinkMail<Row extends SignedLinkRow, Skip extends string>(
  deps: { db: Kysely<Database>; mailer: Mailer; now?: () => Date },
  mail: SignedLinkMail<Row, Skip>,
): Promise<SignedLinkMailResult<Skip>> {
  const row = await mail.load(deps.db);
  if (!row) throw ApplicationFailure.nonRetryable(mail.notFound.message, mail.notFound.type);
  const skipped = mail.skip(row);
  if (skipped) return { sent: false, reason: skipped };
  if (row.expiresAt.getTime() <= (deps.now?.() ?? new Date()).getTime()) return { sent: false, reason: 'EXPIRED' };
  const { outboxId } = await deliverOutboxMail(deps.db, deps.mailer, {
    idempotencyKey: currentSideEffectKey('mail', mail.eventKey),
    schoolId: mail.schoolId,
    message: { ...mail.compose(row), to: row.to },
  });
  return { sent: true, outboxId };
}

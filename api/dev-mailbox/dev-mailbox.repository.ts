import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/**
 * The development mailbox lists the outbox of every school: it exists only when no SMTP server is configured
 * outside production (config.devMailbox), where it stands in for the recipients' inboxes.
 */
export async function listOutboxForDevMailbox(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at', 'status'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

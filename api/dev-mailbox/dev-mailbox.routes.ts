import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listOutboxForDevMailbox } from './dev-mailbox.repository';
import { MailboxList, MailboxQuery } from './dev-mailbox.schemas';

/** GET /dev/mailbox: mails the platform "sent" without SMTP, newest first, so their links can be followed. */
export const devMailboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/dev/mailbox',
    { config: { public: true }, schema: { querystring: MailboxQuery, response: { 200: MailboxList } } },
    async (request) => {
      const rows = await listOutboxForDevMailbox(db, request.query.limit ?? 100);
      return rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        createdAt: r.created_at.toISOString(),
        status: r.status,
      }));
    },
  );
};

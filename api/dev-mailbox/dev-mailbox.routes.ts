import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { errorResponses } from '../shared/schemas';
import { listOutboxForDevMailbox } from './dev-mailbox.repository';
import { MailboxList, MailboxQuery } from './dev-mailbox.schemas';
import { isLoopbackRequest } from './loopback';

export const DEV_MAILBOX_LOOPBACK_ONLY =
  'The development mailbox opens only on this computer (a loopback address). Set DEV_MAILBOX_PUBLIC=1 to open it to the network.';

/**
 * GET /dev/mailbox: mails the platform "sent" without SMTP, newest first, so their links can be followed. It lists
 * every school's mail without a session, so it exists only without SMTP outside production, and answers only
 * connections from this computer unless DEV_MAILBOX_PUBLIC=1 (issue 36).
 */
export const devMailboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const { devMailboxPublic } = app.deps.config;

  async function refuseUnlessLoopback(request: FastifyRequest): Promise<void> {
    if (devMailboxPublic) return;
    if (!isLoopbackRequest(request.socket.remoteAddress, request.ip)) {
      throw new AppError('FORBIDDEN', undefined, DEV_MAILBOX_LOOPBACK_ONLY);
    }
  }

  app.get(
    '/dev/mailbox',
    {
      config: { public: true },
      onRequest: refuseUnlessLoopback,
      schema: {
        description: `Development only (no SMTP, not production). ${DEV_MAILBOX_LOOPBACK_ONLY}`,
        querystring: MailboxQuery,
        response: { 200: MailboxList, ...errorResponses(403) },
      },
    },
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

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { EVENTS_CHANNEL } from '../../migrations/connect';
import { authOf } from '../plugins/authenticate';
import { isForeignWebSocketOrigin } from '../plugins/install-same-origin-guard';
import { requirePermission } from '../plugins/require-permission';
import { findNotification } from '../notifications/notifications.repository';
import { toNotificationDto } from '../notifications/notifications.service';
import { parseAppEvent, type AppEvent } from './parse-app-event';
import { SocketHub } from './socket-hub';

const PING_INTERVAL_MS = 25_000;

/**
 * WebSocket /api/v1/realtime (PUBLIC_URL's origin only, then session cookie auth, both checked before the upgrade).
 * The server listens on EVENTS_CHANNEL and pushes `{ type: 'notification', notification }` to the sockets of the
 * addressed user.
 */
export const realtimeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, config } = app.deps;
  const hub = new SocketHub();

  async function refuseForeignOrigin(request: FastifyRequest): Promise<void> {
    if (isForeignWebSocketOrigin(request, config.publicUrl)) throw new AppError('CSRF_REJECTED');
  }

  async function deliver(event: AppEvent): Promise<void> {
    if (event.type === 'user_signed_out') {
      hub.disconnect(event.userId, 'signed out');
      return;
    }
    if (event.type === 'submission_changed') {
      hub.pushSchool(event.schoolId, {
        type: 'submission_changed',
        submissionId: event.submissionId,
        sentPacketId: event.sentPacketId,
      });
      return;
    }
    if (event.type === 'tasks_changed') {
      // Ids only: each browser refetches its own counts. A role task may concern anyone of the school.
      const message = { type: 'tasks_changed' };
      if (event.userId) hub.push(event.userId, message);
      else hub.pushSchool(event.schoolId, message);
      return;
    }
    // Most notifications are for people not signed in here: read the row only for someone to push it to.
    if (!hub.isConnected(event.userId)) return;
    const row = await findNotification(database.db, event.schoolId, event.userId, event.notificationId);
    if (row) hub.push(event.userId, { type: 'notification', notification: toNotificationDto(row) });
  }

  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
    const event = parseAppEvent(payload);
    if (!event) return;
    deliver(event).catch((err: unknown) => app.log.error({ err }, 'realtime delivery failed'));
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });

  app.get(
    '/realtime',
    {
      websocket: true,
      onRequest: [refuseForeignOrigin, requirePermission('notifications:read')],
      config: { rateLimit: false },
      schema: { hide: true },
    },
    (socket, request) => {
      const auth = authOf(request);
      const remove = hub.add(auth.user.id, socket, auth.school.id);
      socket.send(JSON.stringify({ type: 'hello', userId: auth.user.id }));
      // Pings keep proxies from closing an idle connection.
      const ping = setInterval(() => socket.ping(), PING_INTERVAL_MS);
      socket.on('close', () => {
        clearInterval(ping);
        remove();
      });
      // Clients have nothing to say yet; messages are ignored.
      socket.on('message', () => undefined);
    },
  );
};

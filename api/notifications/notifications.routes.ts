import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { IdParams, NoContent, errorResponses } from '../shared/schemas';
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.repository';
import { ListNotificationsQuery, NotificationDto, NotificationList, UnreadCount } from './notifications.schemas';
import { toNotificationDto } from './notifications.service';

/** The notification centre: each user sees and marks only their own notifications. */
export const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const guard = requirePermission('notifications:read');

  app.get(
    '/notifications',
    {
      onRequest: guard,
      schema: {
        querystring: ListNotificationsQuery,
        response: { 200: NotificationList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const rows = await listNotifications(db, auth.school.id, auth.user.id, {
        unreadOnly: request.query.unread ?? false,
        limit: request.query.limit ?? 50,
        ...(request.query.before ? { before: new Date(request.query.before) } : {}),
      });
      return { items: rows.map(toNotificationDto) };
    },
  );

  app.get(
    '/notifications/unread-count',
    { onRequest: guard, schema: { response: { 200: UnreadCount, ...errorResponses(401, 403) } } },
    async (request) => {
      const auth = authOf(request);
      return { count: await countUnreadNotifications(db, auth.school.id, auth.user.id) };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      onRequest: guard,
      schema: { params: IdParams, response: { 200: NotificationDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await markNotificationRead(db, auth.school.id, auth.user.id, request.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      return toNotificationDto(row);
    },
  );

  app.post(
    '/notifications/read-all',
    { onRequest: guard, schema: { response: { 204: NoContent, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      const auth = authOf(request);
      await markAllNotificationsRead(db, auth.school.id, auth.user.id);
      return reply.code(204).send(null);
    },
  );
};

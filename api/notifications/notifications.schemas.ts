import { Type, type Static } from 'typebox';
import type { NotificationPayload } from '../../domain/notifications';
import { PageQuery, Nullable, Timestamp } from '../shared/schemas';

/** The spec's notification fields travel in `payload`; unknown extras are kept so later modules can add fields. */
export const NotificationPayloadSchema = Type.Unsafe<NotificationPayload>(
  Type.Object(
    { module: Type.String(), status: Type.String(), title: Type.String() },
    {
      additionalProperties: true,
      description: 'The spec notification fields (module, status, title, featureData, disclosureId, …)',
    },
  ),
);

export const NotificationDto = Type.Object({
  id: Type.String(),
  module: Type.String(),
  status: Type.String(),
  title: Type.String(),
  body: Nullable(Type.String()),
  /** Status colour per the spec: green, neutral, red or orange. */
  tone: Type.Enum(['green', 'neutral', 'red', 'orange']),
  readAt: Nullable(Timestamp),
  createdAt: Timestamp,
  payload: NotificationPayloadSchema,
});
export type NotificationDto = Static<typeof NotificationDto>;

export const ListNotificationsQuery = Type.Object({
  unread: Type.Optional(Type.Boolean()),
  limit: PageQuery.limit,
  before: Type.Optional(Timestamp),
});

export const NotificationList = Type.Object({ items: Type.Array(NotificationDto) });
export const UnreadCount = Type.Object({ count: Type.Integer() });

import { Type, type Static } from 'typebox';
import type { NotificationPayload } from '../../domain/notifications';
import { PageQuery, Nullable, Timestamp } from '../shared/schemas';

/** NotificationFeatureData (domain/notifications.ts): the module-specific extras. */
const NotificationFeatureDataSchema = Type.Object(
  {
    rosterStatus: Type.Optional(Type.String()),
    expenseId: Type.Optional(Type.String()),
    channelId: Type.Optional(Type.String()),
    division: Type.Optional(Type.String()),
    periodStartDate: Type.Optional(Type.String()),
    periodEndDate: Type.Optional(Type.String()),
    caraLogsId: Type.Optional(Type.String()),
    academicYearId: Type.Optional(Type.String()),
    academicYearSelected: Type.Optional(Type.String()),
    segments: Type.Optional(Type.Array(Type.String())),
    psaId: Type.Optional(Type.String()),
    noteId: Type.Optional(Type.String()),
    eventId: Type.Optional(Type.String()),
    eventDateTime: Type.Optional(Type.String()),
    isRecruitment: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The spec's notification fields (NotificationPayload in domain/notifications.ts), as they travel in `payload`. */
export const NotificationPayloadSchema = Type.Unsafe<NotificationPayload>(
  Type.Object(
    {
      module: Type.String({ description: "May be 'module/sub'." }),
      status: Type.String(),
      title: Type.String(),
      body: Type.Optional(Type.String()),
      hasContract: Type.Optional(Type.Enum(['true', 'false'])),
      featureData: Type.Optional(NotificationFeatureDataSchema),
      disclosureId: Type.Optional(Type.String()),
      dealTypeName: Type.Optional(Type.String()),
      studentId: Type.Optional(Type.String()),
      eventId: Type.Optional(Type.String()),
      eventDate: Type.Optional(Type.String()),
      eventStartTime: Type.Optional(Type.String()),
      sportTeamId: Type.Optional(Type.String()),
      sportTeamName: Type.Optional(Type.String()),
      isRecruiting: Type.Optional(Type.Boolean()),
      formId: Type.Optional(Type.String()),
      isDocumentReceived: Type.Optional(Type.Boolean()),
      paperworkFormType: Type.Optional(Type.String()),
      paperworkCategoryType: Type.Optional(Type.String()),
      sentPacketId: Type.Optional(Type.String()),
      commentId: Type.Optional(Type.String()),
      channelName: Type.Optional(Type.String()),
      isUserPartOfActiveWorkflowStep: Type.Optional(
        Type.Boolean({ description: 'Set for paperwork notifications from the activity status call.' }),
      ),
    },
    { additionalProperties: false },
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

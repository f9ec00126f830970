import { Type } from 'typebox';
import { JsonObject, Nullable, Page, PageQuery, Timestamp } from '../shared/schemas';

export const AuditEventDto = Type.Object({
  id: Type.String(),
  action: Type.String(),
  actorUserId: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  details: JsonObject('What the action changed or read; its keys depend on the action (before/after, ids, counts).'),
  createdAt: Timestamp,
});

export const ListAuditEventsQuery = Type.Object({
  ...PageQuery,
  action: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only events about this record (e.g. one athlete's profile history). */
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
});

export const AuditEventPage = Type.Object({
  ...Page(AuditEventDto).properties,
  timeZone: Type.String({ description: "The school's time zone (IANA), in which the log shows its times." }),
});

import { Type, type Static } from 'typebox';
import { CARA_LOG_STATUSES } from '../../domain/bylaw17/cara';
import { WEEKDAYS } from '../../domain/calendar';
import { CARA_CATEGORIES, EVENT_CATEGORIES, EVENT_STATUSES, REPEAT_OPTIONS } from '../../domain/calendar-events';
import { IsoDate, Nullable, Timestamp, Uuid } from '../shared/schemas';

const literals = <const T extends string>(values: readonly T[]) => Type.Enum(values);
const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:mm' });
const EditScope = literals(['THIS', 'FOLLOWING', 'ALL'] as const);

/** An event as entered: wall-clock dates and times in its time zone; the server checks the rules (domain/calendar-events). */
const EventFields = {
  name: Type.String({ maxLength: 200 }),
  category: literals(EVENT_CATEGORIES),
  caraCategory: Type.Optional(Nullable(literals(CARA_CATEGORIES))),
  sportTeamId: Uuid,
  attendeeTeamIds: Type.Array(Uuid, { maxItems: 50 }),
  attendeeUserIds: Type.Array(Uuid, { maxItems: 50 }),
  location: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  startDate: IsoDate,
  startTime: Time,
  endDate: IsoDate,
  endTime: Time,
  repeat: literals(REPEAT_OPTIONS),
  weekdays: Type.Optional(Type.Array(literals(WEEKDAYS), { maxItems: 7 })),
  repeatUntil: Type.Optional(Nullable(IsoDate)),
  notes: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  agenda: Type.Optional(Nullable(Type.String({ maxLength: 8000 }))),
  reminderMinutes: Type.Optional(Nullable(Type.Integer())),
};

export const CreateEventBody = Type.Object(EventFields, { additionalProperties: false });
export type CreateEventBody = Static<typeof CreateEventBody>;

export const UpdateEventBody = Type.Object(
  {
    ...EventFields,
    scope: EditScope,
    /** The original start of the occurrence being edited (ISO instant); required for THIS and FOLLOWING. */
    occurrenceStart: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type UpdateEventBody = Static<typeof UpdateEventBody>;

/** Without a scope, the whole series is cancelled. */
export const DeleteEventQuery = Type.Object({
  scope: Type.Optional(EditScope),
  occurrenceStart: Type.Optional(Timestamp),
});

export const DecisionBody = Type.Object(
  {
    decision: literals(['APPROVE', 'REJECT'] as const),
    reason: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type DecisionBody = Static<typeof DecisionBody>;

/** Without a range, the weeks around today (a month back, two ahead). */
export const EventRangeQuery = Type.Object({
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  teamIds: Type.Optional(Type.String({ description: 'Comma-separated team ids' })),
  categories: Type.Optional(Type.String({ description: 'Comma-separated categories' })),
  personId: Type.Optional(Uuid),
});

/** One occurrence in a range: what the month, week, day and list views draw. */
export const OccurrenceDto = Type.Object({
  id: Uuid,
  occurrenceStart: Timestamp,
  start: Timestamp,
  end: Timestamp,
  name: Type.String(),
  category: Type.String(),
  caraCategory: Nullable(Type.String()),
  sportTeamId: Uuid,
  sportTeamName: Type.String(),
  location: Nullable(Type.String()),
  timeZone: Type.String(),
  repeat: Type.String(),
  status: literals(EVENT_STATUSES),
  canEdit: Type.Boolean(),
});
export type OccurrenceDto = Static<typeof OccurrenceDto>;
export const OccurrenceList = Type.Object({ items: Type.Array(OccurrenceDto) });

export const EventDto = Type.Object({
  ...EventFields,
  id: Uuid,
  caraCategory: Nullable(Type.String()),
  location: Nullable(Type.String()),
  repeatUntil: Nullable(IsoDate),
  weekdays: Type.Array(Type.String()),
  notes: Nullable(Type.String()),
  agenda: Nullable(Type.String()),
  reminderMinutes: Nullable(Type.Integer()),
  sportTeamName: Type.String(),
  rrule: Nullable(Type.String()),
  status: literals(EVENT_STATUSES),
  rejectReason: Nullable(Type.String()),
  seriesId: Nullable(Uuid),
  canEdit: Type.Boolean(),
  canDecide: Type.Boolean(),
  createdAt: Timestamp,
  /**
   * Submitted or approved CARA logs over the series' dates (one event's read only): its occurrences in them are
   * locked until an admin reopens the log.
   */
  lockedPeriods: Type.Optional(
    Type.Array(Type.Object({ periodStart: IsoDate, periodEnd: IsoDate, status: literals(CARA_LOG_STATUSES) })),
  ),
});
export type EventDto = Static<typeof EventDto>;

export const SeriesListQuery = Type.Object({
  teamId: Type.Optional(Uuid),
  category: Type.Optional(Type.String({ maxLength: 40 })),
  kind: Type.Optional(Type.Union([Type.Literal('EVENT'), Type.Literal('COMPETITION')])),
  status: Type.Optional(Type.Union([Type.Literal('PENDING'), Type.Literal('APPROVED'), Type.Literal('REJECTED')])),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
});
export type SeriesListQuery = Static<typeof SeriesListQuery>;

/** A person's private calendar feed: its URL (null until they make one), when it was made and last read. */
export const FeedDto = Type.Object({
  url: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  lastFetchedAt: Type.Union([Type.String(), Type.Null()]),
});

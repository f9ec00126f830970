import { Type, type Static } from 'typebox';
import { EVENT_STATUSES } from '../../domain/calendar-events';
import { RECRUITING_EVENT_KIND_KEYS } from '../../domain/recruiting-events';
import { IsoDate, Nullable, PageQuery, SingleLine, Uuid } from '../shared/schemas';

const Time = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:mm' });
const Kind = Type.Enum(RECRUITING_EVENT_KIND_KEYS);
const Status = Type.Enum(EVENT_STATUSES);

/**
 * A recruiting event as entered: wall-clock dates and times in its time zone, and the ids of its host athletes,
 * prospects and coaches. Lengths here only stop abuse; the spec's limits are checked by domain/recruiting-events so
 * they come back in its words.
 */
export const RecruitingEventBody = Type.Object(
  {
    name: SingleLine({ maxLength: 300 }),
    kind: Type.String({ maxLength: 40 }),
    sportTeamId: Uuid,
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    notes: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
    location: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
    startDate: IsoDate,
    startTime: Time,
    endDate: IsoDate,
    endTime: Time,
    hostAthleteIds: Type.Array(Uuid, { maxItems: 100 }),
    psaIds: Type.Array(Uuid, { maxItems: 100 }),
    coachIds: Type.Array(Uuid, { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type RecruitingEventBody = Static<typeof RecruitingEventBody>;

const PersonRef = Type.Object({ id: Uuid, name: Type.String(), detail: Nullable(Type.String()) });

export const RecruitingEventDto = Type.Object({
  id: Uuid,
  name: Type.String(),
  kind: Kind,
  sportTeamId: Uuid,
  sportTeamName: Type.String(),
  description: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  location: Nullable(Type.String()),
  timeZone: Type.String(),
  startDate: IsoDate,
  startTime: Time,
  endDate: IsoDate,
  endTime: Time,
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  status: Status,
  rejectReason: Nullable(Type.String()),
  createdByName: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  psaCount: Type.Integer(),
  hostAthletes: Type.Array(PersonRef),
  psas: Type.Array(PersonRef),
  coaches: Type.Array(PersonRef),
  canEdit: Type.Boolean(),
  canDecide: Type.Boolean(),
  /** Official-visit flags (one per school per prospect, at most 2 nights), each naming its prospect. */
  visitFlags: Type.Array(Type.String()),
});
export type RecruitingEventDto = Static<typeof RecruitingEventDto>;

export const RecruitingEventListQuery = Type.Object({
  status: Type.Optional(Status),
  sportTeamId: Type.Optional(Uuid),
  kind: Type.Optional(Kind),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  q: Type.Optional(Type.String({ maxLength: 100 })),
  ...PageQuery,
});
export type RecruitingEventListQuery = Static<typeof RecruitingEventListQuery>;

export const RecruitingDecisionBody = Type.Object(
  {
    decision: Type.Enum(['APPROVE', 'REJECT'] as const),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  { additionalProperties: false },
);
export type RecruitingDecisionBody = Static<typeof RecruitingDecisionBody>;

export const RecruitingEventOptions = Type.Object({
  teams: Type.Array(Type.Object({ id: Uuid, name: Type.String(), primary: Type.Optional(Type.Boolean()) })),
  hostAthletes: Type.Array(PersonRef),
  coaches: Type.Array(PersonRef),
  psas: Type.Array(PersonRef),
  schoolTimeZone: Type.String(),
});

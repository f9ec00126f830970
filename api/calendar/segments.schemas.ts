import { Type, type Static } from 'typebox';
import { SEASON_TYPES, SEGMENT_TYPES, WEEKDAYS } from '../../domain/calendar';
import { IsoDate, Timestamp, Uuid } from '../shared/schemas';

const SeasonType = Type.Enum(SEASON_TYPES);
const SegmentType = Type.Enum(SEGMENT_TYPES);
const Weekday = Type.Enum(WEEKDAYS);

export const SegmentDto = Type.Object({
  id: Uuid,
  sportTeamId: Uuid,
  sportTeamName: Type.String(),
  academicYearId: Uuid,
  seasonType: SeasonType,
  segmentType: SegmentType,
  startDate: IsoDate,
  endDate: IsoDate,
  startDayOfWeek: Weekday,
  /** The week before the segment's first contest is exempt from the daily and weekly limits. */
  exemptWeekBeforeFirstContest: Type.Boolean(),
  updatedAt: Timestamp,
});
export type SegmentDto = Static<typeof SegmentDto>;

export const SegmentList = Type.Object({ items: Type.Array(SegmentDto) });

export const SegmentListQuery = Type.Object({
  academicYearId: Type.Optional(Uuid),
  sportTeamId: Type.Optional(Uuid),
});

/** What a segment holds besides its team and year (which never change). */
const SegmentFields = {
  seasonType: SeasonType,
  segmentType: SegmentType,
  startDate: IsoDate,
  endDate: IsoDate,
  startDayOfWeek: Weekday,
  /** Off when left out. */
  exemptWeekBeforeFirstContest: Type.Optional(Type.Boolean()),
};

export const CreateSegmentBody = Type.Object(
  { sportTeamId: Uuid, academicYearId: Uuid, ...SegmentFields },
  { additionalProperties: false },
);
export type CreateSegmentBody = Static<typeof CreateSegmentBody>;

export const UpdateSegmentBody = Type.Partial(Type.Object(SegmentFields, { additionalProperties: false }), {
  additionalProperties: false,
});
export type UpdateSegmentBody = Static<typeof UpdateSegmentBody>;

/**
 * A team whose calendar and segments the signed-in person sees (admins: every team; others: their own). `primary`
 * marks the person's own primary team (a coach's primary team, an athlete's team): the one forms preselect.
 */
export const CalendarTeamList = Type.Object({
  items: Type.Array(
    Type.Object({ id: Uuid, name: Type.String(), sport: Type.String(), primary: Type.Optional(Type.Boolean()) }),
  ),
  /** The school's IANA time zone: the calendar screens show every time in it. */
  schoolTimeZone: Type.String(),
});

/** Athletes and staff who may be named as attendees (the teams in the person's calendar scope). */
export const CalendarPeopleList = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Uuid,
      name: Type.String(),
      kind: Type.Union([Type.Literal('ATHLETE'), Type.Literal('STAFF')]),
      sportTeamId: Type.Union([Uuid, Type.Null()]),
    }),
  ),
});

import { Type, type Static } from 'typebox';
import { ATHLETE_STATUSES, ROSTER_STATUSES } from '../../domain/athletes';
import { Email, Name, Nullable, Timestamp, Uuid } from '../shared/schemas';

const keysOf = <T extends object>(o: T) => Object.keys(o) as Array<keyof T & string>;
const AthleteStatus = Type.Enum(keysOf(ATHLETE_STATUSES));
const RosterStatus = Type.Enum(keysOf(ROSTER_STATUSES));
const RolloverStatus = Type.Union([
  Type.Literal('NOT_STARTED'),
  Type.Literal('READY_FOR_REVIEW'),
  Type.Literal('COMPLETED'),
]);

export const RosterParams = Type.Object({ teamId: Uuid, academicYearId: Uuid });
export const YearParams = Type.Object({ academicYearId: Uuid });
export const YearQuery = Type.Object({ academicYearId: Type.Optional(Uuid) });

export const TeamRosterRow = Type.Object({
  teamId: Type.String(),
  teamName: Type.String(),
  sport: Type.String(),
  rosterId: Nullable(Type.String()),
  rolloverStatus: Nullable(RolloverStatus),
  official: Type.Integer(),
  unofficial: Type.Integer(),
  total: Type.Integer(),
  pendingRequests: Type.Integer(),
});
export const YearRosters = Type.Object({
  academicYear: Nullable(Type.Object({ id: Type.String(), label: Type.String(), hasTerms: Type.Boolean() })),
  years: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), isCurrent: Type.Boolean() })),
  teams: Type.Array(TeamRosterRow),
});
export type YearRosters = Static<typeof YearRosters>;

export const RosterDetail = Type.Object({
  id: Nullable(Type.String()),
  teamId: Type.String(),
  teamName: Type.String(),
  academicYearId: Type.String(),
  academicYearLabel: Type.String(),
  rolloverStatus: Nullable(RolloverStatus),
  reviewComment: Nullable(Type.String()),
  workflowId: Nullable(Type.String()),
  sourceYearLabel: Nullable(Type.String()),
  submittedAt: Nullable(Timestamp),
  completedAt: Nullable(Timestamp),
  canDeclare: Type.Boolean(),
  canApprove: Type.Boolean(),
  entries: Type.Array(
    Type.Object({
      athleteUserId: Type.String(),
      name: Type.String(),
      email: Type.String(),
      accountStatus: Type.String(),
      rosterStatus: RosterStatus,
      athleteStatus: Type.String(),
      isNew: Type.Boolean(),
      addedAt: Timestamp,
      addedByName: Nullable(Type.String()),
      classYear: Nullable(Type.String()),
      position: Nullable(Type.String()),
    }),
  ),
  changeRequests: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.String(),
      athleteUserId: Type.String(),
      athleteName: Type.String(),
      athleteStatus: Nullable(Type.String()),
      rosterStatus: Nullable(Type.String()),
      status: Type.String(),
      requestedByName: Nullable(Type.String()),
      requestedAt: Timestamp,
      comment: Nullable(Type.String()),
    }),
  ),
});
export type RosterDetail = Static<typeof RosterDetail>;

export const AddAthletesBody = Type.Object({
  athleteUserIds: Type.Optional(Type.Array(Uuid, { maxItems: 200 })),
  newAthlete: Type.Optional(Type.Object({ email: Email, firstName: Name, lastName: Name })),
});
export const SetStatusBody = Type.Object({
  athleteUserIds: Type.Array(Uuid, { minItems: 1, maxItems: 200 }),
  athleteStatus: Type.Optional(AthleteStatus),
  rosterStatus: Type.Optional(RosterStatus),
});
export const ReviewBody = Type.Object({
  decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REQUEST_CHANGES')]),
  inviteNewAthletes: Type.Optional(Type.Boolean()),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const ChangeRequestBody = Type.Object({
  kind: Type.Union([Type.Literal('ADD'), Type.Literal('REMOVE'), Type.Literal('STATUS_CHANGE')]),
  athleteUserId: Uuid,
  athleteStatus: Type.Optional(AthleteStatus),
  rosterStatus: Type.Optional(RosterStatus),
});
export const DecideBody = Type.Object({
  requestIds: Type.Array(Uuid, { minItems: 1, maxItems: 200 }),
  decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('DENY')]),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
});
export const AddableQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 100 })) });
export const AddableList = Type.Array(
  Type.Object({
    id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    teamName: Nullable(Type.String()),
  }),
);

import { Type, type Static } from 'typebox';
import { TEAM_GENDERS } from '../../domain/teams';
import { SingleLine, Timestamp } from '../shared/schemas';

export const TeamDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sport: Type.String(),
  gender: Type.Enum(TEAM_GENDERS),
  athleteCount: Type.Integer(),
  staffCount: Type.Integer(),
  createdAt: Timestamp,
  /** When the team was archived (hidden from pickers, kept everywhere else); null while it is active. */
  archivedAt: Type.Union([Timestamp, Type.Null()]),
});
export type TeamDto = Static<typeof TeamDto>;

export const CreateTeamBody = Type.Object({
  name: SingleLine({ minLength: 1, maxLength: 100 }),
  sport: SingleLine({ minLength: 1, maxLength: 100 }),
  gender: Type.Optional(Type.Enum(TEAM_GENDERS)),
});

export const UpdateTeamBody = Type.Object({
  name: Type.Optional(SingleLine({ minLength: 1, maxLength: 100 })),
  sport: Type.Optional(SingleLine({ minLength: 1, maxLength: 100 })),
  gender: Type.Optional(Type.Enum(TEAM_GENDERS)),
});

export const TeamList = Type.Object({ items: Type.Array(TeamDto) });

export const TeamListQuery = Type.Object({
  /** `true` lists the archived teams instead of the active ones. */
  archived: Type.Optional(Type.Boolean()),
});

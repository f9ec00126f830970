import { Type, type Static } from 'typebox';
import { Timestamp } from '../shared/schemas';

export const TEAM_GENDERS = ['MEN', 'WOMEN', 'COED'] as const;

export const TeamDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sport: Type.String(),
  gender: Type.Enum(TEAM_GENDERS),
  athleteCount: Type.Integer(),
  staffCount: Type.Integer(),
  createdAt: Timestamp,
});
export type TeamDto = Static<typeof TeamDto>;

export const CreateTeamBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  sport: Type.String({ minLength: 1, maxLength: 100 }),
  gender: Type.Optional(Type.Enum(TEAM_GENDERS)),
});

export const UpdateTeamBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  sport: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  gender: Type.Optional(Type.Enum(TEAM_GENDERS)),
});

export const TeamList = Type.Object({ items: Type.Array(TeamDto) });

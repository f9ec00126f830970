import { Type, type Static } from 'typebox';
import { COACH_TITLE_GROUPS } from '../../domain/roles';
import { RoleGrantSchema } from '../shared/role-grant.schema';
import { JsonObject, Name, Nullable, Page, PageQuery, Phone, SingleLine, Timestamp, Uuid } from '../shared/schemas';

/** One team of a staff member with their title on it (issue 15: a coach may be on several teams' staff). */
export const StaffTeamDto = Type.Object({
  id: Type.String(),
  name: Type.String(),
  titleGroup: Nullable(Type.Enum(COACH_TITLE_GROUPS)),
});

/** A team as an admin assigns it to a staff member. */
export const StaffTeamInput = Type.Object({
  sportTeamId: Uuid,
  titleGroup: Type.Optional(Nullable(Type.Enum(COACH_TITLE_GROUPS))),
});

/**
 * A row of the staff directory: coaches and school admins with their title and teams. `sportTeamId` is the primary
 * team, always one of `teams` when set.
 */
export const StaffDto = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  middleName: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  status: Type.String(),
  roles: Type.Array(RoleGrantSchema),
  title: Nullable(Type.String()),
  sportTeamId: Nullable(Type.String()),
  sportTeamName: Nullable(Type.String()),
  teams: Type.Array(StaffTeamDto),
  lastActiveAt: Nullable(Timestamp),
  profile: JsonObject('The staff profile document: the profile fields the staff member has filled in.'),
});
export type StaffDto = Static<typeof StaffDto>;

export const ListStaffQuery = Type.Object({
  ...PageQuery,
  teamId: Type.Optional(Uuid),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});

export const UpdateStaffBody = Type.Object({
  firstName: Type.Optional(Name),
  lastName: Type.Optional(Name),
  middleName: Type.Optional(Nullable(SingleLine({ maxLength: 100 }))),
  phoneNumber: Type.Optional(Nullable(Phone)),
  title: Type.Optional(Nullable(SingleLine({ maxLength: 100 }))),
  /** The primary team: added to `teams` when missing; null clears the primary mark only. */
  sportTeamId: Type.Optional(Nullable(Uuid)),
  /** Replaces every team of the person (each at most once); an empty list leaves them on no team. */
  teams: Type.Optional(Type.Array(StaffTeamInput, { maxItems: 100 })),
  bio: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  imageUrl: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 500,
        pattern: '^https?://[^\\s]+$',
        'x-error-message': 'Link must start with http:// or https://.',
      }),
    ),
  ),
});
export type UpdateStaffBody = Static<typeof UpdateStaffBody>;

export const StaffPage = Page(StaffDto);

import { Type, type Static } from 'typebox';
import { ROLES } from '../../domain/roles';
import { RoleGrantSchema } from '../shared/role-grant.schema';
import { Email, Name, Nullable, Page, PageQuery, Timestamp, Uuid } from '../shared/schemas';

export const USER_STATUSES = ['NOT_INVITED', 'INVITED', 'ACTIVE', 'INACTIVE'] as const;

export const UserInvitationDto = Type.Object({
  id: Type.String(),
  status: Type.Enum(['PENDING', 'ACCEPTED', 'EXPIRED', 'REVOKED']),
  expiresAt: Timestamp,
  createdAt: Timestamp,
});

/** A row of the spec's User Permissions list: name, institution designation (roles), title group, last active. */
export const UserDto = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  middleName: Nullable(Type.String()),
  phoneNumber: Nullable(Type.String()),
  status: Type.Enum(USER_STATUSES),
  roles: Type.Array(RoleGrantSchema),
  sportTeamId: Nullable(Type.String()),
  sportTeamName: Nullable(Type.String()),
  lastActiveAt: Nullable(Timestamp),
  createdAt: Timestamp,
  invitation: Nullable(UserInvitationDto),
});
export type UserDto = Static<typeof UserDto>;

export const ListUsersQuery = Type.Object({
  ...PageQuery,
  role: Type.Optional(Type.Enum(ROLES)),
  status: Type.Optional(Type.Enum(USER_STATUSES)),
  q: Type.Optional(Type.String({ maxLength: 100 })),
});

export const Roles = Type.Array(RoleGrantSchema, { minItems: 1, maxItems: ROLES.length });

export const InviteUserBody = Type.Object({
  email: Email,
  firstName: Name,
  lastName: Name,
  roles: Roles,
  sportTeamId: Type.Optional(Uuid),
});
export type InviteUserBody = Static<typeof InviteUserBody>;

export const ChangeRolesBody = Type.Object({ roles: Roles });

export const InvitedUser = Type.Object({ user: UserDto, invitationId: Type.String() });
export const InvitationStarted = Type.Object({ invitationId: Type.String() });
export const UserPage = Page(UserDto);

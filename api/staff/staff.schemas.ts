import { Type, type Static } from 'typebox';
import { RoleGrantSchema } from '../shared/role-grant.schema';
import { Name, Nullable, Page, PageQuery, Phone, Timestamp, Uuid } from '../shared/schemas';

/** A row of the staff directory: coaches and school admins with their title and team. */
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
  lastActiveAt: Nullable(Timestamp),
  profile: Type.Object({}, { additionalProperties: true }),
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
  middleName: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  phoneNumber: Type.Optional(Nullable(Phone)),
  title: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  sportTeamId: Type.Optional(Nullable(Uuid)),
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

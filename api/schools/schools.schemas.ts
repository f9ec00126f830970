import { Type, type Static } from 'typebox';
import { PLANS } from '../../domain/plans';
import { DIVISIONS, SLUG_MAX_LENGTH, SLUG_PATTERN, US_STATE_CODES } from '../../domain/schools';
import { USER_STATUSES, UserDto } from '../users/users.schemas';
import { Email, Name, Nullable, Page, PageQuery, SingleLine, Timestamp, Uuid } from '../shared/schemas';

export const SchoolListItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  kind: Type.Enum(['SCHOOL', 'PROVIDER']),
  plan: Type.Enum(PLANS),
  division: Nullable(Type.String()),
  state: Nullable(Type.String()),
  timeZone: Type.String(),
  userCount: Type.Integer(),
  athleteCount: Type.Integer(),
  createdAt: Timestamp,
});

export const ListSchoolsQuery = Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 100 })) });
export const SchoolPage = Page(SchoolListItem);

/** Operator onboarding: the school and its first school admin, who is invited through the invitation workflow. */
export const CreateSchoolBody = Type.Object({
  name: SingleLine({ minLength: 1, maxLength: 200 }),
  slug: Type.Optional(
    Type.String({
      minLength: 2,
      maxLength: SLUG_MAX_LENGTH,
      pattern: SLUG_PATTERN,
      description: 'Lowercase letters, digits and dashes; derived from the name when left out.',
    }),
  ),
  plan: Type.Enum(PLANS),
  division: Type.Enum(DIVISIONS, { description: "The spec's divisions: 1, 2, 3, NAIA, JUCO/CC, CCCAA" }),
  state: Type.Enum(US_STATE_CODES, { description: 'Two-letter state code' }),
  timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. America/Chicago' }),
  firstAdmin: Type.Object({
    email: Email,
    firstName: Name,
    lastName: Name,
    compliance: Type.Boolean({ description: 'Whether the first admin holds the compliance permission.' }),
  }),
});
export type CreateSchoolBody = Static<typeof CreateSchoolBody>;

export const SchoolCounts = Type.Object({
  users: Type.Integer(),
  activeUsers: Type.Integer(),
  invitedUsers: Type.Integer(),
  admins: Type.Integer(),
  coaches: Type.Integer(),
  athletes: Type.Integer(),
  teams: Type.Integer(),
});

/** A school admin as the provider's school profile lists them (to follow up on the onboarding invitation). */
export const SchoolAdminDto = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  status: Type.Enum(USER_STATUSES),
  compliance: Type.Boolean(),
  lastActiveAt: Nullable(Timestamp),
});

export const SchoolProfile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  kind: Type.Enum(['SCHOOL', 'PROVIDER']),
  plan: Type.Enum(PLANS),
  division: Nullable(Type.String()),
  state: Nullable(Type.String()),
  timeZone: Type.String(),
  createdAt: Timestamp,
  counts: SchoolCounts,
  admins: Type.Array(SchoolAdminDto),
});
export type SchoolProfile = Static<typeof SchoolProfile>;

export const OnboardedSchool = Type.Object({
  school: SchoolProfile,
  firstAdmin: UserDto,
  invitationId: Type.String(),
});

export const ChangePlanBody = Type.Object({
  plan: Type.Enum(PLANS, { description: 'Only COMPLIANCE → CONNECT is allowed; an upgrade cannot be undone.' }),
});

export const SchoolUserParams = Type.Object({ id: Uuid, userId: Uuid });

/** A school's teams as the provider's pickers list them (not archived ones). */
export const SchoolTeamList = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});

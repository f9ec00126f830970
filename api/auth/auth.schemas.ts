import { Type, type Static } from 'typebox';
import { PERMISSIONS } from '../../domain/permissions';
import { PLANS } from '../../domain/plans';
import { PORTALS } from '../../domain/roles';
import { RoleGrantSchema } from '../shared/role-grant.schema';
import { Email } from '../shared/schemas';

export const MeDto = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  school: Type.Object({
    id: Type.String(),
    name: Type.String(),
    plan: Type.Enum(PLANS),
    kind: Type.Enum(['SCHOOL', 'PROVIDER']),
    timeZone: Type.String({ description: "The school's IANA time zone: every time on screen is shown in it." }),
  }),
  roles: Type.Array(RoleGrantSchema),
  portals: Type.Array(Type.Enum(PORTALS)),
  portal: Type.Enum(PORTALS),
  permissions: Type.Array(Type.Enum(PERMISSIONS)),
});
export type MeDto = Static<typeof MeDto>;

const Password = Type.String({ minLength: 1, maxLength: 256 });
const LinkToken = Type.String({ minLength: 1, maxLength: 256 });

export const LoginBody = Type.Object({ email: Email, password: Password });
export const PortalBody = Type.Object({ portal: Type.Enum(PORTALS) });
export const ForgotPasswordBody = Type.Object({ email: Email });
export const NewPasswordBody = Type.Object({ token: LinkToken, password: Password, confirmPassword: Password });
export const InvitationQuery = Type.Object({ token: LinkToken });
export const InvitationDto = Type.Object({
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  schoolName: Type.String(),
});
export type InvitationDto = Static<typeof InvitationDto>;

import { Type } from 'typebox';
import { COACH_TITLE_GROUPS, ROLES } from '../../domain/roles';
import { Nullable } from './schemas';

/** One role held by a user (domain/roles.ts RoleGrant). */
export const RoleGrantSchema = Type.Object({
  role: Type.Enum(ROLES),
  titleGroup: Type.Optional(Nullable(Type.Enum(COACH_TITLE_GROUPS))),
  compliance: Type.Optional(Type.Boolean()),
});

import type { Kysely } from 'kysely';
import {
  checkNamedAccounts,
  isStepRole,
  listNamedAccounts,
  type PacketWorkflowDefinition,
  type PacketWorkflowProblem,
  type UnavailableAccounts,
} from '../../domain/packet-workflow';
import { COMPLIANCE_STAFF } from '../../domain/permissions';
import type { Database } from '../../migrations/database';

/**
 * The people and groups a packet workflow names, checked against the school's directory: a person must be an active
 * member of the sending school and a group must have an active member there, or the step would wait forever (the
 * named person can never log in to act, and nobody else may act for them).
 */
type Db = Kysely<Database>;

export async function findUnavailableAccounts(
  db: Db,
  schoolId: string,
  definition: PacketWorkflowDefinition,
): Promise<UnavailableAccounts> {
  const named = listNamedAccounts(definition);
  // A role that is no group of a school (a provider operator, a made-up name) has no members there to ask about.
  const roles = named.roles.filter(isStepRole);
  const [people, groups] = await Promise.all([
    named.userIds.length === 0
      ? []
      : db
          .selectFrom('users')
          .select('id')
          .where('school_id', '=', schoolId)
          .where('status', '=', 'ACTIVE')
          .where('id', 'in', named.userIds)
          .execute(),
    roles.length === 0
      ? []
      : db
          .selectFrom('user_roles as ur')
          .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'ur.user_id').onRef('u.school_id', '=', 'ur.school_id'))
          .select(['ur.role', 'ur.compliance'])
          .distinct()
          .where('ur.school_id', '=', schoolId)
          .where('u.status', '=', 'ACTIVE')
          // Compliance staff are the school admins holding the compliance permission.
          .where(
            'ur.role',
            'in',
            roles.map((role) => (role === COMPLIANCE_STAFF ? 'SCHOOL_ADMIN' : role)),
          )
          .execute(),
  ]);
  const active = new Set(people.map((p) => p.id));
  const held = new Set<string>(groups.map((g) => g.role));
  if (groups.some((g) => g.role === 'SCHOOL_ADMIN' && g.compliance)) held.add(COMPLIANCE_STAFF);
  return {
    userIds: new Set(named.userIds.filter((id) => !active.has(id))),
    roles: new Set(named.roles.filter((role) => !held.has(role))),
  };
}

/** The steps of a definition that name someone who could never act, with the catalogue's codes and wording. */
export async function checkWorkflowAccounts(
  db: Db,
  schoolId: string,
  definition: PacketWorkflowDefinition,
): Promise<PacketWorkflowProblem[]> {
  return checkNamedAccounts(definition, await findUnavailableAccounts(db, schoolId, definition));
}

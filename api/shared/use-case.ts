import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import type { Permission } from '../../domain/permissions';
import type { RoleGrant } from '../../domain/roles';
import type { Database } from '../../migrations/database';
import { recordAudit, type AuditEventInput } from '../audit/audit.repository';
import { requestMeta, type RequestOrigin } from './request-meta';
import type { AuthContext, ServerDeps } from '../types';

/**
 * What a use case runs on (ARCHITECTURE §1): plain dependencies that a route, an activity or a script can all give.
 * `temporal` is null where no Temporal is configured; a use case that needs it answers WORKFLOW_UNAVAILABLE.
 */
export interface CoreDeps {
  db: Kysely<Database>;
  temporal: Client | null;
  now: () => Date;
  taskQueue?: string;
  /** Where a use case reports a failure it turns into a catalogue error (the request's logger in a route). */
  log?: { error: (details: object, message: string) => void; warn?: (details: object, message: string) => void };
}

/** Who acts: the signed-in person (or a script's stand-in), their school and where the request came from. */
export interface Actor {
  userId: string;
  firstName: string;
  lastName: string;
  schoolId: string;
  /** The school's IANA time zone (its "today"). */
  timeZone: string;
  permissions: ReadonlySet<Permission>;
  /** Their role grants in the school (who is a school admin, which task groups they answer for); none if absent. */
  grants?: readonly RoleGrant[];
  ip: string | null;
  userAgent: string | null;
}

/** The core's dependencies out of the server's. */
export function coreDepsOf(
  deps: Pick<ServerDeps, 'database' | 'temporal' | 'taskQueue'>,
  log?: CoreDeps['log'],
): CoreDeps {
  return {
    db: deps.database.db,
    temporal: deps.temporal,
    now: () => new Date(),
    ...(deps.taskQueue ? { taskQueue: deps.taskQueue } : {}),
    ...(log ? { log } : {}),
  };
}

/** The actor behind a signed-in request. */
export function actorOf(auth: AuthContext, origin: RequestOrigin): Actor {
  return {
    userId: auth.user.id,
    firstName: auth.user.firstName,
    lastName: auth.user.lastName,
    schoolId: auth.school.id,
    timeZone: auth.school.timeZone,
    permissions: auth.permissions,
    grants: auth.grants,
    ...requestMeta(origin),
  };
}

/** An audit event as a use case names it; the actor, their school and origin are filled in. */
export type ActorAuditEvent = Omit<AuditEventInput, 'schoolId' | 'actorUserId' | 'ip' | 'userAgent'> & {
  schoolId?: string | null;
};

/** Records an event the actor caused (their school's log unless the event names another); pass a transaction's db. */
export async function auditBy(db: Kysely<Database>, actor: Actor, event: ActorAuditEvent): Promise<void> {
  await recordAudit(db, {
    ...event,
    schoolId: event.schoolId === undefined ? actor.schoolId : event.schoolId,
    actorUserId: actor.userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

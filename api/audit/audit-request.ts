import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { authOf } from '../plugins/authenticate';
import { requestMeta } from '../shared/request-meta';
import { recordAudit, type AuditEventInput } from './audit.repository';

/** An audit event as a handler names it; `schoolId` overrides the signed-in user's school (null: no school). */
export type RequestAuditEvent = Omit<AuditEventInput, 'schoolId' | 'actorUserId' | 'ip' | 'userAgent'> & {
  schoolId?: string | null;
};

/**
 * Records an event the signed-in user caused in this request: they are the actor, their school the log's unless the
 * event names another, and the request gives the ip and user agent. Pass `db` to write inside a transaction.
 */
export async function auditRequest(
  request: FastifyRequest,
  event: RequestAuditEvent,
  db: Kysely<Database> = request.server.deps.database.db,
): Promise<void> {
  const auth = authOf(request);
  await recordAudit(db, {
    ...event,
    schoolId: event.schoolId === undefined ? auth.school.id : event.schoolId,
    actorUserId: auth.user.id,
    ...requestMeta(request),
  });
}

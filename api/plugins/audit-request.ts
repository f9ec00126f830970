import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { actorOf, auditBy, type ActorAuditEvent } from '../shared/use-case';
import { authOf } from './authenticate';

/** An audit event as a route names it; `schoolId` overrides the signed-in user's school (null: no school). */
export type RequestAuditEvent = ActorAuditEvent;

/**
 * Records an event the signed-in user caused in this request, for a route that audits without a use case: the
 * request's actor is recorded (ARCHITECTURE §1: the core records with `auditBy` and an actor instead). Pass `db` to
 * write inside a transaction.
 */
export async function auditRequest(
  request: FastifyRequest,
  event: RequestAuditEvent,
  db: Kysely<Database> = request.server.deps.database.db,
): Promise<void> {
  await auditBy(db, actorOf(authOf(request), request), event);
}

/**
 * The request-reading audit helper lives in api/plugins/ now (only routes and plugins touch Fastify); the core
 * records with `auditBy` and an actor (api/shared/use-case.ts). This re-export keeps the routes and services that
 * still import it from here working until each moves; then this file goes.
 */
export { auditRequest, type RequestAuditEvent } from '../plugins/audit-request';

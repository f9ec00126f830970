import type { FastifyRequest, RouteOptions } from 'fastify';
import { ErrorBodySchema } from '../shared/schemas';
import type { RouteAccess } from '../types';

/** Methods whose requests carry a body Fastify parses (and can refuse as too large or of the wrong type). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What each error status means for any route; the document shows it as the answer's description. */
export const ERROR_STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'The input is invalid: a path, query or body value fails its schema (VALIDATION_FAILED with field details), the body is not JSON, or a business rule refuses it.',
  401: 'No session, or the session has ended (UNAUTHENTICATED, SESSION_EXPIRED).',
  403: 'The caller lacks the permission or plan (FORBIDDEN, PLAN_REQUIRED, ACCOUNT_INACTIVE), or a state-changing request came from a foreign origin (CSRF_REJECTED).',
  404: 'Nothing with this id in the caller’s school (NOT_FOUND).',
  405: 'The method is not allowed here.',
  409: 'The resource’s state or a unique value refuses the change.',
  410: 'The link has expired or was already used.',
  413: 'The request body is larger than this route accepts (BODY_TOO_LARGE).',
  414: 'A path segment is longer than the router accepts (answered before the session is checked).',
  415: 'The body is not of a type this route reads (UNSUPPORTED_MEDIA_TYPE).',
  422: 'The input is well-formed but cannot be processed.',
  429: 'Too many requests from this address, or too many attempts for this account (RATE_LIMITED).',
  500: 'An unexpected failure on our side (SOMETHING_WENT_WRONG); the cause is logged, never shown.',
  503: 'Maintenance, the server shutting down, or the workflow service unreachable (MAINTENANCE, WORKFLOW_UNAVAILABLE).',
};

/** The error statuses the platform itself can give on a route, whatever its handler does. */
export function commonErrorStatuses(
  route: Pick<RouteOptions, 'url' | 'method' | 'config' | 'schema'>,
  access: RouteAccess,
): number[] {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const hasPathParams = route.url.includes(':');
  const takesBody = methods.some((m) => BODY_METHODS.has(m));
  const statuses = new Set<number>();
  // Validation of path, query and body, malformed JSON, bad encoding.
  if (hasPathParams || takesBody || schema.querystring || schema.body) statuses.add(400);
  if (access.kind === 'permission') {
    statuses.add(401);
    statuses.add(403);
  }
  // The same-origin guard refuses state-changing requests of foreign pages.
  if (takesBody) [403, 413, 415].forEach((s) => statuses.add(s));
  // An unknown id; a path segment longer than the router's limit is refused before the route runs.
  if (hasPathParams) [404, 414].forEach((s) => statuses.add(s));
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) statuses.add(429);
  statuses.add(500);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

const DESCRIBED = Symbol('responses-described');

/**
 * Completes a route's declared answers before the route is compiled and read by @fastify/swagger: every error status
 * the platform can give on it (commonErrorStatuses) joins those the route declares itself next to its handler, all
 * with the one error body. Runs once per schema object (a GET's automatic HEAD shares it).
 */
export function describeCommonResponses(route: RouteOptions, access: RouteAccess): void {
  const schema = (route.schema ?? {}) as Record<string | symbol, unknown>;
  if (schema[DESCRIBED]) return;
  schema[DESCRIBED] = true;
  const response = (schema.response ?? {}) as Record<string, unknown>;
  if (!schema.response) return;
  for (const status of commonErrorStatuses(route, access)) response[status] ??= ErrorBodySchema;
  if (route.preValidation && [route.preValidation].flat().includes(defaultEmptyBody)) schema['x-body-optional'] = true;
  const consumes = schema.consumes as string[] | undefined;
  if (!schema.body && consumes?.includes('multipart/form-data')) schema['x-multipart-file'] = true;
  route.schema = schema;
}

/**
 * preValidation of a route whose body may be left out: a bare request is read as `{}` (and documented so). A body
 * that is sent is validated as sent, so a JSON `null` is refused like any other body that is not an object.
 */
export async function defaultEmptyBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './to-error-response';

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a path segment over the parameter
 * length limit, 414; a path that does not decode, 400) answers in the one error shape like everything else.
 */
export function answerFrameworkError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(error);
  void reply.status(status).type('application/json; charset=utf-8').send(body);
}

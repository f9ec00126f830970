import type { FastifyInstance } from 'fastify';
import { toErrorResponse } from './to-error-response';

/** One error shape for every route; failures of ours are logged with the cause and shown only as catalogue wording. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, internal } = toErrorResponse(error);
    if (internal) request.log.error({ err: error }, 'request failed');
    else if (status >= 500) request.log.warn({ code: body.error.code }, 'service unavailable');
    const headers = (error as { headers?: Record<string, string> } | null)?.headers;
    if (headers && typeof headers === 'object') reply.headers(headers);
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}

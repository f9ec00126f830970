import type { FastifyRequest } from 'fastify';

/** Who made a request, as the audit log records it (the user agent is capped: it is caller-controlled text). */
export function requestMeta(request: FastifyRequest): { ip: string | null; userAgent: string | null } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

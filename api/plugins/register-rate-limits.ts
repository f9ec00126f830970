import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The limiter throws this; the central error handler turns status 429 into RATE_LIMITED. */
function rateLimitedError(_request: FastifyRequest, context: { statusCode: number; ttl: number }) {
  const error = new Error('Rate limit exceeded') as Error & { statusCode: number };
  error.statusCode = context.statusCode;
  return error;
}

/**
 * Only API calls count towards the global limit: one page load fetches dozens of immutable UI files, and a school
 * behind one NAT address would otherwise run out of requests just by opening the app.
 */
export function isExemptFromGlobalLimit(request: Pick<FastifyRequest, 'url'>): boolean {
  return !request.url.startsWith('/api/');
}

/** A modest limit per client address for every API call; sign-in style routes add their own stricter limits. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    allowList: (request) => isExemptFromGlobalLimit(request),
    errorResponseBuilder: rateLimitedError,
  });
}

/**
 * Strict limit for credential endpoints, keyed by client address and the e-mail typed: guessing one account's
 * password is slowed without locking that account for everybody else. Runs after validation so the body is parsed.
 */
export function credentialRateLimit(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator(request: FastifyRequest) {
      const body = request.body as { email?: unknown; token?: unknown } | undefined;
      const who = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
      return `${request.ip}|${who}`;
    },
  };
}

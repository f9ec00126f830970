/** The two things the audit log reads from a request; a Fastify request has them, and so can a script's caller. */
export interface RequestOrigin {
  ip?: string;
  headers: { 'user-agent'?: string | string[] | undefined };
}

/** Who made a request, as the audit log records it (the user agent is capped: it is caller-controlled text). */
export function requestMeta(request: RequestOrigin): { ip: string | null; userAgent: string | null } {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

/** Where a request came from, as a use case without a signed-in actor (sign-in, reset links) records it. */
export type RequestMeta = ReturnType<typeof requestMeta>;

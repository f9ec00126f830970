import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Defence in depth against cross-site request forgery on top of SameSite=Lax cookies: a state-changing API call
 * whose browser-supplied Origin is neither our public URL's origin nor the origin it was sent to (scheme, host and
 * port, as `npm run dev`'s proxy forwards its own host) is refused, as is any the browser itself labels cross-site.
 * Whole origins are compared, never hosts alone: `https://host:port` is another site than `http://host:port`.
 * Non-browser clients send no Origin and are unaffected.
 */
export function isForeignOrigin(
  request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'protocol'>,
  publicUrl: string,
): boolean {
  if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return false;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  const sent = toOrigin(origin);
  if (sent === undefined) return true;
  return sent !== toOrigin(publicUrl) && sent !== toOrigin(`${request.protocol}://${request.headers.host ?? ''}`);
}

/** The serialised origin of a URL (default ports dropped, lower-case host), or undefined for a malformed one. */
function toOrigin(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * A WebSocket handshake is a GET, so SameSite=Lax still sends the cookie with one opened by any site: the realtime
 * socket accepts only the Origin of our public URL (browsers always send one on a handshake; non-browser clients
 * that send none are unaffected). The realtime route refuses it before the upgrade, with 403 CSRF_REJECTED.
 */
export function isForeignWebSocketOrigin(request: Pick<FastifyRequest, 'url' | 'headers'>, publicUrl: string): boolean {
  if (String(request.headers.upgrade ?? '').toLowerCase() !== 'websocket' || !request.url.startsWith('/api/')) {
    return false;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== new URL(publicUrl).origin;
}

export function installSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    if (isForeignOrigin(request, publicUrl)) throw new AppError('CSRF_REJECTED');
  });
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * A strict Content-Security-Policy that still runs the built React app: scripts only from our origin (Vite emits
 * external module scripts) and never eval (the form engine validates without it in the browser), inline styles
 * allowed because Mantine writes CSS variables into style tags, images and fonts from our origin or data: URIs, and
 * the realtime WebSocket to our own host. Framing is refused twice (frame-ancestors 'none' and X-Frame-Options DENY) against clickjacking.
 */
export function contentSecurityDirectives(config: Pick<AppConfig, 'publicUrl'>): Record<string, string[]> {
  const publicUrl = new URL(config.publicUrl);
  const https = publicUrl.protocol === 'https:';
  const wsOrigin = `${https ? 'wss' : 'ws'}://${publicUrl.host}`;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // No 'unsafe-eval' and no inline scripts. The form engine validates in the browser without Ajv's generated
    // code: an interpreter for answers, Ajv's standalone code built with the UI for definitions (see
    // form-engine/eval-free.ts).
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", wsOrigin],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'script-src-attr': ["'none'"],
  };
  // Upgrading sub-requests only makes sense when the site itself is served over HTTPS.
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}

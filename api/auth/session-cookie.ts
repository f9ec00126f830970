import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { hashToken } from '../../domain/signed-links';
import type { AppConfig } from '../config';

export const SESSION_COOKIE = 'sid';

/** httpOnly keeps scripts away from it; SameSite=Lax stops cross-site POSTs carrying it; Secure whenever served over HTTPS. */
export function sessionCookieOptions(
  config: Pick<AppConfig, 'cookieSecure' | 'sessionTtlHours'>,
): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: config.sessionTtlHours * 3600,
  };
}

/** A random 32-byte token for the cookie and the id we store for it (its SHA-256). */
export function createSessionToken(): { token: string; sessionId: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, sessionId: hashToken(token) };
}

export function sessionIdOf(token: string): string {
  return hashToken(token);
}

export function sessionExpiry(config: Pick<AppConfig, 'sessionTtlHours'>, from = new Date()): Date {
  return new Date(from.getTime() + config.sessionTtlHours * 3_600_000);
}

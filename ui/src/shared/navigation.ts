import { PORTAL_HOME, type Portal } from '../../../domain/roles';

/**
 * Only same-site paths may be used as a post-login destination, so a crafted ?next= cannot send the user elsewhere.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters in a URL are never a real destination
  if (/[\u0000-\u001f]/.test(next)) return null;
  if (next.startsWith('/login')) return null;
  return next;
}

/** Where to go right after logging in. */
export function landingPath(portal: Portal, next: string | null | undefined): string {
  return safeNextPath(next) ?? PORTAL_HOME[portal];
}

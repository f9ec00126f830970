import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../domain/errors';
import type { Permission } from '../../domain/permissions';
import { planAllows, type ConnectFeature } from '../../domain/plans';
import type { RouteAccess } from '../types';
import { authenticate } from './authenticate';

/** Marks the guard so the route registry can prove every route declared its access. */
export const ACCESS = Symbol('route-access');

export type AccessGuard = onRequestAsyncHookHandler & { [ACCESS]: RouteAccess };

/** onRequest guard: signed in, active, and holding the permission (matrix in domain/permissions.ts), else 401/403. */
export function requirePermission(permission: Permission): AccessGuard {
  const guard = async function (request: FastifyRequest, reply: FastifyReply) {
    const auth = await authenticate(request, reply);
    if (!auth.permissions.has(permission)) throw new AppError('FORBIDDEN');
  } as AccessGuard;
  guard[ACCESS] = { kind: 'permission', permission };
  return guard;
}

/** onRequest guard for 'Connect' features; goes after requirePermission (it reads the loaded school). */
export function requirePlanFeature(feature: ConnectFeature): onRequestAsyncHookHandler {
  return async function (request: FastifyRequest) {
    const plan = request.auth?.school.plan;
    if (!plan) throw new AppError('UNAUTHENTICATED');
    if (!planAllows(plan, feature)) throw new AppError('PLAN_REQUIRED');
  };
}

/** Reads the declared access of a route from its onRequest guards or its `public` flag. */
export function accessOf(onRequest: unknown, config: { public?: boolean } | undefined): RouteAccess | null {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  for (const hook of hooks) {
    const access = (hook as Partial<AccessGuard>)[ACCESS];
    if (access) return access;
  }
  return config?.public === true ? { kind: 'public' } : null;
}

import type { Client } from '@temporalio/client';
import type { AppConfig } from './config';
import type { DatabaseHandle } from '../migrations/connect';
import type { StuckThresholds } from '../domain/operator-console';
import type { Permission } from '../domain/permissions';
import type { Plan } from '../domain/plans';
import type { Portal, RoleGrant } from '../domain/roles';
import type { UserStatus } from '../migrations/database';
import type { SendTiming } from './packets/send-plan';

/** What the API runs on; built once in buildServer and reachable from every route as `app.deps`. */
export interface ServerDeps {
  config: AppConfig;
  database: DatabaseHandle;
  temporal: Client | null;
  /** Task queue workflows are started on; tests pass their own so parallel test files do not share workers. */
  taskQueue?: string;
  /** Tests and benchmarks only: packet timings (reminder interval, expiry, first-task deferral) instead of the defaults. */
  packetTiming?: SendTiming;
  /** Stuck detection thresholds for the operator console (domain/operator-console.ts); tests shorten them. */
  stuckThresholds?: Partial<StuckThresholds>;
}

/** The signed-in person behind a request, loaded by the authenticate hook. */
export interface AuthContext {
  sessionId: string;
  user: { id: string; email: string; firstName: string; lastName: string; status: UserStatus };
  /** `timeZone`: the school's IANA time zone, read with the session. */
  school: { id: string; name: string; plan: Plan; kind: 'SCHOOL' | 'PROVIDER'; timeZone: string };
  grants: RoleGrant[];
  portals: Portal[];
  portal: Portal;
  permissions: Set<Permission>;
}

/** How a route may be reached; every /api/v1 route declares one (checked when the route is registered). */
export type RouteAccess = { kind: 'public' } | { kind: 'permission'; permission: Permission };

/** One registered route, collected by an onRoute hook (the tenant isolation test enumerates these). */
export interface RouteRecord {
  method: string;
  url: string;
  access: RouteAccess | null;
  websocket: boolean;
}

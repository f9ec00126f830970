import { coreDepsOf, type CoreDeps } from '../shared/use-case';
import type { ServerDeps } from '../types';
import type { SendTiming } from './send-plan';

/**
 * What the packet use cases run on besides the core's plain dependencies: the secret that keys answer encryption,
 * invitations and signed links, the address the app is reached at (for the links it hands out) and, in tests and
 * benchmarks only, the packet timings. A route builds it with `packetDepsOf`; an activity or a script fills it in.
 */
export interface PacketDeps extends CoreDeps {
  appSecret: string;
  publicUrl: string;
  packetTiming?: SendTiming;
}

/** The packet use cases' dependencies out of the server's. */
export function packetDepsOf(
  deps: Pick<ServerDeps, 'config' | 'database' | 'temporal' | 'taskQueue' | 'packetTiming'>,
  log?: CoreDeps['log'],
): PacketDeps {
  return {
    ...coreDepsOf(deps, log),
    appSecret: deps.config.appSecret,
    publicUrl: deps.config.publicUrl,
    ...(deps.packetTiming ? { packetTiming: deps.packetTiming } : {}),
  };
}

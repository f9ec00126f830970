import { coreDepsOf, type CoreDeps } from '../shared/use-case';
import type { ServerDeps } from '../types';

/** The core's dependencies plus the secret that signs and checks the agents' links; a script fills it in. */
export interface PartnerDeps extends CoreDeps {
  appSecret: string;
}

export function partnerDepsOf(
  deps: Pick<ServerDeps, 'config' | 'database' | 'temporal' | 'taskQueue'>,
  log?: CoreDeps['log'],
): PartnerDeps {
  return { ...coreDepsOf(deps, log), appSecret: deps.config.appSecret };
}

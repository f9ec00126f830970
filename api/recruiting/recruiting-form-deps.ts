import { coreDepsOf, type CoreDeps } from '../shared/use-case';
import type { ServerDeps } from '../types';

/**
 * What the recruiting form use cases run on besides the core's plain dependencies: the secret that signs and checks
 * the prospects' links. A route builds it with `recruitingFormDepsOf`; a script fills it in.
 */
export interface RecruitingFormDeps extends CoreDeps {
  appSecret: string;
}

export function recruitingFormDepsOf(
  deps: Pick<ServerDeps, 'config' | 'database' | 'temporal' | 'taskQueue'>,
  log?: CoreDeps['log'],
): RecruitingFormDeps {
  return { ...coreDepsOf(deps, log), appSecret: deps.config.appSecret };
}

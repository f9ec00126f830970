import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Integration files that spend most of their time waiting: the worker-kill drills sit out Temporal's timeouts after
 * killing a worker, and the OpenAPI contract walk makes hundreds of calls one after another. Started first, their
 * waits overlap the other files' work instead of trailing at the end of the run, where most of the drills landed on a
 * fresh clone (no duration cache, so vitest orders by file size).
 */
const SLOW_FILES = [/worker-kill\.integration\.test\.ts$/, /openapi-contract\.integration\.test\.ts$/];

const isSlow = (spec: TestSpecification) => SLOW_FILES.some((pattern) => pattern.test(spec.moduleId));

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isSlow), ...sorted.filter((spec) => !isSlow(spec))];
  }
}

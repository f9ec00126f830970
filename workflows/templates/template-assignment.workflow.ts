import * as wf from '@temporalio/workflow';
import type { TemplateAssignmentActivities } from '../../activities/templates/template-assignment.activities';
import {
  chunk,
  TEMPLATE_ASSIGNMENT_BATCH_SIZE,
  TEMPLATE_ASSIGNMENT_PARALLEL_BATCHES,
  type TemplateAssignmentInput,
  type TemplateAssignmentProgress,
} from '../../domain/templates';
import { markStep, tagProcess } from '../shared/search-attributes';

export type { TemplateAssignmentInput, TemplateAssignmentProgress };

/**
 * Assigning a template to institutions, or un-assigning it (id `template-assignment:<jobId>`; spec part 1 §4:
 * "assignment is asynchronous, up to 30 minutes"). Resolves the schools once, then applies them in batches of 100,
 * several batches at a time, each batch one idempotent activity that also advances the job row the UI polls. The
 * same progress is served by a Query.
 */
export const templateAssignmentProgressQuery = wf.defineQuery<TemplateAssignmentProgress>('templateAssignmentProgress');

const acts = wf.proxyActivities<TemplateAssignmentActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 8,
  },
});

export async function templateAssignmentWorkflow(input: TemplateAssignmentInput): Promise<TemplateAssignmentProgress> {
  const progress: TemplateAssignmentProgress = { total: 0, done: 0, failed: 0, finished: false };
  wf.setHandler(templateAssignmentProgressQuery, () => ({ ...progress }));
  tagProcess({ schoolId: input.providerSchoolId, module: 'template-assignment', entityId: input.templateId });
  markStep('resolve-institutions', null);
  let schoolIds: string[];
  try {
    schoolIds = await acts.resolveTemplateAssignmentTargets({ jobId: input.jobId });
  } catch (err) {
    wf.log.warn('Could not resolve the institutions', { error: String(err) });
    await acts.finishTemplateAssignmentJob({
      jobId: input.jobId,
      providerSchoolId: input.providerSchoolId,
      failed: true,
    });
    progress.finished = true;
    markStep('failed', null);
    return progress;
  }
  progress.total = schoolIds.length;
  markStep(input.action === 'ASSIGN' ? 'assign' : 'unassign', null);
  const batches = chunk(schoolIds, TEMPLATE_ASSIGNMENT_BATCH_SIZE);
  let next = 0;
  // A small pool: TEMPLATE_ASSIGNMENT_PARALLEL_BATCHES lanes, each taking the next batch when it is free.
  const lane = async () => {
    while (next < batches.length) {
      const batch = next++;
      const ids = batches[batch]!;
      try {
        const result = await acts.applyTemplateAssignmentBatch({ jobId: input.jobId, batch, schoolIds: ids });
        progress.done += result.done;
        progress.failed += result.failed;
      } catch (err) {
        wf.log.warn('Template assignment batch failed', { batch, error: String(err) });
        await acts.failTemplateAssignmentBatch({ jobId: input.jobId, batch, schoolIds: ids });
        progress.failed += ids.length;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(TEMPLATE_ASSIGNMENT_PARALLEL_BATCHES, batches.length) }, lane));
  markStep('finish', null);
  await acts.finishTemplateAssignmentJob({
    jobId: input.jobId,
    providerSchoolId: input.providerSchoolId,
    failed: false,
  });
  progress.finished = true;
  markStep('done', null);
  return progress;
}

import * as wf from '@temporalio/workflow';
import type { TemplateDuplicationActivities } from '../../activities/templates/template-duplication.activities';
import type { TemplateDuplicationInput } from '../../domain/templates';
import { markStep, tagProcess } from '../shared/search-attributes';

export type { TemplateDuplicationInput };

/**
 * Duplicating a template (id `template-duplication:<copyId>`; spec part 1 §4: "template duplication, clone and
 * assignment are asynchronous"). The copy id is chosen by the request, so a retried request or activity makes one
 * copy; the copy (forms, PDFs, workflow) is one transaction.
 */
const acts = wf.proxyActivities<TemplateDuplicationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/** Resolves to whether the copy exists (false: the source template was gone). */
export async function templateDuplicationWorkflow(input: TemplateDuplicationInput): Promise<boolean> {
  tagProcess({ schoolId: input.providerSchoolId, module: 'template-duplication', entityId: input.copyId });
  markStep('copy', null);
  const copied = await acts.copyTemplate({
    sourceTemplateId: input.sourceTemplateId,
    copyId: input.copyId,
    requestedBy: input.requestedBy,
  });
  markStep(copied ? 'done' : 'source-missing', null);
  return copied;
}

import * as wf from '@temporalio/workflow';
import type { SignerCopyActivities, SignerCopyInput } from '../../activities/packets/signer-copy.activities';
import { markStep, tagProcess } from '../shared/search-attributes';

/**
 * Mails an external signer their signed copy (id `packet-signer-copy:<linkId>`), started by the API once their
 * signature is recorded. Its own small process, so a mail server that is down delays the mail, never the signing.
 */
const acts = wf.proxyActivities<SignerCopyActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
});

export async function packetSignerCopyWorkflow(input: SignerCopyInput & { submissionId: string }): Promise<boolean> {
  tagProcess({ schoolId: input.schoolId, module: 'packet-signer-copy', entityId: input.submissionId });
  markStep('mail signed copy', null);
  const sent = await acts.mailSignerCopy({ schoolId: input.schoolId, linkId: input.linkId });
  markStep(sent ? 'done' : 'nothing to send', null);
  return sent;
}

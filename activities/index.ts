import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../api/config';
import type { Database } from '../migrations/database';
import { createEmailChangeActivities } from './auth/email-change.activities';
import { createPasswordResetActivities } from './auth/password-reset.activities';
import { createDisclosureActivities } from './disclosures/disclosure.activities';
import { createRosterActivities } from './rosters/roster.activities';
import { createPsaTransferActivities } from './recruiting/psa-transfer.activities';
import { createInvitationActivities } from './invitations/invitation.activities';
import { createInvitationBatchActivities } from './invitations/invitation-batch.activities';
import { createMailActivities } from './mail/mail.activities';
import type { Mailer } from './mail/mailer';
import { createNotificationActivities } from './notifications/notification.activities';
import { createTaskActivities } from './tasks/tasks.activities';
import { createPacketSubmissionActivities } from './packets/packet-submission.activities';
import { createPacketBulkActivities } from './packets/packet-bulk.activities';
import { createPacketSendActivities } from './packets/packet-send.activities';
import { createSignerCopyActivities } from './packets/signer-copy.activities';
import { createTemplateAssignmentActivities } from './templates/template-assignment.activities';
import { createTemplateDuplicationActivities } from './templates/template-duplication.activities';
import { createCalendarActivities } from './calendar/calendar-event.activities';
import { createCaraActivities } from './cara/cara.activities';
import { createRecruitingFormActivities } from './recruiting/recruiting-form.activities';
import { createExpenseApprovalActivities } from './expenses/expense-approval.activities';
import { createContractActivities } from './contracts/contracts.activities';
import { createEducationActivities } from './education/education.activities';
import { createAgentActivities } from './partners/agents.activities';

export interface ActivityDeps {
  db: Kysely<Database>;
  config: AppConfig;
  mailer: Mailer;
  /** For activities that start workflows (a packet send starts one per recipient). */
  temporal?: Client;
}

/** Every activity the platform worker registers, built from its dependencies (no module-level state). */
export function createActivities(deps: ActivityDeps) {
  const packetSubmission = createPacketSubmissionActivities(deps);
  return {
    ...createMailActivities(deps),
    ...createNotificationActivities(deps),
    ...createInvitationActivities(deps),
    ...createPasswordResetActivities(deps),
    ...createEmailChangeActivities(deps),
    ...createTaskActivities(deps),
    ...packetSubmission,
    ...createPacketSendActivities({ ...deps, openFirstPhases: packetSubmission.openFirstPhases }),
    ...createPacketBulkActivities(deps),
    ...createSignerCopyActivities(deps),
    ...createDisclosureActivities(deps),
    ...createRosterActivities(deps),
    ...createTemplateAssignmentActivities(deps),
    ...createTemplateDuplicationActivities(deps),
    ...createInvitationBatchActivities(deps),
    ...createCalendarActivities(deps),
    ...createCaraActivities(deps),
    ...createPsaTransferActivities(deps),
    ...createRecruitingFormActivities(deps),
    ...createExpenseApprovalActivities(deps),
    ...createContractActivities(deps),
    ...createEducationActivities(deps),
    ...createAgentActivities(deps),
  };
}

export type PlatformActivities = ReturnType<typeof createActivities>;

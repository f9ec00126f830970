/** Every workflow the platform worker runs; the worker bundles this file. */
export * from './invitations/invitation.workflow';
export * from './auth/password-reset.workflow';
export * from './auth/email-change.workflow';
export * from './packets/packet-submission.workflow';
export * from './packets/bulk-void.workflow';
export * from './packets/packet-send.workflow';
export * from './packets/signer-copy.workflow';
export * from './disclosures/disclosure.workflow';
export * from './templates/template-assignment.workflow';
export * from './templates/template-duplication.workflow';
export * from './rosters/roster-rollover.workflow';
export * from './invitations/invitation-batch.workflow';
export * from './calendar/calendar-event.workflow';
export * from './cara/cara-log.workflow';
export * from './recruiting/psa-transfer.workflow';
export * from './recruiting/recruiting-form-link.workflow';
export * from './expenses/expense-approval.workflow';

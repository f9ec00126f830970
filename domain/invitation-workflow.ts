/**
 * The invitation workflow's type, as a batch activity starts it: by name, since activities never import a workflow
 * (workflows/invitations/invitation.workflow.ts exports the function of this name; the replay and the worker's
 * registration tie the two together).
 */
export const invitationWorkflow = 'invitationWorkflow';

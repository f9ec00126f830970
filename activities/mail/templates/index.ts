export { renderInvitationMail, type InvitationMailInput } from './invitation';
export { renderInvitationReminderMail } from './invitation-reminder';
export { renderPasswordResetMail, type PasswordResetMailInput } from './password-reset';
export type { RenderedMail } from './layout';
export { renderRecruitingFormMail, type RecruitingFormMailInput } from './recruiting-form';

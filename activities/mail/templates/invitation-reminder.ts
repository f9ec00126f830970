import type { InvitationMailInput } from './invitation';
import { formatExpiry, renderHtml, renderText, type MailFrame, type RenderedMail } from './layout';

export function renderInvitationReminderMail(input: InvitationMailInput): RenderedMail {
  const frame: MailFrame = {
    heading: `Your ${input.schoolName} invitation is waiting`,
    paragraphs: [
      `Hi ${input.firstName},`,
      `A reminder: your account for ${input.schoolName} on the athletics compliance platform has not been created yet.`,
      'Open the link below to choose your password and activate your account.',
    ],
    action: { label: 'Create your password', url: input.link },
    footer: [
      `This invitation link expires on ${formatExpiry(input.expiresAt, input.timeZone)}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ],
  };
  return {
    subject: `Reminder: your invitation to ${input.schoolName}`,
    text: renderText(frame),
    html: renderHtml(frame),
  };
}

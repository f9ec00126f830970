import { formatExpiry, renderHtml, renderText, type MailFrame, type RenderedMail } from './layout';

export interface PasswordResetMailInput {
  firstName: string;
  schoolName: string;
  link: string;
  expiresAt: Date;
  timeZone: string;
}

export function renderPasswordResetMail(input: PasswordResetMailInput): RenderedMail {
  const frame: MailFrame = {
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${input.firstName},`,
      `We received a request to reset the password of your ${input.schoolName} account.`,
      'Open the link below to choose a new password. The link works once.',
    ],
    action: { label: 'Reset your password', url: input.link },
    footer: [
      `This link is valid until ${formatExpiry(input.expiresAt, input.timeZone)}.`,
      'If you did not ask to reset your password, you can ignore this e-mail; your password stays unchanged.',
    ],
  };
  return { subject: `Reset your ${input.schoolName} password`, text: renderText(frame), html: renderHtml(frame) };
}

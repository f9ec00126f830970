import { formatExpiry, renderHtml, renderText, type MailFrame, type RenderedMail } from './layout';

export interface InvitationMailInput {
  firstName: string;
  schoolName: string;
  /** The person who sent the invitation, when known. */
  inviterName?: string | null | undefined;
  link: string;
  expiresAt: Date;
  timeZone: string;
}

export function renderInvitationMail(input: InvitationMailInput): RenderedMail {
  const by = input.inviterName ? `${input.inviterName} has invited you` : 'You have been invited';
  const frame: MailFrame = {
    heading: `Join ${input.schoolName}`,
    paragraphs: [
      `Hi ${input.firstName},`,
      `${by} to create your account for ${input.schoolName} on the athletics compliance platform.`,
      'Open the link below to choose your password and activate your account.',
    ],
    action: { label: 'Create your password', url: input.link },
    footer: [
      `This invitation link is valid until ${formatExpiry(input.expiresAt, input.timeZone)}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ],
  };
  return { subject: `You're invited to ${input.schoolName}`, text: renderText(frame), html: renderHtml(frame) };
}

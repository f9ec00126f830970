import { formatExpiry, renderHtml, renderText, type MailFrame, type RenderedMail } from './layout';

export interface RecruitingFormMailInput {
  firstName: string;
  schoolName: string;
  formName: string;
  link: string;
  expiresAt: Date;
  timeZone: string;
  /** A fresh link after the prospect opened an expired one. */
  fresh: boolean;
}

export function renderRecruitingFormMail(input: RecruitingFormMailInput): RenderedMail {
  const frame: MailFrame = {
    heading: input.fresh ? `Your new link to "${input.formName}"` : `${input.schoolName} sent you a form`,
    paragraphs: [
      `Hi ${input.firstName},`,
      input.fresh
        ? `The link you opened had expired, so here is a new one to fill in "${input.formName}" for ${input.schoolName}.`
        : `The ${input.schoolName} recruiting staff would like you to fill in "${input.formName}".`,
      'The link below is yours alone: please do not forward it. You can submit the form once.',
    ],
    action: { label: 'Fill in the form', url: input.link },
    footer: [
      `This link is valid until ${formatExpiry(input.expiresAt, input.timeZone)}.`,
      'If it has expired when you open it, a new link will be e-mailed to you.',
    ],
  };
  const subject = input.fresh
    ? `New link: ${input.formName} (${input.schoolName})`
    : `${input.schoolName}: please fill in ${input.formName}`;
  return { subject, text: renderText(frame), html: renderHtml(frame) };
}

/**
 * Recruiting forms (issue 18; spec part 1 §2 `/recruitingForm/:formToken`, part 2 §8 "expired recruiting form link
 * (a new one is emailed)", "form already submitted"): the rules of a form sent to a prospect by a signed link.
 * Pure: the token itself is built with domain/signed-links.ts on the server.
 */

/** How long a mailed link works, and how soon a dead link may mail a fresh one (so it cannot be used to spam). */
export const RECRUITING_FORM_RULES = {
  linkValidDays: 14,
  reissueCooldownMinutes: 15,
  /** A send gets at most this many fresh links in its life; after that staff send the form again. */
  maxReissues: 10,
  /** Spec part 2 §9: PSA selection 20. */
  maxRecipientsPerSend: 20,
} as const;

export const RECRUITING_FORM_STATUSES = {
  SENT: 'Sent',
  OPENED: 'Opened',
  SUBMITTED: 'Submitted',
  EXPIRED: 'Expired',
} as const;
export type RecruitingFormStatus = keyof typeof RECRUITING_FORM_STATUSES;

export const recruitingFormLinkWorkflowId = (sendId: string, generation: number) =>
  `recruiting-form-link:${sendId}:${generation}`;

/** What a link's id part carries: the school (tenant), the send (one prospect) and which of its links this is. */
export interface RecruitingFormLinkId {
  schoolId: string;
  sendId: string;
  generation: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function formatRecruitingFormLinkId(id: RecruitingFormLinkId): string {
  return `${id.schoolId}~${id.sendId}~${id.generation}`;
}

/** The parts of a link id whose MAC has already been checked; null when it is not one of ours. */
export function parseRecruitingFormLinkId(text: string): RecruitingFormLinkId | null {
  const parts = text.split('~');
  if (parts.length !== 3) return null;
  const [schoolId = '', sendId = '', generationText = ''] = parts;
  if (!UUID.test(schoolId) || !UUID.test(sendId) || !/^[1-9][0-9]{0,5}$/.test(generationText)) return null;
  return { schoolId, sendId, generation: Number(generationText) };
}

export interface SendState {
  submittedAt: Date | null;
  openedAt: Date | null;
  expiresAt: Date;
  linkGeneration: number;
}

/** The recipient's status on the lists: submitted wins, then expired, then opened. */
export function recruitingFormStatus(send: SendState, now: Date): RecruitingFormStatus {
  if (send.submittedAt) return 'SUBMITTED';
  if (send.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return send.openedAt ? 'OPENED' : 'SENT';
}

export type LinkVerdict = 'OPEN' | 'SUBMITTED' | 'EXPIRED';

/**
 * What a link with a valid MAC may do. A submitted form refuses every link of its send; a link past its expiry, or
 * one replaced by a fresher link, is expired.
 */
export function judgeRecruitingFormLink(send: SendState, tokenGeneration: number, now: Date): LinkVerdict {
  if (send.submittedAt) return 'SUBMITTED';
  if (tokenGeneration !== send.linkGeneration) return 'EXPIRED';
  if (send.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'OPEN';
}

/** Whether a dead link may mail a fresh one now: not more often than the cooldown, and not without end. */
export function mayReissueLink(send: { linkIssuedAt: Date; reissueCount: number }, now: Date): boolean {
  if (send.reissueCount >= RECRUITING_FORM_RULES.maxReissues) return false;
  return now.getTime() - send.linkIssuedAt.getTime() >= RECRUITING_FORM_RULES.reissueCooldownMinutes * 60_000;
}

/**
 * What an expired link answers when it mails no fresh link (when it does, the catalogue's "A new link has been
 * emailed to you"), so the prospect knows when the next link can come: one was mailed within the cooldown (use it,
 * or open this link again after the wait, in whole minutes); or this send has had all its fresh links.
 */
export function expiredLinkWaitMessage(send: { linkIssuedAt: Date; reissueCount: number }, now: Date): string {
  const prefix = 'This recruiting form link has expired.';
  if (send.reissueCount >= RECRUITING_FORM_RULES.maxReissues) {
    return `${prefix} No more new links can be sent from it: ask the school to send you the form again.`;
  }
  const cooldownMs = RECRUITING_FORM_RULES.reissueCooldownMinutes * 60_000;
  const waitMinutes = Math.max(1, Math.ceil((send.linkIssuedAt.getTime() + cooldownMs - now.getTime()) / 60_000));
  return (
    `${prefix} A new link was emailed to you in the last ${RECRUITING_FORM_RULES.reissueCooldownMinutes} minutes: ` +
    `use that one, or open this link again in ${waitMinutes} ${waitMinutes === 1 ? 'minute' : 'minutes'} ` +
    `to have another sent.`
  );
}

export function linkExpiryFrom(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + RECRUITING_FORM_RULES.linkValidDays * 86_400_000);
}

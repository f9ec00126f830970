import { describe, expect, it } from 'vitest';
import {
  expiredLinkWaitMessage,
  formatRecruitingFormLinkId,
  judgeRecruitingFormLink,
  linkExpiryFrom,
  mayReissueLink,
  parseRecruitingFormLinkId,
  RECRUITING_FORM_RULES,
  recruitingFormStatus,
} from './recruiting-forms';
import { signLinkToken, verifyLinkToken } from './signed-links';

// fixed-date fixture: the checks are given their now.

const SCHOOL = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const SEND = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const now = new Date('2026-11-26T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const open = { submittedAt: null, openedAt: null, expiresAt: minutes(60), linkGeneration: 2 };

describe('recruiting form link ids', () => {
  it('round-trip through a signed token, and only under their purpose', () => {
    const id = { schoolId: SCHOOL, sendId: SEND, generation: 3 };
    const token = signLinkToken('secret-secret-secret', 'recruiting-form', formatRecruitingFormLinkId(id));
    const text = verifyLinkToken('secret-secret-secret', 'recruiting-form', token);
    expect(parseRecruitingFormLinkId(text!)).toEqual(id);
    expect(verifyLinkToken('secret-secret-secret', 'external-signer', token)).toBeNull();
    expect(verifyLinkToken('another-secret-value', 'recruiting-form', token)).toBeNull();
  });

  it('refuse anything that is not school~send~generation', () => {
    for (const bad of [
      '',
      SEND,
      `${SCHOOL}~${SEND}`,
      `${SCHOOL}~${SEND}~0`,
      `${SCHOOL}~${SEND}~-1`,
      `${SCHOOL}~${SEND}~1~x`,
      `${SCHOOL}~not-a-uuid~1`,
      `${SCHOOL}~${SEND}~1e3`,
    ]) {
      expect(parseRecruitingFormLinkId(bad)).toBeNull();
    }
  });
});

describe('what a link may do', () => {
  it('a live current link opens', () => {
    expect(judgeRecruitingFormLink(open, 2, now)).toBe('OPEN');
  });

  it('a link is expired at its expiry instant, and an older link is expired even while the new one lives', () => {
    expect(judgeRecruitingFormLink({ ...open, expiresAt: now }, 2, now)).toBe('EXPIRED');
    expect(judgeRecruitingFormLink(open, 1, now)).toBe('EXPIRED');
  });

  it('a submitted form refuses every link of its send, expired or not', () => {
    const submitted = { ...open, submittedAt: minutes(-5), expiresAt: minutes(-1) };
    expect(judgeRecruitingFormLink(submitted, 2, now)).toBe('SUBMITTED');
    expect(judgeRecruitingFormLink(submitted, 1, now)).toBe('SUBMITTED');
  });
});

describe('the status staff see', () => {
  it('goes sent → opened → submitted, and expired when the link dies unsubmitted', () => {
    expect(recruitingFormStatus(open, now)).toBe('SENT');
    expect(recruitingFormStatus({ ...open, openedAt: minutes(-1) }, now)).toBe('OPENED');
    expect(recruitingFormStatus({ ...open, openedAt: minutes(-1), expiresAt: minutes(-1) }, now)).toBe('EXPIRED');
    expect(recruitingFormStatus({ ...open, submittedAt: minutes(-1), expiresAt: minutes(-1) }, now)).toBe('SUBMITTED');
  });
});

describe('mailing a fresh link', () => {
  const cooldown = RECRUITING_FORM_RULES.reissueCooldownMinutes;
  it('waits out the cooldown since the last link was issued', () => {
    expect(mayReissueLink({ linkIssuedAt: minutes(-(cooldown - 1)), reissueCount: 0 }, now)).toBe(false);
    expect(mayReissueLink({ linkIssuedAt: minutes(-cooldown), reissueCount: 0 }, now)).toBe(true);
  });

  it('stops after the most fresh links a send may get', () => {
    const max = RECRUITING_FORM_RULES.maxReissues;
    expect(mayReissueLink({ linkIssuedAt: minutes(-1000), reissueCount: max - 1 }, now)).toBe(true);
    expect(mayReissueLink({ linkIssuedAt: minutes(-1000), reissueCount: max }, now)).toBe(false);
  });

  it('a link lives the configured number of days', () => {
    expect(linkExpiryFrom(now).getTime() - now.getTime()).toBe(RECRUITING_FORM_RULES.linkValidDays * 86_400_000);
  });
});

describe('an expired link that mails no fresh one', () => {
  it('says when the next link can be sent, or that none can', () => {
    expect(expiredLinkWaitMessage({ linkIssuedAt: minutes(-3), reissueCount: 1 }, now)).toBe(
      'This recruiting form link has expired. A new link was emailed to you in the last 15 minutes: use that one, ' +
        'or open this link again in 12 minutes to have another sent.',
    );
    expect(expiredLinkWaitMessage({ linkIssuedAt: minutes(-14.5), reissueCount: 1 }, now)).toContain(
      'open this link again in 1 minute to have another sent.',
    );
    expect(
      expiredLinkWaitMessage({ linkIssuedAt: minutes(-60), reissueCount: RECRUITING_FORM_RULES.maxReissues }, now),
    ).toBe(
      'This recruiting form link has expired. No more new links can be sent from it: ask the school to send you the ' +
        'form again.',
    );
  });
});

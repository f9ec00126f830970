/**
 * Public recruiting questionnaires (spec part 1 §2 questionnaire routes; part 2 §5 "Recruiting", §8, §9): a school
 * form published at `/paperwork/<school>/<custom url>`; answers create or update the prospect matched by e-mail.
 */
import type { ErrorCode } from './errors';
import { wordCount } from './recruiting';

export const QUESTIONNAIRE_LIMITS = {
  nameMaxLength: 200,
  customUrlMaxLength: 100,
  confirmationMaxWords: 30,
  confirmationMaxLength: 1000,
  attachmentsPerQuestion: 5,
  attachmentsPerForm: 10,
  /** How long a bot-check challenge may be solved and submitted. */
  challengeTtlSeconds: 10 * 60,
  /** The proof-of-work's search space: a browser solves it in well under a second on average. */
  challengeMaxNumber: 50_000,
} as const;

export const QUESTIONNAIRE_STATUSES = { ACTIVE: 'Active', INACTIVE: 'Deactivated' } as const;
export type QuestionnaireStatus = keyof typeof QUESTIONNAIRE_STATUSES;

/** The prospect fields every questionnaire asks first (PSA field names); the school's form follows them. */
export const QUESTIONNAIRE_CONTACT_FIELDS = [
  { name: 'firstName', label: 'First name', required: true, type: 'text' },
  { name: 'lastName', label: 'Last name', required: true, type: 'text' },
  { name: 'email', label: 'Email', required: true, type: 'email' },
  { name: 'mobileNumber', label: 'Mobile', required: false, type: 'tel' },
  { name: 'graduationYear', label: 'Graduation year', required: false, type: 'text' },
  { name: 'highSchoolName', label: 'High school', required: false, type: 'text' },
  { name: 'recruitedPosition', label: 'Position', required: false, type: 'text' },
] as const;
export type QuestionnaireContactField = (typeof QUESTIONNAIRE_CONTACT_FIELDS)[number]['name'];

const CUSTOM_URL_RE = /^[A-Za-z0-9_-]+$/;

export interface QuestionnaireProblem {
  field: string;
  code: ErrorCode;
  message: string;
}

/** The spec's checks on what staff type: a name, a custom URL of letters, numbers, hyphens and underscores, and a
 * confirmation message of at most 30 words. */
export function checkQuestionnaireInput(input: {
  name?: string | undefined;
  customUrl?: string | undefined;
  confirmationMessage?: string | undefined;
}): QuestionnaireProblem[] {
  const problems: QuestionnaireProblem[] = [];
  if (input.name !== undefined && !input.name.trim()) {
    problems.push({ field: 'name', code: 'MANDATORY_FIELD', message: 'Name is required.' });
  }
  if (input.customUrl !== undefined) {
    const url = input.customUrl.trim();
    if (!url) problems.push({ field: 'customUrl', code: 'MANDATORY_FIELD', message: 'Custom URL is required.' });
    else if (!CUSTOM_URL_RE.test(url) || url.length > QUESTIONNAIRE_LIMITS.customUrlMaxLength) {
      problems.push({
        field: 'customUrl',
        code: 'QUESTIONNAIRE_URL_INVALID',
        message: 'Custom URL may contain letters, numbers, hyphens and underscores only.',
      });
    }
  }
  if (input.confirmationMessage !== undefined) {
    const text = input.confirmationMessage.trim();
    if (!text) {
      problems.push({
        field: 'confirmationMessage',
        code: 'MANDATORY_FIELD',
        message: 'Confirmation message is required.',
      });
    } else if (wordCount(text) > QUESTIONNAIRE_LIMITS.confirmationMaxWords) {
      problems.push({
        field: 'confirmationMessage',
        code: 'QUESTIONNAIRE_CONFIRMATION_TOO_LONG',
        message: 'Confirmation message max 30 words.',
      });
    }
  }
  return problems;
}

/** The first attachment-count problem: at most 5 files on one question and 10 on the whole form. */
export function checkAttachmentCounts(countsByQuestion: Record<string, number>): ErrorCode | null {
  const counts = Object.values(countsByQuestion);
  if (counts.some((n) => n > QUESTIONNAIRE_LIMITS.attachmentsPerQuestion))
    return 'QUESTIONNAIRE_ATTACHMENTS_PER_QUESTION';
  if (counts.reduce((a, b) => a + b, 0) > QUESTIONNAIRE_LIMITS.attachmentsPerForm) {
    return 'QUESTIONNAIRE_ATTACHMENTS_PER_FORM';
  }
  return null;
}

/** The public page's path for a school (by its URL name) and a questionnaire (by its custom URL). */
export function questionnairePath(schoolSlug: string, customUrl: string): string {
  return `/paperwork/${encodeURIComponent(schoolSlug)}/${encodeURIComponent(customUrl)}`;
}

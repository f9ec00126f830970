import { describe, expect, it } from 'vitest';
import { checkAttachmentCounts, checkQuestionnaireInput, questionnairePath } from './questionnaires';

describe('questionnaire input', () => {
  it('accepts letters, numbers, hyphens and underscores in the custom URL', () => {
    expect(checkQuestionnaireInput({ customUrl: 'Volleyball_2027-camp' })).toEqual([]);
  });

  it.each(['with space', 'slash/path', 'dot.html', 'émile', 'a?b'])('refuses %j as a custom URL', (customUrl) => {
    expect(checkQuestionnaireInput({ customUrl }).map((p) => p.code)).toEqual(['QUESTIONNAIRE_URL_INVALID']);
  });

  it('needs a name, a URL and a confirmation message', () => {
    const codes = checkQuestionnaireInput({ name: ' ', customUrl: '', confirmationMessage: '' }).map((p) => p.field);
    expect(codes).toEqual(['name', 'customUrl', 'confirmationMessage']);
  });

  it('allows a confirmation message of 30 words and refuses 31', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(checkQuestionnaireInput({ confirmationMessage: words(30) })).toEqual([]);
    expect(checkQuestionnaireInput({ confirmationMessage: words(31) })[0]?.message).toBe(
      'Confirmation message max 30 words.',
    );
  });
});

describe('attachment counts', () => {
  it('allows 5 per question and 10 per form', () => {
    expect(checkAttachmentCounts({ a: 5, b: 5 })).toBeNull();
  });
  it('refuses a sixth file on one question', () => {
    expect(checkAttachmentCounts({ a: 6 })).toBe('QUESTIONNAIRE_ATTACHMENTS_PER_QUESTION');
  });
  it('refuses an eleventh file on the form', () => {
    expect(checkAttachmentCounts({ a: 5, b: 5, c: 1 })).toBe('QUESTIONNAIRE_ATTACHMENTS_PER_FORM');
  });
});

it('builds the public path from the school slug and custom URL', () => {
  expect(questionnairePath('state-u', 'vb_2027')).toBe('/paperwork/state-u/vb_2027');
});

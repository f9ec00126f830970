import { AppError, ERRORS } from '../../domain/errors';
import { findOversizedAnswer, type Answers } from '../../form-engine';

/** Refuses (400) a form's answers when one nests too deep or holds too many parts, naming the answer's field. */
export function assertFormAnswerLimits(answers: Answers | undefined, field = 'answers'): void {
  if (!answers) return;
  const found = findOversizedAnswer(answers);
  if (!found) return;
  const { code, elementId } = found;
  throw new AppError(code, [{ field: `${field}.${elementId}`, message: ERRORS[code].message, code }]);
}

/** The same for a packet's answers (per form id, then element id). */
export function assertPacketAnswerLimits(answers: Record<string, Answers> | undefined): void {
  if (!answers) return;
  for (const [formId, formAnswers] of Object.entries(answers)) assertFormAnswerLimits(formAnswers, `answers.${formId}`);
}

import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import { compileForm } from '../../form-engine';
import type { Database } from '../../migrations/database';
import { assertFormAnswerLimits } from '../shared/answer-limits';
import { findForm, findFormVersion } from './forms.repository';
import { findSchoolToday } from './school-today';

export interface ValidationOutcome {
  valid: boolean;
  errors: Array<{ elementId: string; message: string; code: string; path: string }>;
  today: string;
}

/**
 * Server-side check of a filled-in form with the same compiled engine as the renderer, on today's date in the
 * school's time zone. Nothing is stored: the preview's "submit" and later packet steps call this. The answers are
 * checked exactly as sent (prefilled values arrive as answers), so client and server agree on every answer set.
 */
export async function validateFormAnswers(
  db: Kysely<Database>,
  schoolId: string,
  formId: string,
  body: { answers: Record<string, unknown>; version?: number },
): Promise<ValidationOutcome> {
  assertFormAnswerLimits(body.answers);
  const [form, version, today] = await Promise.all([
    findForm(db, schoolId, formId),
    findFormVersion(db, schoolId, formId, body.version),
    findSchoolToday(db, schoolId),
  ]);
  if (!form || !version) throw new AppError('NOT_FOUND');
  const result = compileForm(version.definition).validate(body.answers, { today });
  return {
    valid: result.valid,
    errors: result.errors.map((error) => ({
      elementId: error.elementId ?? '',
      message: error.message,
      code: error.code,
      path: error.path,
    })),
    today,
  };
}

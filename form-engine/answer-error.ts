/** A problem with one answer, tied to its element so the renderer can show it next to the field. */
import { AppError, type ErrorCode, type ErrorDetail } from '../domain/errors';

export interface AnswerError {
  /** The element the message belongs to; null for a problem with the answers as a whole. */
  elementId: string | null;
  /** JSON pointer inside the element's answer (e.g. "/first", "/row1/col2"), '' for the whole answer. */
  path: string;
  code: ErrorCode;
  message: string;
}

export function toAnswerErrorDetails(errors: readonly AnswerError[]): ErrorDetail[] {
  return errors.map((error) => ({
    code: error.code,
    message: error.message,
    ...(error.elementId !== null ? { field: error.elementId } : {}),
  }));
}

/** The API and workflow update validators throw this: VALIDATION_FAILED with one detail per element. */
export function toAnswersError(errors: readonly AnswerError[]): AppError {
  return new AppError('VALIDATION_FAILED', toAnswerErrorDetails(errors));
}

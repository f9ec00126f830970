/**
 * The react-hook-form resolver: the engine's compiled validate() — the very code the server runs on
 * POST /forms/:id/validate — adapted to RHF's field errors, so the browser and the API always agree.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { normalizeAnswers, type AnswerError, type Answers, type CompiledForm } from '../../../../form-engine';
import { toAnswers, toFieldName, toFormValues } from './field-names';

/** Where a problem with the answers as a whole goes; no element id can encode to it ('#' is not allowed in ids). */
export const FORM_ERROR_FIELD = 'form#';

/**
 * What would be sent: blanks dropped, and only answers to elements the filler can see. Hidden elements keep their
 * values in the form (un-hiding brings them back) but never reach validation or the server, which would reject
 * them (HIDDEN_ELEMENT_ANSWERED). Display-only and unknown ids (answers of an older version) are dropped too.
 */
export function prepareSubmission(compiled: CompiledForm, answers: Answers, today: string): Answers {
  const filled = normalizeAnswers(answers);
  // A hidden element's answer already reads as empty to every rule, so evaluating before dropping is exact.
  const { visible } = compiled.evaluate(filled, { today });
  const answerable = new Set(compiled.renderModel.elements.filter((e) => e.answerable).map((e) => e.id));
  const submission: Answers = {};
  for (const [id, value] of Object.entries(filled)) {
    if (visible.has(id) && answerable.has(id)) submission[id] = value;
  }
  return submission;
}

/** Engine errors → RHF errors keyed by field name (the first error per element, as the engine orders them). */
export function toFieldErrors(errors: readonly AnswerError[]): Record<string, FieldError> {
  const fieldErrors: Record<string, FieldError> = {};
  for (const error of errors) {
    const name = error.elementId === null ? FORM_ERROR_FIELD : toFieldName(error.elementId);
    fieldErrors[name] ??= { type: error.code, message: error.message };
  }
  return fieldErrors;
}

export function createEngineResolver(compiled: CompiledForm, today: string): Resolver<FieldValues> {
  return (values) => {
    const submission = prepareSubmission(compiled, toAnswers(values), today);
    const result = compiled.validate(submission, { today });
    if (result.valid) return { values: toFormValues(result.answers), errors: {} };
    return { values: {}, errors: toFieldErrors(result.errors) as FieldErrors };
  };
}

export interface ServerErrorSplit {
  /** Errors of elements on screen: shown next to their field. */
  inline: Array<{ elementId: string; message: string }>;
  /** Errors of elements not on screen (hidden, or unknown to this version): listed above the form. */
  other: Array<{ elementId: string; message: string }>;
}

export function splitServerErrors(
  errors: ReadonlyArray<{ elementId: string | null; message: string }>,
  shown: ReadonlySet<string>,
): ServerErrorSplit {
  const split: ServerErrorSplit = { inline: [], other: [] };
  for (const error of errors) {
    const elementId = error.elementId ?? '';
    (shown.has(elementId) ? split.inline : split.other).push({ elementId, message: error.message });
  }
  return split;
}

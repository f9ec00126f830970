/** A problem found in a form definition, with the catalogue code and wording, and what it points at. */
import { AppError, ERRORS, type ErrorCode, type ErrorDetail } from '../domain/errors';

export interface DefinitionProblem {
  code: ErrorCode;
  message: string;
  elementId?: string;
  ruleId?: string;
  /** JSON pointer into the definition, for shape problems. */
  path?: string;
  /** For a cycle: the element (or step) ids on it, in order, and their labels. */
  cycle?: { ids: string[]; labels: string[] };
}

export function createProblem(
  code: ErrorCode,
  extra: Omit<DefinitionProblem, 'code' | 'message'> = {},
  message?: string,
) {
  return { code, message: message ?? ERRORS[code].message, ...extra } satisfies DefinitionProblem;
}

export function toErrorDetails(problems: readonly DefinitionProblem[]): ErrorDetail[] {
  return problems.map((problem) => ({
    code: problem.code,
    message: problem.message,
    ...(problem.elementId ? { field: problem.elementId } : problem.path ? { field: problem.path } : {}),
  }));
}

/** One AppError for many problems: the first problem's code leads (the UI shows it), every problem is a detail. */
export function toDefinitionError(problems: readonly DefinitionProblem[]): AppError {
  const first = problems[0];
  if (!first) throw new RangeError('toDefinitionError needs at least one problem');
  return new AppError(first.code, toErrorDetails(problems));
}

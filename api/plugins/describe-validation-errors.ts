import { ERRORS, type ErrorCode, type ErrorDetail } from '../../domain/errors';

/** The parts of an Ajv error this module reads (kept structural so tests need no Ajv). */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

/** '/terms/0/startDate' → 'terms.0.startDate'; the query/params prefix is dropped because field names are unique. */
function fieldOf(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty ?? '') : '';
  return [path, missing].filter(Boolean).join('.');
}

const FORMAT_WORDING: Record<string, string> = {
  email: ERRORS.INVALID_EMAIL.message,
  date: 'Use a date written as YYYY-MM-DD.',
  'date-time': 'Use a date and time in ISO 8601 format.',
  uuid: 'This is not a valid id.',
  uri: 'Enter a link starting with http:// or https://.',
};

function wordingOf(issue: ValidationIssue): { message: string; code?: string } {
  const custom = issue.parentSchema?.['x-error-message'];
  if (typeof custom === 'string' && issue.keyword !== 'required') return { message: custom };
  const code = issue.parentSchema?.['x-error-code'];
  if (typeof code === 'string' && code in ERRORS && issue.keyword !== 'required') {
    return { message: ERRORS[code as ErrorCode].message, code };
  }
  const p = issue.params;
  switch (issue.keyword) {
    case 'x-single-line':
      return { message: ERRORS.NAME_INVALID_CHARACTERS.message, code: 'NAME_INVALID_CHARACTERS' };
    case 'required':
      return { message: ERRORS.MANDATORY_FIELD.message, code: 'MANDATORY_FIELD' };
    case 'format':
      return { message: FORMAT_WORDING[String(p.format)] ?? `Must be a valid ${String(p.format)}.` };
    case 'minLength':
      return Number(p.limit) <= 1
        ? { message: ERRORS.MANDATORY_FIELD.message, code: 'MANDATORY_FIELD' }
        : { message: `Must be at least ${String(p.limit)} characters.` };
    case 'maxLength':
      return { message: `Must be at most ${String(p.limit)} characters.` };
    case 'minimum':
      return { message: `Must be at least ${String(p.limit)}.` };
    case 'maximum':
      return { message: `Must be at most ${String(p.limit)}.` };
    case 'minItems':
      return { message: `Choose at least ${String(p.limit)}.` };
    case 'maxItems':
      return { message: `Choose at most ${String(p.limit)}.` };
    case 'enum':
      return { message: `Must be one of: ${(p.allowedValues as unknown[] | undefined)?.join(', ') ?? ''}.` };
    case 'type':
      return { message: `Must be ${String(p.type)}.` };
    case 'pattern':
      return { message: 'Has an invalid format.' };
    case 'additionalProperties':
      return { message: `Unknown field ${String(p.additionalProperty)}.` };
    default:
      return { message: issue.message ? `Is invalid: ${issue.message}.` : 'Is invalid.' };
  }
}

/**
 * One detail per field (the first problem found), so a union's alternatives do not repeat themselves. A nullable
 * object whose inside is wrong also fails its `null` alternative ("Must be null.") at the object itself: that
 * mismatch of type is left out when a problem inside the object is reported.
 */
export function describeValidationErrors(issues: readonly ValidationIssue[]): ErrorDetail[] {
  const byField = new Map<string, ErrorDetail>();
  const fields = issues.map(fieldOf);
  const hasInner = (field: string) => fields.some((f) => f.startsWith(field ? `${field}.` : '') && f !== field);
  for (const issue of issues) {
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf' || issue.keyword === 'if') continue;
    const field = fieldOf(issue);
    if (issue.keyword === 'type' && hasInner(field)) continue;
    if (byField.has(field)) continue;
    const { message, code } = wordingOf(issue);
    byField.set(field, { ...(field ? { field } : {}), message, ...(code ? { code } : {}) });
  }
  if (byField.size === 0 && issues.length > 0) return [{ message: ERRORS.VALIDATION_FAILED.message }];
  return [...byField.values()];
}

import { AppError, ERRORS, type ErrorBody, type ErrorCode } from '../../domain/errors';
import { describeValidationErrors, type ValidationIssue } from './describe-validation-errors';

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** True when the cause is ours, not the caller's: it is logged and its text hidden. */
  internal: boolean;
}

function respond(code: ErrorCode, details?: ErrorBody['error']['details'], status?: number): ErrorResponse {
  const body = new AppError(code, details).toBody();
  const s = status ?? ERRORS[code].status;
  return { status: s, body, internal: s >= 500 && code !== 'MAINTENANCE' && code !== 'WORKFLOW_UNAVAILABLE' };
}

/** PostgreSQL SQLSTATE classes that mean the input was bad, not the server (22 data exception, 23 integrity). */
function fromPostgres(code: string): ErrorResponse | null {
  if (code === '23505') return respond('ALREADY_EXISTS');
  if (code.startsWith('22') || code.startsWith('23')) return respond('VALIDATION_FAILED');
  return null;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'BODY_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

function isTemporalUnavailable(err: { name?: unknown; code?: unknown }): boolean {
  // ServiceError/TransportError from @temporalio/client, or a raw gRPC UNAVAILABLE (14) / DEADLINE_EXCEEDED (4).
  return (
    err.name === 'ServiceError' ||
    err.name === 'TransportError' ||
    (typeof err.code === 'number' && [4, 14].includes(err.code))
  );
}

/** Turns anything thrown while handling a request into the one error shape; never a 500 for bad input. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof AppError) return { status: error.status, body: error.toBody(), internal: false };
  const err = (typeof error === 'object' && error !== null ? error : {}) as {
    validation?: ValidationIssue[];
    statusCode?: unknown;
    code?: unknown;
    name?: unknown;
    severity?: unknown;
  };
  if (Array.isArray(err.validation)) {
    const details = describeValidationErrors(err.validation);
    // A name refused only for its characters answers as the routes that check names themselves do (teams, events).
    const onlyCharacters = details.length > 0 && details.every((d) => d.code === 'NAME_INVALID_CHARACTERS');
    return respond(onlyCharacters ? 'NAME_INVALID_CHARACTERS' : 'VALIDATION_FAILED', details);
  }
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError') {
    return respond('VALIDATION_FAILED', [{ message: 'The request body is not valid JSON.' }]);
  }
  if (typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && err.severity !== undefined) {
    const pg = fromPostgres(err.code);
    if (pg) return pg;
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 0;
  if (status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
    return respond(code, undefined, status);
  }
  if (isTemporalUnavailable(err)) return { ...respond('WORKFLOW_UNAVAILABLE'), internal: true };
  return respond('SOMETHING_WENT_WRONG');
}

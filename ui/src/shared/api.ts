import { ERRORS, isErrorBody, type ErrorDetail } from '../../../domain/errors';

/** Every call goes to the versioned API on the same origin (the Vite dev server proxies /api). */
export const API_BASE = '/api/v1';

/** A failed API call, carrying the catalogue code and the wording the API chose for the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];

  constructor(status: number, code: string, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Refusals that only mean someone else acted first: the step was decided, the process ended, the task closed. The
 * app answers them calmly (query-client.ts refetches the screen, ApiErrorAlert shows a notice, not an error).
 */
const STATE_MOVED_ON_CODES = new Set([
  'ALREADY_DECIDED',
  'STEP_NOT_ACTIVE',
  'SUBMISSION_CLOSED',
  'WORKFLOW_NOT_RUNNING',
  'NOTHING_TO_RETRY',
  'TASK_NOT_OPEN',
  'DISCLOSURE_INVALID_STATE',
  'EVENT_ALREADY_DECIDED',
  'ROSTER_NO_PENDING_REQUESTS',
  'INVITATION_REDEEMED',
]);

export function isStateMovedOn(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && STATE_MOVED_ON_CODES.has(error.code);
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** Builds `/api/v1/path?x=1`, leaving out empty values so optional filters do not reach the API as "". */
export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/** Turns a non-2xx response body into an ApiError; bodies that are not our error shape get the generic wording. */
export function parseApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const { code, message, details } = body.error;
    return new ApiError(status, String(code), message || ERRORS.SOMETHING_WENT_WRONG.message, details ?? []);
  }
  if (status === 503) return new ApiError(status, 'SERVICE_UNAVAILABLE', ERRORS.SERVICE_UNAVAILABLE.message);
  if (status === 404) return new ApiError(status, 'NOT_FOUND', ERRORS.NOT_FOUND.message);
  return new ApiError(status, 'SOMETHING_WENT_WRONG', ERRORS.SOMETHING_WENT_WRONG.message);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The one fetch wrapper: JSON in and out, session cookie included, errors as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', ERRORS.SERVICE_UNAVAILABLE.message);
  }
  const parsed = await readBody(response);
  if (!response.ok) throw parseApiError(response.status, parsed);
  return parsed as T;
}

/**
 * Sends one file as multipart/form-data (field `file`, after any text `fields`, so the server reads them first);
 * the answer and errors are read as for JSON calls.
 */
export async function apiUpload<T>(
  path: string,
  file: File,
  method: 'POST' | 'PUT' = 'POST',
  fields: Record<string, string> = {},
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(buildApiUrl(path), {
      method,
      body,
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', ERRORS.SERVICE_UNAVAILABLE.message);
  }
  const parsed = await readBody(response);
  if (!response.ok) throw parseApiError(response.status, parsed);
  return parsed as T;
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, ...(signal ? { signal } : {}) }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** The message to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return ERRORS.SOMETHING_WENT_WRONG.message;
}

/** Field-level messages from a VALIDATION_FAILED answer, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  for (const detail of error.details) {
    if (!detail.field) continue;
    const field = detail.field.replace(/^\/?(body\/)?/, '').replace(/\//g, '.');
    out[field] ??= detail.message;
  }
  return out;
}

/**
 * The field errors of a refused request, less those of the fields changed since it was sent: a corrected field stops
 * showing its old error at once instead of at the next send. `sent` is what the request carried (a mutation's
 * `variables`), `now` the form's values; fields are compared by their top-level key.
 */
export function fieldErrorsSince<T extends object>(
  error: unknown,
  sent: T | undefined,
  now: T,
): Record<string, string> {
  const errors = fieldErrors(error);
  if (!sent) return errors;
  const before = sent as Record<string, unknown>;
  const after = now as Record<string, unknown>;
  for (const field of Object.keys(errors)) {
    const key = field.split('.')[0]!;
    if (key in after && !Object.is(before[key], after[key])) delete errors[field];
  }
  return errors;
}

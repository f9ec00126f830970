import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildApiUrl, fieldErrors, fieldErrorsSince, parseApiError } from './api';

describe('buildApiUrl', () => {
  it('prefixes /api/v1 and drops empty query values', () => {
    expect(buildApiUrl('/athletes', { q: '', teamId: null, limit: 25, offset: 0, x: undefined })).toBe(
      '/api/v1/athletes?limit=25&offset=0',
    );
    expect(buildApiUrl('teams')).toBe('/api/v1/teams');
  });
});

describe('parseApiError', () => {
  it('reads our error shape', () => {
    const error = parseApiError(401, { error: { code: 'WRONG_CREDENTIALS', message: 'Wrong email or password.' } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'WRONG_CREDENTIALS',
      message: 'Wrong email or password.',
      details: [],
    });
  });

  it('falls back to catalogue wording for foreign bodies', () => {
    expect(parseApiError(502, '<html>')).toMatchObject({
      code: 'SOMETHING_WENT_WRONG',
      message: 'Something went wrong.',
    });
    expect(parseApiError(503, undefined)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('fieldErrors', () => {
  it('maps validation details to field names', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are missing or invalid.', [
      { field: 'email', message: 'Invalid email.' },
      { field: '/body/phoneNumber', message: 'Phone number must have 10 digits.' },
      { message: 'no field' },
    ]);
    expect(fieldErrors(error)).toEqual({ email: 'Invalid email.', phoneNumber: 'Phone number must have 10 digits.' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

describe('fieldErrorsSince', () => {
  const error = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are missing or invalid.', [
    { field: '/body/amount', message: 'Amount must be a number between $0 and $999,999.' },
    { field: '/body/name', message: 'Name is required.' },
    { field: '/body/address/zip', message: 'ZIP code must have 5 digits.' },
  ]);
  const sent = { amount: 'abc', name: '', address: { zip: '1' } };

  it('drops the errors of fields changed since the request was sent', () => {
    expect(fieldErrorsSince(error, sent, { ...sent, amount: '12.50' })).toEqual({
      name: 'Name is required.',
      'address.zip': 'ZIP code must have 5 digits.',
    });
    expect(fieldErrorsSince(error, sent, { ...sent, address: { zip: '12345' } })).toEqual({
      amount: 'Amount must be a number between $0 and $999,999.',
      name: 'Name is required.',
    });
  });

  it('keeps every error while nothing changed or nothing is known of the request', () => {
    expect(Object.keys(fieldErrorsSince(error, sent, sent))).toHaveLength(3);
    expect(Object.keys(fieldErrorsSince(error, undefined, { amount: '1' }))).toHaveLength(3);
  });
});

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/teams', { method: 'POST', body: { name: 'A' } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/teams');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"A"}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('returns undefined for 204 and throws ApiError for error bodies', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'FORBIDDEN', message: 'You do not have permission to do this.' } }),
            { status: 403 },
          ),
      ),
    );
    await expect(apiRequest('/teams')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('reports network failures as SERVICE_UNAVAILABLE', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/teams')).rejects.toMatchObject({ status: 0, code: 'SERVICE_UNAVAILABLE' });
  });
});

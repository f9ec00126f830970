import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors';
import { describeValidationErrors } from './describe-validation-errors';
import { toErrorResponse } from './to-error-response';

describe('toErrorResponse', () => {
  it('passes AppErrors through with their status and details', () => {
    const r = toErrorResponse(new AppError('EMAIL_EXISTS', [{ field: 'email', message: 'Email exists.' }]));
    expect(r).toEqual({
      status: 409,
      internal: false,
      body: {
        error: {
          code: 'EMAIL_EXISTS',
          message: 'Email exists.',
          details: [{ field: 'email', message: 'Email exists.' }],
        },
      },
    });
  });

  it('turns schema validation failures into 400 VALIDATION_FAILED', () => {
    const r = toErrorResponse({
      validation: [{ instancePath: '', keyword: 'required', params: { missingProperty: 'email' } }],
      statusCode: 400,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([
      { field: 'email', message: 'Mandatory fields cannot be empty.', code: 'MANDATORY_FIELD' },
    ]);
  });

  it('maps transport errors by status, never to 500', () => {
    expect(toErrorResponse({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }).body.error.code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(toErrorResponse({ statusCode: 413 }).status).toBe(413);
    expect(toErrorResponse({ statusCode: 429 }).body.error.code).toBe('RATE_LIMITED');
    expect(toErrorResponse({ statusCode: 414, code: 'FST_ERR_MAX_PARAM_LENGTH' })).toMatchObject({
      status: 414,
      body: { error: { code: 'URL_TOO_LONG', message: 'The address is too long.' } },
    });
    expect(toErrorResponse({ statusCode: 418 })).toMatchObject({
      status: 418,
      body: { error: { code: 'BAD_REQUEST' } },
    });
    expect(toErrorResponse({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }).body.error.details).toEqual([
      { message: 'The request body is not valid JSON.' },
    ]);
  });

  it('treats PostgreSQL data and integrity errors as bad input', () => {
    expect(toErrorResponse({ code: '22P02', severity: 'ERROR' }).status).toBe(400);
    expect(toErrorResponse({ code: '23505', severity: 'ERROR' }).body.error.code).toBe('ALREADY_EXISTS');
    expect(toErrorResponse({ code: '42P01', severity: 'ERROR' }).status).toBe(500);
  });

  it('hides everything else behind 500 SOMETHING_WENT_WRONG and flags it for the log', () => {
    const r = toErrorResponse(new Error('connection string with password=secret'));
    expect(r).toEqual({
      status: 500,
      internal: true,
      body: { error: { code: 'SOMETHING_WENT_WRONG', message: 'Something went wrong.' } },
    });
  });

  it('reports an unreachable Temporal as 503 WORKFLOW_UNAVAILABLE', () => {
    const err = Object.assign(new Error('14 UNAVAILABLE'), { name: 'ServiceError' });
    expect(toErrorResponse(err)).toMatchObject({
      status: 503,
      internal: true,
      body: { error: { code: 'WORKFLOW_UNAVAILABLE' } },
    });
  });
});

describe('describeValidationErrors', () => {
  it('words each keyword, uses x-error-code and x-error-message, and keeps one detail per field', () => {
    const details = describeValidationErrors([
      {
        instancePath: '/phoneNumber',
        keyword: 'pattern',
        params: {},
        parentSchema: { 'x-error-code': 'INVALID_PHONE' },
      },
      {
        instancePath: '/imageUrl',
        keyword: 'pattern',
        params: {},
        parentSchema: { 'x-error-message': 'Link must start with http:// or https://.' },
      },
      { instancePath: '/terms/0/startDate', keyword: 'format', params: { format: 'date' } },
      { instancePath: '/gender', keyword: 'enum', params: { allowedValues: ['MEN', 'WOMEN'] } },
      { instancePath: '/gender', keyword: 'type', params: { type: 'string' } },
      { instancePath: '/name', keyword: 'minLength', params: { limit: 1 } },
      { instancePath: '/bio', keyword: 'maxLength', params: { limit: 10 } },
      { instancePath: '/x', keyword: 'anyOf', params: {} },
    ]);
    expect(details).toEqual([
      { field: 'phoneNumber', message: 'Phone number must have 10 digits.', code: 'INVALID_PHONE' },
      { field: 'imageUrl', message: 'Link must start with http:// or https://.' },
      { field: 'terms.0.startDate', message: 'Use a date written as YYYY-MM-DD.' },
      { field: 'gender', message: 'Must be one of: MEN, WOMEN.' },
      { field: 'name', message: 'Mandatory fields cannot be empty.', code: 'MANDATORY_FIELD' },
      { field: 'bio', message: 'Must be at most 10 characters.' },
    ]);
  });

  it('words a control character in a name, and leaves out the null alternative of an object wrong inside (issue 36)', () => {
    const issues = [
      { instancePath: '/pointOfContact/name', keyword: 'x-single-line', params: {} },
      { instancePath: '/pointOfContact', keyword: 'type', params: { type: 'null' } },
    ];
    const named = {
      field: 'pointOfContact.name',
      message: 'Name must not contain line breaks or control characters.',
      code: 'NAME_INVALID_CHARACTERS',
    };
    expect(describeValidationErrors(issues)).toEqual([named]);
    // The answer's code is the name rule's when it is the only problem, the general one otherwise.
    expect(toErrorResponse({ validation: issues }).body.error).toMatchObject({ code: 'NAME_INVALID_CHARACTERS' });
    const mixed = [...issues, { instancePath: '/amount', keyword: 'type', params: { type: 'number' } }];
    expect(toErrorResponse({ validation: mixed }).body.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(describeValidationErrors([{ instancePath: '/agent', keyword: 'type', params: { type: 'null' } }])).toEqual([
      { field: 'agent', message: 'Must be null.' },
    ]);
  });

  it('never returns an empty list for a failed validation', () => {
    expect(describeValidationErrors([{ instancePath: '/x', keyword: 'anyOf', params: {} }])).toEqual([
      { message: 'Some fields are missing or invalid.' },
    ]);
  });
});

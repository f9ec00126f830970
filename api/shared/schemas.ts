import { Type, type TSchema, type TStringOptions } from 'typebox';

/**
 * Building blocks for the API contract. `x-error-code` names a catalogue code (domain/errors.ts) whose wording the
 * validation error shows for that field, so a bad phone number reads "Phone number must have 10 digits.".
 */
export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });
export const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
export const Timestamp = Type.String({ format: 'date-time' });
export const Email = Type.String({ format: 'email', maxLength: 254, 'x-error-code': 'INVALID_EMAIL' });
export const Phone = Type.String({ pattern: '^[0-9]{10}$', 'x-error-code': 'INVALID_PHONE', description: '10 digits' });

/** The validator keyword of SingleLine (plugins/install-validator-compiler). */
export const SINGLE_LINE_KEYWORD = 'x-single-line';

/**
 * A single-line name or title (issue 36): a line break, NUL or other control character is refused with
 * NAME_INVALID_CHARACTERS on that field, and zero-width and bidirectional characters are stripped before the handler
 * reads the value. Every name a person types goes through this one schema.
 */
export function SingleLine(options: TStringOptions = {}) {
  return Type.String({ ...options, [SINGLE_LINE_KEYWORD]: true });
}

export const Name = SingleLine({ minLength: 1, maxLength: 100 });
export const ShortText = Type.String({ maxLength: 200 });

/**
 * The longest text a path parameter's schema may allow. The router (maxParamLength) takes segments up to nine times
 * as long, the most that many characters can grow to when percent-encoded, so a parameter the document allows is
 * never refused by the router with 414, and one it refuses gets its schema's 400.
 */
export const MAX_PATH_PARAM_LENGTH = 200;
export const ROUTER_MAX_PARAM_LENGTH = MAX_PATH_PARAM_LENGTH * 9;

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/**
 * A JSON value nested at most `depth` arrays or objects deep, its leaves strings, numbers, booleans or null. What a
 * JSON column holds has this shape even where its keys vary by record, so an answer never declares "anything".
 */
function jsonValueSchema(depth: number): Record<string, unknown> {
  const leaves = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }];
  if (depth === 0) return { anyOf: leaves };
  const inner = jsonValueSchema(depth - 1);
  return { anyOf: [...leaves, { type: 'array', items: inner }, { type: 'object', additionalProperties: inner }] };
}

/** Depth of a JSON document an answer may carry: audit details (before/after of a record, a filter) reach four. */
const JSON_DEPTH = 5;

/** A JSON object whose keys vary by record (audit details, profile documents): its values are JSON values. */
export function JsonObject(description: string) {
  return Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: jsonValueSchema(JSON_DEPTH - 1),
    description,
  });
}

export const ErrorBodySchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.String(),
        message: Type.String(),
        details: Type.Optional(
          Type.Array(
            Type.Object(
              {
                field: Type.Optional(Type.String()),
                message: Type.String(),
                code: Type.Optional(Type.String()),
              },
              { additionalProperties: false },
            ),
          ),
        ),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description: 'The one error shape: a catalogue code, its wording and per-field details.',
  },
);

/** Documents the error answers a route can give; the central error handler produces them. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema]));
}

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
};

export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  });
}

/** Stored bytes answered as uploaded, with the content type they were stored with (one of the allowed file types). */
export const StoredFileBytes = Type.Unsafe<Uint8Array>({
  description: 'The file as uploaded, with the content type it was stored with (one of the allowed file types).',
  content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
});

export const NoContent = Type.Null({ description: 'No content' });
export const MessageBody = Type.Object({ message: Type.String() });

/** A CSV file or an Excel workbook, as the `format` query parameter asks: the response of exports and templates. */
export function SpreadsheetFile(description: string) {
  return Type.Unsafe<Uint8Array>({
    description,
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', format: 'binary' },
      },
    },
  });
}

/**
 * An eval-free validator for the answer schemas the engine generates itself (element-answer-schema.ts), for pages
 * whose Content-Security-Policy forbids `eval` (Ajv compiles each schema to code with `new Function`). It walks the
 * schema on every call instead of generating code, and reports the first error the way Ajv does with
 * `allErrors: false`: the same keyword, instance path and parameters, found in the same order, so
 * describe-answer-error.ts words it identically in the browser and on the server. The order follows Ajv's:
 * - a schema's type is checked first, unless it has one type and keywords for it: then its untyped keywords
 *   (const, enum, not, anyOf, oneOf) run first and the type is checked with that type's keywords;
 * - untyped keywords, then number, string, array and object keywords, each group only for data of its type;
 * - within a group, Ajv's vocabulary order (e.g. required before additionalProperties before properties).
 * Only the keywords the engine emits are supported: compiling a schema with any other keyword throws, so a new
 * keyword cannot slip in without its interpretation. The property test in interpret-answer-schema.property.test.ts
 * compares this validator with Ajv on generated forms and answers.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { JsonSchema } from './element-answer-schema';

/** The fields of Ajv's ErrorObject that describe-answer-error.ts reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  propertyName?: string;
}

export type InterpretedValidator = (value: unknown) => SchemaError | null;

type Schema = JsonSchema;
type Check = (schema: Schema, data: unknown, path: string) => SchemaError | null;

interface KeywordGroup {
  type?: 'number' | 'string' | 'array' | 'object';
  keywords: Array<[string, Check]>;
}

const dateFormat = fullFormats.date as {
  validate: (value: string) => boolean;
  compare: (a: string, b: string) => number | undefined;
};

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Length in Unicode code points, as Ajv's ucs2length counts it (a surrogate pair is one character). */
export function codePointLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    length++;
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if ((next & 0xfc00) === 0xdc00) i++;
    }
  }
  return length;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => deepEqual(item, other[index]));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key)) &&
    keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

function isObject(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** Ajv's type checks with strictNumbers (NaN and Infinity are not numbers). */
function hasType(type: string, data: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof data === 'string';
    case 'number':
      return typeof data === 'number' && Number.isFinite(data);
    case 'integer':
      return typeof data === 'number' && Number.isFinite(data) && data % 1 === 0;
    case 'boolean':
      return typeof data === 'boolean';
    case 'null':
      return data === null;
    case 'object':
      return isObject(data);
    case 'array':
      return Array.isArray(data);
    default:
      throw new Error(`Unsupported type "${type}" in an answer schema`);
  }
}

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let regex = patterns.get(source);
  if (!regex) {
    regex = new RegExp(source, 'u');
    patterns.set(source, regex);
  }
  return regex;
}

function fail(keyword: string, path: string, params: Record<string, unknown> = {}): SchemaError {
  return { keyword, instancePath: path, params };
}

function typesOf(schema: Schema): string[] {
  const type = schema.type;
  if (type === undefined) return [];
  return Array.isArray(type) ? (type as string[]) : [type as string];
}

const sub = (schema: Schema, key: string) => schema[key] as Schema;

// Each group's keywords in the order Ajv evaluates them (its vocabularies' order, items before uniqueItems).
const GROUPS: KeywordGroup[] = [
  {
    keywords: [
      ['const', (s, data, path) => (deepEqual(data, s.const) ? null : fail('const', path, { allowedValue: s.const }))],
      [
        'enum',
        (s, data, path) => {
          const allowed = s.enum as unknown[];
          return allowed.some((value) => deepEqual(data, value))
            ? null
            : fail('enum', path, { allowedValues: allowed });
        },
      ],
      ['not', (s, data, path) => (firstError(sub(s, 'not'), data, path) ? null : fail('not', path))],
      [
        'anyOf',
        (s, data, path) => {
          // Ajv keeps every branch's errors and reports the anyOf last, so the first error is the first branch's.
          let first: SchemaError | null = null;
          for (const branch of s.anyOf as Schema[]) {
            const error = firstError(branch, data, path);
            if (!error) return null;
            first ??= error;
          }
          return first ?? fail('anyOf', path);
        },
      ],
      // With a discriminator, Ajv's oneOf does nothing of its own: the discriminator picks the branch.
      ['oneOf', () => null],
    ],
  },
  {
    type: 'number',
    keywords: [
      ['maximum', (s, data, path) => limit('maximum', '<=', (data as number) > (s.maximum as number), s, path)],
      ['minimum', (s, data, path) => limit('minimum', '>=', (data as number) < (s.minimum as number), s, path)],
    ],
  },
  {
    type: 'string',
    keywords: [
      [
        'maxLength',
        (s, data, path) =>
          codePointLength(data as string) > (s.maxLength as number)
            ? fail('maxLength', path, { limit: s.maxLength })
            : null,
      ],
      [
        'minLength',
        (s, data, path) =>
          codePointLength(data as string) < (s.minLength as number)
            ? fail('minLength', path, { limit: s.minLength })
            : null,
      ],
      [
        'pattern',
        (s, data, path) =>
          patternOf(s.pattern as string).test(data as string) ? null : fail('pattern', path, { pattern: s.pattern }),
      ],
      [
        'format',
        (s, data, path) => (dateFormat.validate(data as string) ? null : fail('format', path, { format: s.format })),
      ],
      [
        'formatMaximum',
        (s, data, path) =>
          limit(
            'formatMaximum',
            '<=',
            (dateFormat.compare(data as string, s.formatMaximum as string) ?? 0) > 0,
            s,
            path,
          ),
      ],
      [
        'formatMinimum',
        (s, data, path) =>
          limit(
            'formatMinimum',
            '>=',
            (dateFormat.compare(data as string, s.formatMinimum as string) ?? 0) < 0,
            s,
            path,
          ),
      ],
    ],
  },
  {
    type: 'array',
    keywords: [
      [
        'maxItems',
        (s, data, path) =>
          (data as unknown[]).length > (s.maxItems as number) ? fail('maxItems', path, { limit: s.maxItems }) : null,
      ],
      [
        'minItems',
        (s, data, path) =>
          (data as unknown[]).length < (s.minItems as number) ? fail('minItems', path, { limit: s.minItems }) : null,
      ],
      [
        'items',
        (s, data, path) => {
          const items = data as unknown[];
          for (let index = 0; index < items.length; index++) {
            const error = firstError(sub(s, 'items'), items[index], `${path}/${index}`);
            if (error) return error;
          }
          return null;
        },
      ],
      [
        'uniqueItems',
        (s, data, path) => {
          if (s.uniqueItems !== true) return null;
          const items = data as unknown[];
          const itemSchema = s.items;
          const itemTypes = isObject(itemSchema) ? typesOf(itemSchema) : [];
          if (itemTypes.length > 0 && !itemTypes.some((type) => type === 'object' || type === 'array')) {
            // Items of scalar types only: Ajv hashes them from the end, so i is the earlier index and j the later
            // one it saw first (strings marked apart from other types' keys when there are several types).
            const indices: Record<string, unknown> = {};
            for (let i = items.length - 1; i >= 0; i--) {
              const item = items[i];
              if (!itemTypes.some((type) => hasType(type, item))) continue;
              const key = typeof item === 'string' && itemTypes.length > 1 ? `${item}_` : String(item);
              if (typeof indices[key] === 'number') return fail('uniqueItems', path, { i, j: indices[key] });
              indices[key] = i;
            }
            return null;
          }
          // Otherwise Ajv compares pairs from the end: i is the later index, j the earlier one it equals.
          for (let i = items.length - 1; i > 0; i--) {
            for (let j = i - 1; j >= 0; j--) {
              if (deepEqual(items[i], items[j])) return fail('uniqueItems', path, { i, j });
            }
          }
          return null;
        },
      ],
    ],
  },
  {
    type: 'object',
    keywords: [
      [
        'required',
        (s, data, path) => {
          const object = data as Record<string, unknown>;
          for (const property of s.required as string[]) {
            if (object[property] === undefined) return fail('required', path, { missingProperty: property });
          }
          return null;
        },
      ],
      [
        'propertyNames',
        (s, data, path) => {
          for (const key in data as object) {
            const error = firstError(sub(s, 'propertyNames'), key, path);
            if (error) return { ...error, propertyName: key };
          }
          return null;
        },
      ],
      [
        'additionalProperties',
        (s, data, path) => {
          const object = data as Record<string, unknown>;
          const declared = isObject(s.properties) ? s.properties : {};
          for (const key in object) {
            if (Object.prototype.hasOwnProperty.call(declared, key)) continue;
            if (s.additionalProperties === false)
              return fail('additionalProperties', path, { additionalProperty: key });
            const error = firstError(sub(s, 'additionalProperties'), object[key], `${path}/${escapePointer(key)}`);
            if (error) return error;
          }
          return null;
        },
      ],
      [
        'properties',
        (s, data, path) => {
          const object = data as Record<string, unknown>;
          for (const [key, schema] of Object.entries(s.properties as Record<string, Schema>)) {
            if (object[key] === undefined) continue;
            const error = firstError(schema, object[key], `${path}/${escapePointer(key)}`);
            if (error) return error;
          }
          return null;
        },
      ],
      [
        'dependentSchemas',
        (s, data, path) => {
          const object = data as Record<string, unknown>;
          for (const [key, schema] of Object.entries(s.dependentSchemas as Record<string, Schema>)) {
            if (object[key] === undefined) continue;
            const error = firstError(schema, data, path);
            if (error) return error;
          }
          return null;
        },
      ],
      [
        'discriminator',
        (s, data, path) => {
          const tagName = (s.discriminator as { propertyName: string }).propertyName;
          const tag = (data as Record<string, unknown>)[tagName];
          if (typeof tag !== 'string')
            return fail('discriminator', path, { error: 'tag', tag: tagName, tagValue: tag });
          const branch = (s.oneOf as Schema[]).find((candidate) => {
            const tagSchema = (candidate.properties as Record<string, Schema> | undefined)?.[tagName];
            return tagSchema?.const === tag;
          });
          if (!branch) return fail('discriminator', path, { error: 'mapping', tag: tagName, tagValue: tag });
          return firstError(branch, data, path);
        },
      ],
    ],
  },
];

function limit(keyword: string, comparison: string, failed: boolean, schema: Schema, path: string) {
  return failed ? fail(keyword, path, { comparison, limit: schema[keyword] }) : null;
}

const GROUP_TYPES = new Set(['number', 'string', 'array', 'object']);
const SUPPORTED = new Set(['type', ...GROUPS.flatMap((group) => group.keywords.map(([keyword]) => keyword))]);

function usesGroup(schema: Schema, group: KeywordGroup): boolean {
  return group.keywords.some(([keyword]) => schema[keyword] !== undefined);
}

function firstError(schema: Schema, data: unknown, path: string): SchemaError | null {
  const types = typesOf(schema);
  const typeError = () => fail('type', path, { type: schema.type });
  // Ajv checks one type together with its own keywords, after the untyped ones; otherwise before everything.
  const checkedWithGroup =
    types.length === 1 &&
    GROUP_TYPES.has(types[0]!) &&
    usesGroup(
      schema,
      GROUPS.find((group) => group.type === types[0])!,
    );
  if (types.length > 0 && !checkedWithGroup && !types.some((type) => hasType(type, data))) return typeError();
  for (const group of GROUPS) {
    if (!usesGroup(schema, group)) continue;
    if (group.type && !hasType(group.type, data)) {
      if (checkedWithGroup && types[0] === group.type) return typeError();
      continue;
    }
    for (const [keyword, check] of group.keywords) {
      if (schema[keyword] === undefined) continue;
      const error = check(schema, data, path);
      if (error) return error;
    }
  }
  return null;
}

function assertSupported(schema: unknown, where: string): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new Error(`${where}: an answer schema must be an object`);
  }
  const object = schema as Schema;
  for (const [keyword, value] of Object.entries(object)) {
    if (!SUPPORTED.has(keyword)) throw new Error(`${where}: keyword "${keyword}" is not supported`);
    if (keyword === 'format' && value !== 'date')
      throw new Error(`${where}: format "${String(value)}" is not supported`);
    if (keyword === 'oneOf' && object.discriminator === undefined)
      throw new Error(`${where}: oneOf needs a discriminator`);
  }
  for (const keyword of ['not', 'items', 'propertyNames']) {
    if (object[keyword] !== undefined) assertSupported(object[keyword], `${where}/${keyword}`);
  }
  if (isObject(object.additionalProperties))
    assertSupported(object.additionalProperties, `${where}/additionalProperties`);
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = object[keyword];
    if (branches !== undefined)
      (branches as unknown[]).forEach((b, i) => assertSupported(b, `${where}/${keyword}/${i}`));
  }
  for (const keyword of ['properties', 'dependentSchemas']) {
    const map = object[keyword];
    if (map !== undefined) {
      for (const [key, value] of Object.entries(map as Record<string, unknown>)) {
        assertSupported(value, `${where}/${keyword}/${key}`);
      }
    }
  }
}

/** Checks the schema uses only supported keywords, then returns its validator (the first error, or null). */
export function interpretAnswerSchema(schema: JsonSchema): InterpretedValidator {
  assertSupported(schema, '#');
  return (value) => firstError(schema, value, '');
}

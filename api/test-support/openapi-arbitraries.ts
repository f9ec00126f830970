import fc from 'fast-check';

/** A JSON schema as it appears in the OpenAPI document (3.0 dialect: `nullable`, no `const`). */
export type Schema = Record<string, unknown>;

/** Values found in earlier answers, offered for matching inputs so generated requests reach real records. */
export interface KnownValues {
  /** By property or parameter name (`id`, `workflowId`, `fileId`, …). */
  byName: Map<string, Set<string>>;
  /** Every UUID seen anywhere. */
  uuids: Set<string>;
}

export function emptyKnownValues(): KnownValues {
  return { byName: new Map(), uuids: new Set() };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Collects the string values of a JSON answer into `known`, skipping those `exclude` names (the callers' own ids). */
export function harvest(
  value: unknown,
  known: KnownValues,
  exclude: ReadonlySet<string>,
  resource: string,
  key = '',
  depth = 0,
): void {
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 50)) harvest(item, known, exclude, resource, key, depth);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) harvest(v, known, exclude, resource, k, depth + 1);
  } else if (typeof value === 'string' && key && value.length <= 200 && !exclude.has(value)) {
    remember(known, key, value);
    // The top-level ids of an answer are the resource's own: `/teams/{id}` then prefers ids listed by GET /teams.
    if (depth <= 2) remember(known, `${resource}:${key}`, value);
    if (UUID_RE.test(value) && known.uuids.size < 2000) known.uuids.add(value);
  }
}

function remember(known: KnownValues, key: string, value: string): void {
  let set = known.byName.get(key);
  if (!set) known.byName.set(key, (set = new Set()));
  if (set.size < 200) set.add(value);
}

function pick(values: Iterable<string>): fc.Arbitrary<string> | null {
  const list = [...values];
  return list.length ? fc.constantFrom(...list) : null;
}

const ISO_DATE = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringArbitrary(schema: Schema, name: string, known: KnownValues): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  // `teams:id` (a path parameter of a teams route) falls back to any `id`.
  const named = known.byName.get(name) ?? known.byName.get(name.split(':').pop()!);
  switch (schema.format) {
    case 'uuid': {
      const seen = pick([...(named ?? [])].filter((v) => UUID_RE.test(v))) ?? pick(known.uuids);
      return seen ? fc.oneof({ weight: 4, arbitrary: seen }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
    }
    case 'date':
      return ISO_DATE.map((s) => s.slice(0, 10));
    case 'date-time':
      return ISO_DATE;
    case 'email':
      return fc
        .emailAddress()
        .filter((e) => e.length <= Math.min(maxLength, 254) && /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(e));
    default:
      break;
  }
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const text = fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) });
  const seen = named ? pick([...named].filter(fits)) : null;
  // Cut or padded to the length, not filtered: no word combination may fit (none is two characters long).
  const words = fc
    .array(fc.constantFrom('Fall', 'roster', 'Éloïse', 'O’Brien', '✓', 'form', 'A'), { minLength: 1, maxLength: 4 })
    .map((w) => w.join(' ').slice(0, maxLength).padEnd(minLength, 'a'));
  return seen ? fc.oneof(seen, text, words) : fc.oneof(text, words);
}

/**
 * Values that satisfy `schema`; `name` is the property or parameter it fills (to offer known values), as
 * `<resource>:<name>` for a path parameter.
 */
export function valid(schema: Schema | undefined, known: KnownValues, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.jsonValue({ maxDepth: 1 });
  const inner = validNotNull(schema, known, name, depth);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) })
    : inner;
}

function validNotNull(schema: Schema, known: KnownValues, name: string, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf))
    return fc.oneof(...(schema.anyOf as Schema[]).map((s) => valid(s, known, name, depth)));
  if (Array.isArray(schema.oneOf))
    return fc.oneof(...(schema.oneOf as Schema[]).map((s) => valid(s, known, name, depth)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, name, known);
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1000,
        max: typeof schema.maximum === 'number' ? schema.maximum : 100_000,
      });
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1000,
        max: typeof schema.maximum === 'number' ? schema.maximum : 100_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = valid(schema.items as Schema | undefined, known, name, depth + 1);
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(
        typeof schema.maxItems === 'number' ? schema.maxItems : 3,
        minLength + 3,
        depth > 2 ? minLength : 99,
      );
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
    default:
      return objectArbitrary(schema, known, depth);
  }
}

function objectArbitrary(schema: Schema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const keys = Object.keys(properties).filter((k) => required.has(k) || depth < 4);
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, valid(properties[k], known, k, depth + 1)])), {
    requiredKeys: keys.filter((k) => required.has(k)),
  });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && depth < 4) {
    const dictionary = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }),
      valid(extra as Schema, known, '', depth + 1),
      {
        maxKeys: 3,
      },
    );
    return fc.tuple(dictionary, record).map(([d, r]) => ({ ...d, ...(r as object) }));
  }
  if (!schema.type && !schema.properties) return fc.jsonValue({ maxDepth: 2 });
  return record;
}

/** Values of the wrong kind for `schema`: another type, out of range, too long, not in the enum, not the format. */
export function invalid(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const wrongType: fc.Arbitrary<unknown>[] = [];
  const type = schema?.type;
  if (type !== 'string' && !Array.isArray(schema?.enum)) wrongType.push(fc.constantFrom('text', 'x'.repeat(300)));
  if (type !== 'integer' && type !== 'number') wrongType.push(fc.constantFrom(42, -1, 1.5, 1e21));
  if (type !== 'boolean') wrongType.push(fc.boolean());
  if (type !== 'object') wrongType.push(fc.constant({ nested: { deeper: [1, 2, 3] } }));
  if (type !== 'array') wrongType.push(fc.constant([1, 'two', null]));
  if (!schema?.nullable && schema?.type !== 'null') wrongType.push(fc.constant(null));
  const out: fc.Arbitrary<unknown>[] = [...wrongType];
  if (Array.isArray(schema?.enum)) out.push(fc.constantFrom('NOT_A_CHOICE', ''));
  if (typeof schema?.maximum === 'number')
    out.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum * 20 + 10 }));
  if (typeof schema?.minimum === 'number')
    out.push(fc.integer({ min: schema.minimum - 1000, max: schema.minimum - 1 }));
  if (typeof schema?.maxLength === 'number') out.push(fc.constant('y'.repeat(Math.min(schema.maxLength + 1, 70_000))));
  if (typeof schema?.minLength === 'number' && schema.minLength > 0) out.push(fc.constant(''));
  if (schema?.format || schema?.pattern) out.push(fc.constantFrom('not-valid', '2026-13-45', '@@', '0'));
  return fc.oneof(...out);
}

/** Text for a path or query parameter that breaks its schema (sent URL-encoded). */
export function invalidText(schema: Schema | undefined): fc.Arbitrary<string> {
  const out: fc.Arbitrary<string>[] = [
    fc.constantFrom('not-an-id', '-1', '1.5', 'true', 'ÿ', "' or 1=1 --", 'x'.repeat(120)),
  ];
  if (typeof schema?.maximum === 'number')
    out.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum * 20 + 10 }).map(String));
  if (typeof schema?.minimum === 'number')
    out.push(fc.integer({ min: schema.minimum - 1000, max: schema.minimum - 1 }).map(String));
  if (typeof schema?.maxLength === 'number') out.push(fc.constant('z'.repeat(Math.min(schema.maxLength + 1, 5000))));
  return fc.oneof(...out);
}

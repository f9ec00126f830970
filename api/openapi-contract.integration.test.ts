import { randomInt } from 'node:crypto';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, type Permission } from '../domain/permissions';
import type { RoleGrant } from '../domain/roles';
import { insertNotification } from './notifications/notifications.repository';
import { MAX_PATH_PARAM_LENGTH, ROUTER_MAX_PARAM_LENGTH } from './shared/schemas';
import { insertStoredFile } from './shared/stored-files.repository';
import { startAppWithWorker, type AppWithWorker } from './test-support/app-with-worker';
import { makePdf, multipartPayload, seedForm } from './test-support/forms';
import {
  emptyKnownValues,
  harvest,
  invalid,
  invalidText,
  valid,
  type KnownValues,
  type Schema,
} from './test-support/openapi-arbitraries';
import { seedPacketRows } from './test-support/packets';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from './test-support/seed-school';
import { academicStartYear, testToday } from '../scripts/test-harness/test-clock';

/** The current academic year is the one holding today. */
const thisYear = academicStartYear(testToday());

/**
 * The API answers as its OpenAPI document says. Every operation of the live document (GET /api/docs/json) is called
 * with inputs generated from its own schemas — valid ones and ones that break a path, query or body rule — by a
 * signed-in caller that holds the route's permission and anonymously. No answer may be a 5xx, and each status,
 * content type and JSON body must be one the document lists for that operation (bodies checked with Ajv against
 * the documented schema). Ids seen in earlier answers are offered as inputs, so generated calls reach real records.
 *
 * OPENAPI_RUNS (default 4) scales the number of generated calls per operation; OPENAPI_SEED fixes fast-check's seed
 * (each failure prints the one it ran with); OPENAPI_UNREACHED=1 lists the operations that never answered 2xx;
 * OPENAPI_ONLY=<text> walks only the operations whose `METHOD /path` contains it (a feature's routes in seconds).
 */

const RUNS = Number(process.env.OPENAPI_RUNS ?? 4);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  key: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}

interface Caller {
  label: string;
  /** Sees every school (an operator). */
  crossSchool?: boolean;
  user: SeededUser;
  permissions: Set<Permission>;
}

interface Input {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body?: { payload: string | Buffer; contentType: string };
  /** What was broken, for the failure message. */
  broke?: string;
}

let t: AppWithWorker;
let document: {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path' | 'key'>>>;
  components?: { schemas?: Record<string, Schema> };
};
let callers: Caller[];
let ourSchool: { id: string; tag: string };
let pdf: Buffer;
const known: KnownValues = emptyKnownValues();
const ownIds = new Set<string>();
const failures: string[] = [];
/** How often each status was answered, and which operations answered 2xx at least once (printed as a summary). */
const statuses = new Map<number, number>();
const succeeded = new Set<string>();

async function seedFixtures(): Promise<Caller[]> {
  const db = t.database.db;
  const school = await seedSchool(db, { plan: 'CONNECT' });
  ourSchool = school;
  const team = await db
    .insertInto('sport_teams')
    .values({ school_id: school.id, name: `Team ${school.tag}`, sport: 'Soccer' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const year = await db
    .insertInto('academic_years')
    .values({ school_id: school.id, start_year: thisYear, end_year: thisYear + 1, is_current: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('academic_terms')
    .values({
      school_id: school.id,
      academic_year_id: year.id,
      term: 'FALL',
      start_date: `${thisYear}-08-20`,
      end_date: `${thisYear}-12-15`,
    })
    .execute();
  const adminGrants: RoleGrant[] = [{ role: 'SCHOOL_ADMIN', compliance: true }];
  const admin = await seedUser(db, school.id, { roles: adminGrants });
  const athleteGrants: RoleGrant[] = [{ role: 'STUDENT_ATHLETE' }];
  const athlete = await seedUser(db, school.id, { roles: athleteGrants, sportTeamId: team.id });
  // People the generated calls may edit, deactivate or name: never the callers themselves.
  const otherAthlete = await seedUser(db, school.id, { roles: athleteGrants, sportTeamId: team.id });
  await seedUser(db, school.id, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: team.id,
  });
  await insertNotification(db, {
    schoolId: school.id,
    userId: admin.id,
    payload: { module: 'roster', status: 'init', title: 'Seeded' },
  });
  const form = await seedForm(db, school.id, admin.id, { kind: 'PDF', pdf: true });
  await seedForm(db, school.id, admin.id, { published: true });
  await seedPacketRows(db, school.id, admin.id, form.formId, otherAthlete.id);
  const disclosure = await db
    .insertInto('disclosures')
    .values({
      school_id: school.id,
      athlete_user_id: athlete.id,
      type: 'SPONSORSHIP',
      company_name: 'Seeded',
      status: 'PENDING',
      submitted_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const file = await insertStoredFile(db, school.id, {
    uploadedBy: athlete.id,
    purpose: 'disclosure-attachment',
    filename: 'contract.pdf',
    contentType: 'application/pdf',
    bytes: pdf,
  });
  await db
    .updateTable('disclosures')
    .set({
      attachments: JSON.stringify([
        { fileId: file.id, name: file.filename, size: file.sizeBytes, contentType: 'application/pdf' },
      ]),
    })
    .where('id', '=', disclosure.id)
    .execute();
  await db
    .insertInto('conflict_flags')
    .values({ school_id: school.id, name: 'Seeded flag', type: 'UNIVERSITY', category: 'Sponsor' })
    .execute();
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  const operatorGrants: RoleGrant[] = [{ role: 'OPERATOR' }];
  const operator = await seedUser(db, provider.id, { roles: operatorGrants });
  for (const user of [admin, athlete, operator]) ownIds.add(user.id);
  return [
    { label: 'school admin', user: admin, permissions: permissionsFor(adminGrants) },
    { label: 'athlete', user: athlete, permissions: permissionsFor(athleteGrants) },
    { label: 'operator', user: operator, permissions: permissionsFor(operatorGrants), crossSchool: true },
  ];
}

beforeAll(async () => {
  pdf = await makePdf();
  t = await startAppWithWorker('openapi-contract');
  callers = await seedFixtures();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
}, 180_000);
afterAll(async () => t?.close());

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op)
        out.push({ ...op, method, path, key: `${method.toUpperCase()} ${path}`, parameters: op.parameters ?? [] });
    }
  }
  return out;
}

/** The permission a route requires, from the server's own route registry. */
function permissionOf(op: Operation): Permission | null {
  const url = op.path.replace(/\{(\w+)\}/g, ':$1');
  const route = t.app.registeredRoutes.find((r) => r.url === url && r.method === op.method.toUpperCase());
  return route?.access?.kind === 'permission' ? route.access.permission : null;
}

// ---- checking an answer against the document ----

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addFormat('binary', true);
const validators = new Map<string, ValidateFunction>();

/** The documented schema in plain JSON Schema: `$ref`s to components inlined, `nullable` as a union with null. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.replace('#/components/schemas/', '');
    return toJsonSchema(document.components?.schemas?.[name]);
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) if (k !== 'nullable') out[k] = toJsonSchema(v);
  return s.nullable ? { anyOf: [out, { type: 'null' }] } : out;
}

function validatorFor(key: string, schema: Schema): ValidateFunction {
  let v = validators.get(key);
  if (!v) validators.set(key, (v = ajv.compile(toJsonSchema(schema) as Schema)));
  return v;
}

function mediaType(header: unknown): string {
  return String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

function checkAnswer(op: Operation, res: Awaited<ReturnType<AppWithWorker['app']['inject']>>): string[] {
  const status = String(res.statusCode);
  if (res.statusCode >= 500) return [`answered ${status}: ${res.body.slice(0, 300)}`];
  const documented = op.responses[status] ?? op.responses.default;
  if (!documented)
    return [
      `answered ${status}, which is not documented (${Object.keys(op.responses).join(', ')}): ${res.body.slice(0, 300)}`,
    ];
  const type = mediaType(res.headers['content-type']);
  const content = documented.content;
  if (!content)
    return res.rawPayload.length === 0 ? [] : [`answered ${status} with a ${type} body, documented without content`];
  const media = content[type] ?? content[`${type.split('/')[0]}/*`] ?? content['*/*'];
  if (!media)
    return [`answered ${status} as ${type || 'no content type'}, documented as ${Object.keys(content).join(', ')}`];
  if (type !== 'application/json' || !media.schema) return [];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return [`answered ${status} with a body that is not JSON`];
  }
  const validate = validatorFor(`${op.key} ${status} ${type}`, media.schema);
  if (validate(body)) return [];
  const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  return [`answered ${status} with a body that breaks its schema: ${errors.join('; ')} — ${res.body.slice(0, 300)}`];
}

// ---- what the document says of an input ----

/** Parameters arrive as text and are read with coercion ("5" is 5), as the server reads them; bodies as sent. */
const textAjv = new Ajv({ strict: false, coerceTypes: 'array', validateFormats: true });
addFormats(textAjv);
const inputValidators = new Map<string, ValidateFunction>();

function inputValidatorFor(key: string, schema: Schema, coerce: boolean): ValidateFunction {
  let v = inputValidators.get(key);
  if (!v) inputValidators.set(key, (v = (coerce ? textAjv : ajv).compile(toJsonSchema(schema) as Schema)));
  return v;
}

/** The text a parameter value travels as (what urlOf writes), back as the one value or the list the server reads. */
function asSent(value: unknown): unknown {
  const text = (item: unknown) => (typeof item === 'object' ? JSON.stringify(item) : String(item));
  return Array.isArray(value) ? value.map(text) : text(value);
}

/**
 * Why the document calls this input invalid (a parameter or the body breaks its schema, a required part is missing,
 * the JSON is malformed, the content type is not one it reads), or null when the document calls it valid.
 */
function documentRefuses(op: Operation, input: Input): { why: string; status: number } | null {
  for (const p of op.parameters.filter((p) => p.in === 'path' || p.in === 'query')) {
    const raw = input[p.in as 'path' | 'query'][p.name];
    if (raw === undefined) {
      if (p.required) return { why: `${p.in} ${p.name} missing`, status: 400 };
      continue;
    }
    if (!p.schema) continue;
    const holder = { value: asSent(raw) };
    const schema = { type: 'object', properties: { value: p.schema } };
    if (!inputValidatorFor(`${op.key} ${p.in} ${p.name}`, schema, true)(holder))
      return { why: `${p.in} ${p.name} breaks its schema`, status: 400 };
  }
  const content = op.requestBody?.content ?? {};
  if (!input.body) return op.requestBody?.required ? { why: 'no body', status: 400 } : null;
  const type = mediaType(input.body.contentType);
  if (Object.keys(content).length && !content[type]) return { why: `content type ${type}`, status: 415 };
  const schema = content[type]?.schema;
  if (type !== 'application/json' || !schema) return null;
  let body: unknown;
  try {
    body = JSON.parse(String(input.body.payload));
  } catch {
    return { why: 'malformed JSON', status: 400 };
  }
  return inputValidatorFor(`${op.key} body`, schema, false)(body)
    ? null
    : { why: 'body breaks its schema', status: 400 };
}

/** Refusals that need no statement of their own: an id that is not in the caller's school, too many requests. */
const SELF_EVIDENT_CODES = new Set(['NOT_FOUND', 'RATE_LIMITED']);

/** Whether the operation states the rule behind this refusal: its code in the operation's summary or description. */
function statesRule(op: Operation, code: string): boolean {
  if (SELF_EVIDENT_CODES.has(code)) return true;
  const said = op as Operation & { summary?: string; description?: string };
  return `${said.summary ?? ''} ${said.description ?? ''}`.includes(code);
}

/** Valid requests refused for a rule the operation does not state: `op status code`, with one example each. */
const unstatedRefusals = new Map<string, string>();

// ---- generating inputs from the document ----

function jsonBodySchema(op: Operation): Schema | undefined {
  return op.requestBody?.content['application/json']?.schema;
}

function isMultipart(op: Operation): boolean {
  return Boolean(op.requestBody?.content['multipart/form-data']);
}

/** The feature an operation belongs to: `teams` for /api/v1/teams/{id}. */
function resourceOf(op: Operation): string {
  return op.path.split('/')[3] ?? '';
}

function validInput(op: Operation): fc.Arbitrary<Input> {
  const path = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.record(
    Object.fromEntries(path.map((p) => [p.name, valid(p.schema, known, `${resourceOf(op)}:${p.name}`).map(String)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryArb = fc.record(Object.fromEntries(query.map((p) => [p.name, valid(p.schema, known, p.name)])), {
    requiredKeys: query.filter((p) => p.required).map((p) => p.name),
  });
  const bodySchema = jsonBodySchema(op);
  let bodyArb: fc.Arbitrary<Input['body']> = fc.constant(undefined);
  if (bodySchema) {
    const json = valid(bodySchema, known).map((b) => ({ payload: JSON.stringify(b), contentType: 'application/json' }));
    bodyArb = op.requestBody?.required === false ? fc.option(json, { nil: undefined }) : json;
  } else if (isMultipart(op)) {
    bodyArb = fc
      .constant(multipartPayload({ filename: 'contract.pdf', contentType: 'application/pdf', bytes: pdf }))
      .map((m) => ({
        payload: m.payload,
        contentType: m.headers['content-type']!,
      }));
  }
  return fc
    .record({ path: pathArb, query: queryArb, body: bodyArb })
    .map((i) => (i.body ? i : { path: i.path, query: i.query }));
}

/** A valid input with one thing broken: a path or query parameter, the body's type, JSON, a property. */
function invalidInput(op: Operation): fc.Arbitrary<Input> {
  const breakers: fc.Arbitrary<(input: Input) => Input>[] = [];
  for (const p of op.parameters.filter((p) => p.in === 'path' || p.in === 'query')) {
    breakers.push(
      invalidText(p.schema).map((text) => (input: Input) => ({
        ...input,
        [p.in]: { ...input[p.in as 'path' | 'query'], [p.name]: text },
        broke: `${p.in} ${p.name}=${text.slice(0, 40)}`,
      })),
    );
  }
  const bodySchema = jsonBodySchema(op);
  if (op.requestBody || ['post', 'put', 'patch'].includes(op.method)) {
    const json = (payload: string, broke: string) => (input: Input) => ({
      ...input,
      body: { payload, contentType: 'application/json' },
      broke,
    });
    breakers.push(
      fc.constantFrom('{"name": "x",', '[', '"', 'nul').map((text) => json(text, `malformed JSON ${text}`)),
    );
    breakers.push(
      fc
        .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded')
        .map((type) => (input: Input) => ({
          ...input,
          body: { payload: 'name=x', contentType: type },
          broke: `content type ${type}`,
        })),
    );
    breakers.push(
      invalid(bodySchema).map((value) => json(JSON.stringify(value), `body ${JSON.stringify(value).slice(0, 40)}`)),
    );
  }
  const properties = (bodySchema?.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  if (names.length) {
    breakers.push(
      fc.constantFrom(...names).chain((name) =>
        invalid(properties[name]).map((value) => (input: Input) => {
          const body = input.body ? (JSON.parse(input.body.payload as string) as Record<string, unknown>) : {};
          body[name] = value;
          return {
            ...input,
            body: { payload: JSON.stringify(body), contentType: 'application/json' },
            broke: `body.${name}=${JSON.stringify(value).slice(0, 40)}`,
          };
        }),
      ),
    );
    const required = (bodySchema?.required ?? []) as string[];
    if (required.length) {
      breakers.push(
        fc.constantFrom(...required).map((name) => (input: Input) => {
          const body = input.body ? (JSON.parse(input.body.payload as string) as Record<string, unknown>) : {};
          delete body[name];
          return {
            ...input,
            body: { payload: JSON.stringify(body), contentType: 'application/json' },
            broke: `without body.${name}`,
          };
        }),
      );
    }
  }
  if (!breakers.length) return validInput(op).map((i) => ({ ...i, broke: 'nothing to break' }));
  return fc.tuple(validInput(op), fc.oneof(...breakers)).map(([input, breakIt]) => breakIt(input));
}

/**
 * "." and ".." cannot be sent as a path segment: URL normalisation removes them (encoded or not), so the request
 * would address another path altogether. They become "..." (still not an id), which reaches the operation itself.
 */
function pathSegment(value: string): string {
  return value === '.' || value === '..' ? '...' : encodeURIComponent(value);
}

function urlOf(op: Operation, input: Input): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathSegment(input.path[name] ?? ''));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      search.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Other test files share the database and the Temporal server, and operators see every school. So what an operator
 * reads (every school's ids) and the dev mailbox (every mail) are not fed back into inputs: an operator's generated
 * calls reach only this file's school and what the operator itself created.
 */
function mayHarvest(op: Operation, caller: Caller | null): boolean {
  if (op.path.startsWith('/api/v1/dev/')) return false;
  return !(caller?.crossSchool && op.method === 'get');
}

/**
 * Template (un)assignment takes school ids or a filter, where an empty filter means every school — other test files'
 * schools too. Their generated bodies name only this file's school (ids kept if ours, the filter narrowed to its tag).
 * Only inputs the document calls valid are narrowed: an invalid one is refused before any school is touched, and
 * narrowing it would replace the very part that breaks the schema (`{"filter":-1}` became a valid filter, then 404).
 */
function keepToOurSchool(op: Operation, input: Input): Input {
  if (!/^\/api\/v1\/templates\/\{id\}\/(un)?assignments$/.test(op.path) || !input.body) return input;
  if (documentRefuses(op, input)) return input;
  let body: unknown;
  try {
    body = JSON.parse(String(input.body.payload));
  } catch {
    return input;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return input;
  const b = body as { schoolIds?: unknown; filter?: unknown };
  if (Array.isArray(b.schoolIds)) b.schoolIds = b.schoolIds.filter((id) => id === ourSchool.id);
  else b.filter = { q: ourSchool.tag };
  return { ...input, body: { ...input.body, payload: JSON.stringify(b) } };
}

async function call(op: Operation, generated: Input, caller: Caller | null) {
  const input = keepToOurSchool(op, generated);
  const headers: Record<string, string> = {};
  // A fresh session per call: a generated logout or password change must not end the next call's session.
  if (caller) headers.cookie = await sessionCookie(t.database.db, caller.user);
  if (input.body) headers['content-type'] = input.body.contentType;
  return t.app.inject({
    method: op.method.toUpperCase() as 'GET',
    url: urlOf(op, input),
    headers,
    ...(input.body ? { payload: input.body.payload } : {}),
    // Each call from its own address, so the per-address rate limits do not answer everything with 429.
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
}

/**
 * Both directions, for a caller who holds the operation's permission. A request the document calls invalid is
 * refused as the document says (400, or 415 for a content type it does not read; 413 and 414 for the size limits);
 * a request it calls valid is accepted, or refused with a status the operation lists and a code it states
 * (collected in `unstatedRefusals`, failing under OPENAPI_STRICT=1).
 */
function checkDirection(
  op: Operation,
  input: Input,
  res: Awaited<ReturnType<AppWithWorker['app']['inject']>>,
): string[] {
  // A body sent to an operation documented without one: the document does not speak of it (those routes ignore it).
  if (!op.requestBody && input.body) return [];
  const refused = documentRefuses(op, input);
  const code = res.statusCode >= 400 ? (safeJson(res.body) as { error?: { code?: string } })?.error?.code : undefined;
  // Plan and role gates run before the input is read, so they answer before any verdict on it.
  if (code === 'PLAN_REQUIRED' || code === 'FORBIDDEN') return [];
  if (refused) {
    const expected = [refused.status, 413, 414];
    return expected.includes(res.statusCode)
      ? []
      : [`the document calls this input invalid (${refused.why}), yet it was answered ${res.statusCode}`];
  }
  if (res.statusCode >= 400 && code && !statesRule(op, code)) {
    const key = `${op.key} ${res.statusCode} ${code}`;
    if (!unstatedRefusals.has(key))
      unstatedRefusals.set(key, `${urlOf(op, input)} ${String(input.body?.payload ?? '').slice(0, 120)}`);
  }
  return [];
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function walk(op: Operation, caller: Caller | null, kind: 'valid' | 'invalid', numRuns: number): Promise<void> {
  const arbitrary = kind === 'valid' ? validInput(op) : invalidInput(op);
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (input) => {
      const res = await call(op, input, caller);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode < 300) succeeded.add(op.key);
      const problems = checkAnswer(op, res);
      if (caller && res.statusCode !== 401 && res.statusCode !== 429) problems.push(...checkDirection(op, input, res));
      if (
        res.statusCode < 300 &&
        mediaType(res.headers['content-type']) === 'application/json' &&
        mayHarvest(op, caller)
      ) {
        harvest(JSON.parse(res.body), known, ownIds, resourceOf(op));
      }
      if (problems.length) throw new Error(problems.join('\n'));
    }),
    { numRuns, endOnFailure: true, seed: Number(process.env.OPENAPI_SEED ?? Date.now() % 2 ** 31) },
  );
  if (result.failed) {
    const input = result.counterexample?.[0] as Input | undefined;
    const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    failures.push(
      `${op.key} as ${caller?.label ?? 'anonymous'}, ${kind} input${input?.broke ? ` (${input.broke})` : ''} ` +
        `${input ? urlOf(op, input) : ''} ${input?.body ? String(input.body.payload).slice(0, 200) : ''} (seed ${result.seed}):\n  ${error}`,
    );
  }
}

/** Reads first (their answers name the records later calls aim at), then changes, then deletions. */
function inOrder(ops: Operation[]): Operation[] {
  const rank = (op: Operation) => ({ get: 0, post: 1, put: 1, patch: 1, delete: 2 })[op.method];
  return [...ops].sort((a, b) => rank(a) - rank(b));
}

function callerFor(op: Operation): Caller | null {
  const permission = permissionOf(op);
  return permission ? (callers.find((c) => c.permissions.has(permission)) ?? null) : callers[0]!;
}

/**
 * Reads every list once without filters (generated filters mostly match nothing), then each read by id with the
 * first id known for it, twice over, so the generated calls afterwards have the fixtures' ids to aim at.
 */
async function discover(ops: Operation[]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const op of ops.filter((o) => o.method === 'get')) {
      const path = op.parameters.filter((p) => p.in === 'path');
      if ((round === 0) !== (path.length === 0)) continue;
      const values = path.map((p) => {
        const own = known.byName.get(`${resourceOf(op)}:${p.name}`) ?? known.byName.get(p.name);
        return [...(own ?? [])][round === 2 ? 1 : 0];
      });
      if (values.some((v) => v === undefined)) continue;
      const caller = callerFor(op);
      const input = { path: Object.fromEntries(path.map((p, i) => [p.name, values[i]!])), query: {} };
      const res = await call(op, input, caller);
      if (
        res.statusCode < 300 &&
        mediaType(res.headers['content-type']) === 'application/json' &&
        mayHarvest(op, caller)
      ) {
        harvest(JSON.parse(res.body), known, ownIds, resourceOf(op));
      }
    }
  }
}

describe('the OpenAPI document', () => {
  it('declares the session cookie as a security scheme, one shared error schema, and no cookie parameters', () => {
    expect(document.components?.schemas?.ErrorBody).toBeDefined();
    expect((document as unknown as { components: { securitySchemes: unknown } }).components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'sid' },
    });
    for (const op of operations().filter((o) => o.path.startsWith('/api/v1/'))) {
      expect(
        op.parameters.filter((p) => p.in === 'cookie' || p.in === 'header'),
        op.key,
      ).toEqual([]);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) >= 400)
          expect(answer.content?.['application/json']?.schema, `${op.key} ${status}`).toEqual({
            $ref: '#/components/schemas/ErrorBody',
          });
      }
      if (permissionOf(op)) expect(op.security, op.key).toEqual([{ session: [] }]);
      // A path parameter the document allows is one the router takes (so the answer is never a surprise 414).
      for (const p of op.parameters.filter((p) => p.in === 'path')) {
        const schema = p.schema ?? {};
        // A uuid, an enum and a bounded integer are short by their own rule.
        if (schema.format === 'uuid' || Array.isArray(schema.enum)) continue;
        if (schema.type === 'integer' && typeof schema.maximum === 'number') continue;
        expect(schema.maxLength, `${op.key} path ${p.name}`).toBeLessThanOrEqual(MAX_PATH_PARAM_LENGTH);
      }
    }
  });

  it('gives every answer a real schema: no response allows any property it does not name', () => {
    // Every answer is closed: the form definition has its own closed schema, and no route answers `Loose` any more.
    const open: string[] = [];
    const visit = (schema: unknown, where: string, seen: Set<unknown>): void => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      const s = schema as Schema;
      if (s.additionalProperties === true) open.push(where);
      if (typeof s.$ref === 'string') visit(document.components?.schemas?.[s.$ref.split('/').pop()!], where, seen);
      for (const value of Object.values(s)) visit(value, where, seen);
    };
    for (const op of operations()) {
      for (const [status, answer] of Object.entries(op.responses)) {
        for (const media of Object.values(answer.content ?? {})) visit(media.schema, `${op.key} ${status}`, new Set());
      }
    }
    expect(open).toEqual([]);
  });

  it('says what every operation answers to generated valid and invalid input, signed in and anonymous', async () => {
    const started = Date.now();
    const only = process.env.OPENAPI_ONLY;
    const ops = inOrder(operations()).filter((o) => !only || o.key.includes(only));
    await discover(ops);
    const durations: [string, number][] = [];
    for (const op of ops) {
      const opStarted = Date.now();
      const caller = callerFor(op);
      await walk(op, null, 'valid', Math.max(1, Math.ceil(RUNS / 3)));
      await walk(op, null, 'invalid', Math.max(1, Math.ceil(RUNS / 3)));
      if (caller) {
        await walk(op, caller, 'valid', RUNS * 2);
        await walk(op, caller, 'invalid', RUNS);
      }
      durations.push([op.key, Date.now() - opStarted]);
    }
    const slowest = durations.sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.info(`slowest: ${slowest.map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    const calls = [...statuses.values()].reduce((a, b) => a + b, 0);
    const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.info(
      `openapi contract: ${ops.length} operations, ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${succeeded.size} answered 2xx at least once; statuses ${seen.join(' ')}`,
    );
    if (process.env.OPENAPI_UNREACHED)
      console.info(
        ops
          .filter((o) => !succeeded.has(o.key))
          .map((o) => o.key)
          .join('\n'),
      );
    if (unstatedRefusals.size)
      console.info(
        `valid requests refused for a rule the operation does not state (${unstatedRefusals.size}):\n` +
          [...unstatedRefusals].map(([key, example]) => `  ${key}  e.g. ${example}`).join('\n'),
      );
    expect(failures).toEqual([]);
    if (process.env.OPENAPI_STRICT === '1') expect([...unstatedRefusals.keys()]).toEqual([]);
  }, 900_000);
});

/** A document path (`/api/v1/teams/{id}`) as a regular expression over request paths. */
function templatePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

describe('methods the document does not declare', () => {
  it('are answered 405 with an Allow header naming the documented methods of the path', async () => {
    const ops = operations().filter((op) => op.path.startsWith('/api/v1/'));
    const byPath = new Map<string, Set<string>>();
    for (const op of ops) byPath.set(op.path, (byPath.get(op.path) ?? new Set()).add(op.method.toUpperCase()));
    const wrong: string[] = [];
    for (const [path, declared] of byPath) {
      const op = ops.find((o) => o.path === path)!;
      const [input] = fc.sample(validInput(op), { numRuns: 1, seed: 1 });
      const url = urlOf(op, { ...input!, query: {} });
      const bare = url.split('?')[0]!;
      // Methods of every documented path this URL also matches (`/teams/export.csv` is also `/teams/{id}`).
      const routed = new Set<string>();
      for (const [other, methods] of byPath)
        if (templatePattern(other).test(bare)) methods.forEach((m) => routed.add(m));
      const allow = [...routed, ...(routed.has('GET') ? ['HEAD'] : [])].sort().join(', ');
      for (const method of ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'] as const) {
        if (routed.has(method)) continue;
        const caller = callerFor(op);
        const headers: Record<string, string> = caller
          ? { cookie: await sessionCookie(t.database.db, caller.user) }
          : {};
        const res = await t.app.inject({
          method,
          url,
          headers,
          remoteAddress: `10.9.${randomInt(256)}.${randomInt(1, 255)}`,
        });
        const problems = [
          res.statusCode === 405 ? null : `answered ${res.statusCode}`,
          res.headers.allow === allow ? null : `Allow ${String(res.headers.allow)} (documented: ${allow})`,
        ].filter(Boolean);
        if (problems.length)
          wrong.push(`${method} ${url} [${[...declared].join(' ')}]: ${problems.join('; ')} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

describe('answers the review found undocumented', () => {
  it('are documented: 409 on folder rename and packet filing, 414 on console actions, 400 on bad ids and limits', () => {
    const statuses = (key: string) => Object.keys(operations().find((op) => op.key === key)?.responses ?? {});
    expect(statuses('PATCH /api/v1/packet-folders/{id}')).toContain('409');
    expect(statuses('PUT /api/v1/packets/{id}/folder')).toContain('409');
    expect(statuses('POST /api/v1/operator-console/workflows/{workflowId}/retry')).toContain('414');
    expect(statuses('GET /api/v1/dev/mailbox')).toContain('400');
    expect(statuses('GET /api/v1/sent-packets/{id}/send-progress')).toContain('400');
    const csv = operations().find((op) => op.key === 'GET /api/v1/disclosures/export.csv');
    expect(Object.keys(csv?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    const clone = operations().find((op) => op.key === 'POST /api/v1/forms/{id}/clone');
    expect(clone?.requestBody?.required).toBe(false);
  });

  it('and the server gives them as documented', async () => {
    const mailbox = await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox?limit=6389' });
    expect(mailbox.statusCode).toBe(400);
    const cookie = await sessionCookie(t.database.db, callers[0]!.user);
    const progress = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sent-packets/not-an-id/send-progress',
      headers: { cookie },
    });
    expect(progress.statusCode).toBe(400);
    const long = await t.app.inject({
      method: 'POST',
      url: `/api/v1/operator-console/workflows/${'w'.repeat(ROUTER_MAX_PARAM_LENGTH + 1)}/retry`,
      payload: {},
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});

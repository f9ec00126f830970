/**
 * Validators of element answer schemas, shared by every form version. Ajv's cost grows with the code it generates,
 * so instead of one schema with hundreds of properties, each distinct element schema (same type and settings → same
 * schema) is compiled once, process-wide, and reused by every version that has it: a new version of a form compiles
 * only its changed elements. The cache is a bounded LRU.
 *
 * Two kinds: Ajv's compiled code (the default: the API and the workflows) or the eval-free interpreter
 * (interpret-answer-schema.ts) for the browser, whose Content-Security-Policy forbids `new Function`. Both report
 * the first error in the same form, so the same answers get the same messages.
 */
import { createAjv, type AjvInstance } from './create-ajv';
import type { JsonSchema } from './element-answer-schema';
import { toCanonicalJson } from './hash-version';
import { interpretAnswerSchema, type SchemaError } from './interpret-answer-schema';

/** The first error of an answer against its element's schema, or null when it is valid. */
export type ElementValidator = (value: unknown) => SchemaError | null;

export type ElementValidatorKind = 'compiled' | 'interpreted';

const CACHE_SIZE = 4000;
/**
 * Ajv keeps every schema it compiled (and the values its code refers to) for the life of the instance, so a long
 * running server would grow without bound; after this many compiles a fresh instance takes over. Validators made
 * by the old one keep working and are collected with it once no cached form uses them.
 */
const COMPILES_PER_INSTANCE = 2 * CACHE_SIZE;

let ajv: AjvInstance | undefined;
let compilesOnInstance = 0;
let kind: ElementValidatorKind = 'compiled';
const validators = new Map<string, ElementValidator>();

function getAjv(): AjvInstance {
  if (!ajv || compilesOnInstance >= COMPILES_PER_INSTANCE) {
    // One error per element is shown, so Ajv stops at the first (allErrors off) and skips its English messages.
    ajv = createAjv({ messages: false, allErrors: false, trusted: true });
    compilesOnInstance = 0;
  }
  compilesOnInstance++;
  return ajv;
}

/** The first error as Ajv reports it (an answer is checked against one element's schema with allErrors off). */
const NO_DETAIL: SchemaError = { keyword: 'false schema', instancePath: '', params: {} };

function compile(schema: JsonSchema): ElementValidator {
  if (kind === 'interpreted') return interpretAnswerSchema(schema);
  const validate = getAjv().compile(schema);
  return (value) => (validate(value) ? null : (validate.errors?.[0] ?? NO_DETAIL));
}

/** Chooses compiled (Ajv) or interpreted (eval-free) validators; cached validators of the other kind are dropped. */
export function setElementValidatorKind(next: ElementValidatorKind): void {
  if (next === kind) return;
  kind = next;
  clearElementValidators();
}

export function getElementValidatorKind(): ElementValidatorKind {
  return kind;
}

export function getElementValidator(schema: JsonSchema): ElementValidator {
  const key = toCanonicalJson(schema);
  const cached = validators.get(key);
  if (cached) {
    validators.delete(key);
    validators.set(key, cached);
    return cached;
  }
  const validate = compile(schema);
  validators.set(key, validate);
  if (validators.size > CACHE_SIZE) validators.delete(validators.keys().next().value as string);
  return validate;
}

export function getElementValidatorCacheSize(): number {
  return validators.size;
}

/** Forgets every compiled element validator (tests and the cold-compile benchmark). */
export function clearElementValidators(): void {
  validators.clear();
  ajv = undefined;
}
